/// One change to one set key (XMTP's `SetDelta`); a set has no update.
public enum SetDelta: Hashable, Sendable {
    /// Adds `key`; `keyExists` when it is present.
    case insert(key: FieldValue)
    /// Removes `key`; `keyNotFound` when it is absent.
    case delete(key: FieldValue)
}
