/// One parameter of a statement, sent apart from the SQL text (`PQexecParams`): nothing of the
/// input is ever spliced into a statement. Bytes and integers go in binary, so a commit's bytes
/// reach the server exactly as encoded.
package enum PGParameter: Sendable, Equatable {
    case text(String)
    case bytes([UInt8])
    case int64(Int64)
    /// A `text[]` of one dimension, for a statement that takes many values at once
    /// (`= ANY($1)`, `unnest($1)`).
    case textArray([String])
    case null

    /// The parameter's type OID (text 25, bytea 17, int8 20), so that the server never guesses
    /// the width of a binary integer; nil lets it infer the type of a NULL.
    var typeOID: UInt32 {
        switch self {
        case .text: 25
        case .bytes: 17
        case .int64: 20
        case .textArray: 1009
        case .null: 0
        }
    }

    /// 1 for binary, 0 for text.
    var format: Int32 {
        switch self {
        case .text, .null: 0
        case .bytes, .int64, .textArray: 1
        }
    }

    /// The wire bytes: UTF-8 text, raw bytes, a big-endian 8-byte integer, or an array in the
    /// binary array format (dimensions, no NULLs, the element type text, then each element's
    /// length and UTF-8 bytes); nil for NULL.
    var wireBytes: [UInt8]? {
        switch self {
        case let .text(text): return Array(text.utf8)
        case let .bytes(bytes): return bytes
        case let .int64(value): return Self.bigEndian(value, bytes: 8)
        case let .textArray(elements):
            var bytes = Self.bigEndian(Int32(elements.isEmpty ? 0 : 1), bytes: 4) + Self.bigEndian(Int32(0), bytes: 4)
                + Self.bigEndian(Int32(25), bytes: 4)
            if !elements.isEmpty { bytes += Self.bigEndian(Int32(elements.count), bytes: 4) + Self.bigEndian(Int32(1), bytes: 4) }
            for element in elements {
                bytes += Self.bigEndian(Int32(element.utf8.count), bytes: 4)
                bytes += element.utf8
            }
            return bytes
        case .null: return nil
        }
    }

    private static func bigEndian(_ value: some FixedWidthInteger, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * (bytes - 1 - $0))) }
    }
}
