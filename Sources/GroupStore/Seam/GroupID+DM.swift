import GroupCodec
import GroupCore

extension GroupID {
    /// The group ID `findOrCreateDm` gives a new DM between two inboxes: the same for the pair
    /// whoever creates it and whatever the backend, so that two writers racing to create it
    /// append to one log, and the second gets `sequenceConflict` instead of making a second DM.
    ///
    /// "dm-" and the first 32 hex digits of the SHA-256 of the pair's inbox IDs in byte order,
    /// each followed by a zero byte. Spelled out here rather than borrowed from a backend's
    /// keys, so that no backend's storage layout can change it.
    public static func dm(between one: InboxID, and other: InboxID) -> GroupID {
        let (first, second) = one <= other ? (one, other) : (other, one)
        let pair = Array(first.rawValue.utf8) + [0] + Array(second.rawValue.utf8) + [0]
        // 32 hex digits (128 bits) and a prefix: printable ASCII, far below 128 bytes.
        return GroupID(unchecked: "dm-" + SHA256.hash(pair).hex.prefix(32))
    }
}
