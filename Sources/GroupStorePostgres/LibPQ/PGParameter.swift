/// One parameter of a statement, sent apart from the SQL text (`PQexecParams`): nothing of the
/// input is ever spliced into a statement. Bytes and integers go in binary, so a commit's bytes
/// reach the server exactly as encoded.
package enum PGParameter: Sendable, Equatable {
    case text(String)
    case bytes([UInt8])
    case int64(Int64)
    case null

    /// The parameter's type OID (text 25, bytea 17, int8 20), so that the server never guesses
    /// the width of a binary integer; nil lets it infer the type of a NULL.
    var typeOID: UInt32 {
        switch self {
        case .text: 25
        case .bytes: 17
        case .int64: 20
        case .null: 0
        }
    }

    /// 1 for binary, 0 for text.
    var format: Int32 {
        switch self {
        case .text, .null: 0
        case .bytes, .int64: 1
        }
    }

    /// The wire bytes: UTF-8 text, raw bytes, or a big-endian 8-byte integer; nil for NULL.
    var wireBytes: [UInt8]? {
        switch self {
        case let .text(text): Array(text.utf8)
        case let .bytes(bytes): bytes
        case let .int64(value): (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
        case .null: nil
        }
    }
}
