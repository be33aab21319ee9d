/// How a change names a field: by name or by component ID, looked up in the committed registry.
public enum FieldReference: Hashable, Sendable, CustomStringConvertible {
    case id(ComponentID)
    case name(String)

    public var description: String {
        switch self {
        case let .id(id): id.hex
        case let .name(name): name
        }
    }
}

/// A field `registerFields` names: the full descriptor the configuration gave when the commit
/// was made, or just the name when the configuration knew none, for the reducer to refuse.
public enum FieldRegistration: Hashable, Sendable {
    case descriptor(FieldDescriptor)
    case unknown(name: String)
}

/// A typed change to one field (SPEC section 11).
public enum FieldMutation: Hashable, Sendable {
    /// Sets a scalar; nil unsets it.
    case replace(FieldValue?)
    /// Inserts, updates or deletes one map entry; `value` is nil for a delete.
    case mapDelta(FieldOperation, key: FieldValue, value: FieldValue?)
    /// Inserts or deletes one set key (`.update` is not a set operation).
    case setDelta(FieldOperation, key: FieldValue)

    /// The mutation's name in fixtures: `replace`, `mapDelta`, `setDelta`.
    public var kind: String {
        switch self {
        case .replace: "replace"
        case .mapDelta: "mapDelta"
        case .setDelta: "setDelta"
        }
    }
}

/// One entry of `updateUserData`: the actor's own value in a user field; nil removes it.
public struct UserFieldUpdate: Hashable, Sendable {
    public let field: FieldReference
    public let value: FieldValue?

    public init(field: FieldReference, value: FieldValue?) {
        self.field = field
        self.value = value
    }
}
