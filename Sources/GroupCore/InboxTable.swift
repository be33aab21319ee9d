/// The inbox IDs a roster names, each stored once and numbered in the order they were first
/// seen, with an open-addressing index from ID to number (issue 18).
///
/// A roster's records then share the table's string for an inbox, and a snapshot stores the
/// IDs once, as one run of bytes, with records naming them by number (``FlatRoster``). The
/// index hashes with ``IdentifierHash`` under the standard library's per-process seed, as the
/// standard `Dictionary` does, and is never stored: it is rebuilt from the IDs, so no table
/// layout reaches a snapshot.
struct InboxTable: Sendable {
    /// Each ID, by number.
    private(set) var names: [InboxID] = []
    /// A power-of-two number of slots, at most half full: 0 for an empty slot, else the ID's
    /// number plus one in the low 32 bits and the high 32 bits of its hash in the high ones, so
    /// that a probe compares IDs only when the hashes agree.
    private var slots: [UInt64] = []
    private let seed = InboxTable.processSeed

    /// The standard library's per-process hashing seed (fixed under SWIFT_DETERMINISTIC_HASHING).
    private static let processSeed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x6772_6F75_706C_6F67 as UInt64)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }()

    init() {}

    /// A table of the IDs whose bytes lie back to back in `arena`, ID `n` ending at `ends[n]`.
    /// - Returns: nil when two IDs are the same, or the ends do not rise within the arena.
    init?(arena: [UInt8], ends: [Int]) {
        var previous = 0
        for end in ends {
            guard end > previous && end <= arena.count else { return nil }
            previous = end
        }
        guard previous == arena.count else { return nil }
        names = arena.withUnsafeBufferPointer { arena in
            var start = 0
            return ends.map { end in
                defer { start = end }
                // Over a buffer of UInt8, where String's decoder takes its fast path.
                return InboxID(unchecked: String(decoding: UnsafeBufferPointer(rebasing: arena[start..<end]), as: UTF8.self))
            }
        }
        slots = [UInt64](repeating: 0, count: InboxTable.slotCount(for: names.count))
        for number in names.indices {
            let hash = hash(of: names[number])
            let found = find(names[number], hash: hash)
            guard found.number == nil else { return nil }
            slots[found.slot] = slotValue(number: number, hash: hash)
        }
    }

    /// How many IDs the table holds.
    var count: Int { names.count }

    /// Makes room for `count` IDs, so that filling a large roster does not rehash.
    mutating func reserveCapacity(_ count: Int) {
        names.reserveCapacity(count)
        if count * 2 > slots.count { rehash(into: InboxTable.slotCount(for: count)) }
    }

    /// The number of `inbox`, if the table holds it.
    func number(of inbox: InboxID) -> Int? {
        guard !slots.isEmpty else { return nil }
        return find(inbox, hash: hash(of: inbox)).number
    }

    /// The number of `inbox`, given a new one when the table does not hold it yet.
    mutating func intern(_ inbox: InboxID) -> Int {
        let hash = hash(of: inbox)
        if !slots.isEmpty, let number = find(inbox, hash: hash).number { return number }
        // A new ID: grow first when it would leave the slots more than half full.
        if (count + 1) * 2 > slots.count { rehash(into: InboxTable.slotCount(for: count + 1)) }
        names.append(inbox)
        slots[find(inbox, hash: hash).slot] = slotValue(number: names.count - 1, hash: hash)
        return names.count - 1
    }

    /// The ID numbered `number`.
    func inbox(_ number: Int) -> InboxID { names[number] }

    /// The slot holding `inbox`, or the empty slot where it would go. Candidates are compared
    /// as strings, which for IDs of up to 15 bytes is one comparison of two words, and no
    /// closure over the table is made: a closure would copy (retain and release) its arrays on
    /// every lookup.
    private func find(_ inbox: InboxID, hash: UInt64) -> (slot: Int, number: Int?) {
        let mask = slots.count - 1
        let tag = hash >> 32
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let value = slots[slot]
            if value == 0 { return (slot, nil) }
            let number = Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1
            if value >> 32 == tag && names[number] == inbox { return (slot, number) }
            slot = (slot + 1) & mask
        }
    }

    private func hash(of inbox: InboxID) -> UInt64 {
        UInt64(bitPattern: Int64(IdentifierHash.hash(inbox.rawValue, seed: Int(bitPattern: UInt(seed)))))
    }

    private func slotValue(number: Int, hash: UInt64) -> UInt64 {
        (hash >> 32) << 32 | UInt64(truncatingIfNeeded: number + 1)
    }

    /// Enough slots to keep `count` IDs at most half full.
    private static func slotCount(for count: Int) -> Int {
        var slots = 16
        while slots < count * 2 { slots *= 2 }
        return slots
    }

    private mutating func rehash(into slotCount: Int) {
        slots = [UInt64](repeating: 0, count: slotCount)
        for number in names.indices {
            let hash = hash(of: names[number])
            slots[find(names[number], hash: hash).slot] = slotValue(number: number, hash: hash)
        }
    }
}
