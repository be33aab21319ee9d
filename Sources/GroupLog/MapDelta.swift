/// One change to one map entry (XMTP's `MapDelta`).
public enum MapDelta: Hashable, Sendable {
    /// Adds `key`; `keyExists` when it is present.
    case insert(key: FieldValue, value: FieldValue)
    /// Changes `key`'s value; `keyNotFound` when it is absent.
    case update(key: FieldValue, value: FieldValue)
    /// Removes `key`; `keyNotFound` when it is absent.
    case delete(key: FieldValue)
}
