/// The inbox IDs a roster names, each stored once and numbered in the order they were first
/// seen: as strings, their bytes back to back in one arena, and an open-addressing index from
/// ID to number (issue 18).
///
/// Records then hold numbers, not strings: copying or writing one touches no reference count,
/// and a snapshot writes the arena as it is and reads it back in one copy, making one string
/// per inbox rather than two per record. The index hashes with ``IdentifierHash`` under the
/// standard library's per-process seed, as the standard `Dictionary` does, and is never
/// stored: it is rebuilt from the arena, so no table layout reaches a snapshot.
struct InboxTable: Sendable {
    /// Every ID's bytes, back to back.
    private(set) var arena: [UInt8] = []
    /// Where each ID's bytes end in `arena`: ID `n` is `arena[ends[n - 1] ..< ends[n]]`.
    private(set) var ends: [Int] = []
    /// Each ID as a string, by number: a record read from the roster names its inbox and adder
    /// with these, without making a string (issue 18).
    private var names: [InboxID] = []
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

    /// How many IDs the table holds.
    var count: Int { ends.count }

    /// Makes room for `count` IDs, so that filling a large roster does not rehash.
    mutating func reserveCapacity(_ count: Int) {
        ends.reserveCapacity(count)
        names.reserveCapacity(count)
        if slotCount(for: count) > slots.count { rehash(into: slotCount(for: count)) }
    }

    /// The number of `inbox`, if the table holds it.
    func number(of inbox: InboxID) -> Int? {
        guard !slots.isEmpty else { return nil }
        return find(inbox, hash: hash(of: inbox)).number
    }

    /// The number of `inbox`, given a new one when the table does not hold it yet.
    mutating func intern(_ inbox: InboxID) -> Int {
        if (count + 1) * 2 > slots.count { rehash(into: slotCount(for: count + 1)) }
        let hash = hash(of: inbox)
        let found = find(inbox, hash: hash)
        if let number = found.number { return number }
        let number = count
        arena.append(contentsOf: inbox.rawValue.utf8)
        ends.append(arena.count)
        names.append(inbox)
        slots[found.slot] = slotValue(number: number, hash: hash)
        return number
    }

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

    /// The ID numbered `number`.
    func inbox(_ number: Int) -> InboxID { names[number] }

    /// Where the bytes of ID `number` lie in ``arena``.
    func range(of number: Int) -> Range<Int> {
        (number == 0 ? 0 : ends[number - 1])..<ends[number]
    }

    /// Whether ID `number` here has the same bytes as ID `otherNumber` of `other`.
    func sameID(_ number: Int, as otherNumber: Int, in other: InboxTable) -> Bool {
        arena[range(of: number)].elementsEqual(other.arena[other.range(of: otherNumber)])
    }

    /// A table of IDs laid out as `arena` and `ends` describe, its index rebuilt from the bytes.
    /// - Returns: nil when two IDs have the same bytes, or the ends do not rise within the arena.
    init?(arena: [UInt8], ends: [Int]) {
        var previous = 0
        for end in ends {
            guard end > previous && end <= arena.count else { return nil }
            previous = end
        }
        guard previous == arena.count else { return nil }
        self.arena = arena
        self.ends = ends
        names = arena.withUnsafeBufferPointer { arena in
            var start = 0
            return ends.map { end in
                defer { start = end }
                // Over a buffer of UInt8, where String's decoder takes its fast path.
                return InboxID(unchecked: String(decoding: UnsafeBufferPointer(rebasing: arena[start..<end]), as: UTF8.self))
            }
        }
        slots = [UInt64](repeating: 0, count: slotCount(for: ends.count))
        guard fillSlots() else { return nil }
    }

    init() {}

    private func slotValue(number: Int, hash: UInt64) -> UInt64 {
        (hash >> 32) << 32 | UInt64(truncatingIfNeeded: number + 1)
    }

    /// Enough slots to keep `count` IDs at most half full.
    private func slotCount(for count: Int) -> Int {
        var slots = 16
        while slots < count * 2 { slots *= 2 }
        return slots
    }

    private mutating func rehash(into slotCount: Int) {
        slots = [UInt64](repeating: 0, count: slotCount)
        // Every ID in the table is distinct, so refilling cannot fail.
        _ = fillSlots()
    }

    /// Indexes every ID of the arena into the (empty) slots; false when two have the same bytes.
    private mutating func fillSlots() -> Bool {
        let mask = slots.count - 1
        var slots = self.slots
        self.slots = []
        defer { self.slots = slots }
        return arena.withUnsafeBytes { arena in
            var start = 0
            for (number, end) in ends.enumerated() {
                let bytes = UnsafeRawBufferPointer(rebasing: arena[start..<end])
                let hash = IdentifierHash.hash(bytes, seed: seed)
                let tag = hash >> 32
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 {
                    let value = slots[slot]
                    if value >> 32 == tag && names[Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1] == names[number] {
                        return false
                    }
                    slot = (slot + 1) & mask
                }
                slots[slot] = slotValue(number: number, hash: hash)
                start = end
            }
            return true
        }
    }
}
