import GroupCore

/// The keys of the store's databases. Numbers are big-endian so that byte order is numeric order:
/// a group's commits are contiguous and in sequence order, and appends go at the end (MDB_APPEND).
enum StoreKeys {
    /// A group's commits, outcomes and snapshots: its number, then the sequence.
    static func entry(_ number: UInt64, _ sequence: UInt64) -> EntryKey { EntryKey(number: number, sequence: sequence) }

    /// The 8-byte prefix shared by a group's entries.
    static func prefix(_ number: UInt64) -> [UInt8] { withUnsafeBytes(of: number.bigEndian) { Array($0) } }

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
        // Built in one buffer: joined with `+`, every key cost three arrays (issue 18).
        var key: [UInt8] = []
        key.reserveCapacity(inbox.rawValue.utf8.count + 1 + group.rawValue.utf8.count)
        key += inbox.rawValue.utf8
        key.append(0)
        key += group.rawValue.utf8
        return key
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

/// A key of the commits, outcomes and snapshots: a group's number, then the sequence, both
/// big-endian, held on the stack. As a `[UInt8]` every commit written allocated and filled its
/// key byte by byte (issue 18: a twentieth of an ingest's writing thread).
struct EntryKey: LMDBBytes {
    private let words: (UInt64, UInt64)

    init(number: UInt64, sequence: UInt64) {
        words = (number.bigEndian, sequence.bigEndian)
    }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: words, body)
    }
}
