/// Rows for `COPY ... FROM STDIN (FORMAT binary)`, encoded as they are added in PostgreSQL's
/// binary copy format: the signature and an empty header, then for each row its field count and
/// each field's length (-1 for NULL) and bytes, in the binary send format of its column's type;
/// `data` ends with the trailer. The fields are `PGParameter`s, sent as `execute` sends them:
/// UTF-8 text, raw bytes, big-endian integers.
struct PGCopyRows {
    /// "PGCOPY\n\377\r\n\0", then 32 bits of flags and 32 bits of header extension length, all zero.
    private static let header: [UInt8] = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00] + [0, 0, 0, 0] + [0, 0, 0, 0]
    /// A field count of -1.
    private static let trailer: [UInt8] = [0xFF, 0xFF]

    /// The fields of every row: the columns the COPY statement names, in its order.
    let columns: Int
    private(set) var count = 0
    private var encoded: [UInt8] = Self.header

    init(columns: Int) {
        // Cannot fail from input: the column count is a constant of each COPY statement in this
        // module, and a wrong one would write rows the server misreads.
        precondition(columns > 0 && columns <= Int(Int16.max), "a row has 1 to 32,767 fields")
        self.columns = columns
    }

    var isEmpty: Bool { count == 0 }

    /// The whole copy data, trailer included.
    var data: [UInt8] { encoded + Self.trailer }

    /// Adds one row of `columns` fields.
    mutating func append(_ fields: PGParameter...) {
        // Cannot fail from input: each caller appends the fields its COPY statement names.
        precondition(fields.count == columns, "a row of \(fields.count) fields for \(columns) columns")
        appendBigEndian(UInt16(columns), bytes: 2)
        for field in fields {
            switch field {
            case let .text(text): appendField(text.utf8)
            case let .bytes(bytes): appendField(bytes)
            case let .int64(value):
                appendBigEndian(8, bytes: 4)
                appendBigEndian(UInt64(bitPattern: value), bytes: 8)
            case .textArray, .int64Array, .bytesArray, .null:
                guard let bytes = field.wireBytes else {
                    appendBigEndian(UInt32(bitPattern: -1), bytes: 4)
                    continue
                }
                appendField(bytes)
            }
        }
        count += 1
    }

    private mutating func appendField(_ bytes: some Collection<UInt8>) {
        appendBigEndian(UInt32(bytes.count), bytes: 4)
        encoded.append(contentsOf: bytes)
    }

    private mutating func appendBigEndian(_ value: some FixedWidthInteger, bytes: Int) {
        for index in (0..<bytes).reversed() { encoded.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}
