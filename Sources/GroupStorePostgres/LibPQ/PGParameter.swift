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
    /// An `int8[]` of one dimension, and a `bytea[]`: with `textArray`, the columns of many rows
    /// sent as one parameter each (`unnest($1::text[], $2::bigint[], $3::bytea[])`).
    case int64Array([Int64])
    case bytesArray([[UInt8]])
    case null

    /// The parameter's type OID (text 25, bytea 17, int8 20, and their arrays), so that the
    /// server never guesses the width of a binary integer; 0 lets it infer the type of a NULL.
    var typeOID: UInt32 {
        switch self {
        case .text: 25
        case .bytes: 17
        case .int64: 20
        case .textArray: 1009
        case .int64Array: 1016
        case .bytesArray: 1001
        case .null: 0
        }
    }

    /// 1 for binary, 0 for text.
    var format: Int32 {
        switch self {
        case .text, .null: 0
        case .bytes, .int64, .textArray, .int64Array, .bytesArray: 1
        }
    }

    /// The wire bytes: UTF-8 text, raw bytes, a big-endian 8-byte integer, or an array in the
    /// binary array format (dimensions, no NULLs, the element type, then each element's length
    /// and bytes in the element type's binary format); nil for NULL.
    var wireBytes: [UInt8]? {
        switch self {
        case let .text(text): return Array(text.utf8)
        case let .bytes(bytes): return bytes
        case let .int64(value): return Self.bigEndian(value, bytes: 8)
        case let .textArray(elements): return Self.array(of: 25, elements.map { Array($0.utf8) })
        case let .int64Array(elements): return Self.array(of: 20, elements.map { Self.bigEndian($0, bytes: 8) })
        case let .bytesArray(elements): return Self.array(of: 17, elements)
        case .null: return nil
        }
    }

    /// A one-dimensional array of `elements` (each already in `type`'s binary format), in the
    /// binary array format; an empty array has no dimensions.
    private static func array(of type: Int32, _ elements: [[UInt8]]) -> [UInt8] {
        var bytes = bigEndian(Int32(elements.isEmpty ? 0 : 1), bytes: 4) + bigEndian(Int32(0), bytes: 4) + bigEndian(type, bytes: 4)
        if !elements.isEmpty { bytes += bigEndian(Int32(elements.count), bytes: 4) + bigEndian(Int32(1), bytes: 4) }
        bytes.reserveCapacity(bytes.count + elements.reduce(0) { $0 + 4 + $1.count })
        for element in elements {
            bytes += bigEndian(Int32(element.count), bytes: 4)
            bytes += element
        }
        return bytes
    }

    private static func bigEndian(_ value: some FixedWidthInteger, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * (bytes - 1 - $0))) }
    }
}
