import GroupCore

/// The keys of the store's databases. Numbers are big-endian so that byte order is numeric order:
/// a group's commits are contiguous and in sequence order, and appends go at the end (MDB_APPEND).
enum StoreKeys {
    /// A group's commits, outcomes and snapshots: its number, then the sequence.
    static func entry(_ number: UInt64, _ sequence: UInt64) -> [UInt8] {
        var key = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            key[index] = UInt8(truncatingIfNeeded: number >> (56 - 8 * index))
            key[8 + index] = UInt8(truncatingIfNeeded: sequence >> (56 - 8 * index))
        }
        return key
    }

    /// The 8-byte prefix shared by a group's entries.
    static func prefix(_ number: UInt64) -> [UInt8] { Array(entry(number, 0)[0..<8]) }

    /// The number and sequence of an entry key; nil for a key of another shape.
    static func parse(_ key: UnsafeRawBufferPointer) -> (number: UInt64, sequence: UInt64)? {
        guard key.count == 16 else { return nil }
        var number: UInt64 = 0, sequence: UInt64 = 0
        for index in 0..<8 {
            number = number << 8 | UInt64(key[index])
            sequence = sequence << 8 | UInt64(key[8 + index])
        }
        return (number, sequence)
    }

    static func group(_ group: GroupID) -> [UInt8] { Array(group.rawValue.utf8) }

    /// The inbox-to-groups index: the inbox, a zero byte (never in an identifier), the group.
    static func membership(_ inbox: InboxID, _ group: GroupID) -> [UInt8] {
        Array(inbox.rawValue.utf8) + [0] + Array(group.rawValue.utf8)
    }

    static func membershipPrefix(_ inbox: InboxID) -> [UInt8] { Array(inbox.rawValue.utf8) + [0] }

    static func inbox(_ inbox: InboxID) -> [UInt8] { Array(inbox.rawValue.utf8) }

    /// The identity directory's reverse index: the kind, a zero byte, the value.
    static func identity(_ identity: PublicIdentity) -> [UInt8] {
        Array(identity.kind.rawValue.utf8) + [0] + Array(identity.value.utf8)
    }

    /// The DM index: the pair's two inboxes in byte order, each followed by a zero byte, then the
    /// group's number, so that a pair's DMs are listed oldest first.
    static func dm(between one: InboxID, and other: InboxID, number: UInt64) -> [UInt8] {
        dmPrefix(one, other) + prefix(number)
    }

    static func dmPrefix(_ one: InboxID, _ other: InboxID) -> [UInt8] {
        let (first, second) = one <= other ? (one, other) : (other, one)
        return Array(first.rawValue.utf8) + [0] + Array(second.rawValue.utf8) + [0]
    }

    static let formatVersion: [UInt8] = Array("formatVersion".utf8)
    /// Present once the DM index holds every DM of the store (stores made before it existed
    /// are indexed when first opened).
    static let dmIndexComplete: [UInt8] = Array("dmIndexComplete".utf8)
    static let nextGroupNumber: [UInt8] = Array("nextGroupNumber".utf8)
}
