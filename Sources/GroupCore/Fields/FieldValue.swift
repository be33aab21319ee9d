/// A scalar value, a set key, a map key or a map value: text or bytes.
public enum FieldValue: Hashable, Comparable, Sendable, CustomStringConvertible {
    case string(String)
    case bytes([UInt8])

    public var kind: ValueKind {
        switch self {
        case .string: .string
        case .bytes: .bytes
        }
    }

    /// The size the limits count: UTF-8 bytes for text.
    public var byteCount: Int {
        switch self {
        case let .string(text): text.utf8.count
        case let .bytes(bytes): bytes.count
        }
    }

    /// Text before bytes, then byte order: a total order, so that every listing is stable.
    public static func < (lhs: FieldValue, rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): UTF8Order.precedes(a, b)
        case let (.bytes(a), .bytes(b)): a.lexicographicallyPrecedes(b)
        case (.string, .bytes): true
        case (.bytes, .string): false
        }
    }

    public var description: String {
        switch self {
        case let .string(text): text.debugDescription
        case let .bytes(bytes): "\(bytes.count) bytes"
        }
    }
}
