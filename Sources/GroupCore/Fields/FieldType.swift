/// What a set key, a map key or a value holds: text or bytes, fixed by the field's descriptor.
public enum ValueKind: String, CaseIterable, Hashable, Sendable {
    case string
    case bytes
}

/// A field's type (SPEC section 11).
public enum FieldType: Hashable, Sendable, CustomStringConvertible {
    /// A scalar holding text.
    case string
    /// A scalar holding bytes.
    case bytes
    /// A set of keys.
    case set(key: ValueKind)
    /// Keys to values.
    case map(key: ValueKind, value: ValueKind)
    /// A map keyed by inbox ID: one value per user. Such a field is a user field.
    case inboxMap(value: ValueKind)
    /// A type this build does not know, kept by name so that a registry written by a newer
    /// build still reads; writing to such a field is `unsupportedType`.
    case unsupported(String)

    /// The name configurations use: `string`, `bytes`, `set`, `map`, `inboxMap`.
    public var name: String {
        switch self {
        case .string: "string"
        case .bytes: "bytes"
        case .set: "set"
        case .map: "map"
        case .inboxMap: "inboxMap"
        case let .unsupported(name): name
        }
    }

    /// Whether the field holds one value per inbox.
    public var isUserField: Bool {
        if case .inboxMap = self { return true }
        return false
    }

    /// Whether the field holds one value rather than a collection.
    public var isScalar: Bool { self == .string || self == .bytes }

    public var description: String {
        switch self {
        case let .set(key): "set of \(key.rawValue)"
        case let .map(key, value): "map of \(key.rawValue) to \(value.rawValue)"
        case let .inboxMap(value): "inboxMap of \(value.rawValue)"
        default: name
        }
    }
}
