/// A typed change to one field, the `operation` of `Group.updateMetadataField(field:operation:)`
/// (XMTP's `ComponentMutation`).
///
/// The seed names only the cases `.replace`, `.mapDelta` and `.setDelta`; their payloads here are
/// this library's choice: `MapDelta` and `SetDelta` make a set update or a map delete carrying a
/// value unrepresentable, where GroupCore's `FieldMutation` would reject them at commit time.
public enum ComponentMutation: Hashable, Sendable {
    /// Sets a scalar field; nil unsets it.
    case replace(FieldValue?)
    /// Changes one entry of a map field.
    case mapDelta(MapDelta)
    /// Changes one key of a set field.
    case setDelta(SetDelta)

    /// The GroupCore mutation this describes.
    public var mutation: FieldMutation {
        switch self {
        case let .replace(value): .replace(value)
        case let .mapDelta(.insert(key, value)): .mapDelta(.insert, key: key, value: value)
        case let .mapDelta(.update(key, value)): .mapDelta(.update, key: key, value: value)
        case let .mapDelta(.delete(key)): .mapDelta(.delete, key: key, value: nil)
        case let .setDelta(.insert(key)): .setDelta(.insert, key: key)
        case let .setDelta(.delete(key)): .setDelta(.delete, key: key)
        }
    }
}
