/// The inbox IDs a roster names, each stored once and numbered: the bytes of every ID in one
/// arena, in the order they were first seen, and an open-addressing index from bytes to number
/// (issue 18).
///
/// Records then hold numbers, not strings: copying or writing one touches no reference count,
/// and a roster of a million members is a few flat arrays, which a snapshot writes and reads
/// back without making a string per member. The index hashes with ``IdentifierHash`` under the
/// standard library's per-process seed, as the standard `Dictionary` does, and is never
/// stored: it is rebuilt from the arena, so no table layout reaches a snapshot.
struct InboxTable: Sendable {
    /// Every ID's bytes, back to back.
    private(set) var arena: [UInt8] = []
    /// Where each ID's bytes end in `arena`: ID `n` is `arena[ends[n - 1] ..< ends[n]]`.
    private(set) var ends: [Int] = []
    /// A power-of-two number of slots, at most half full: 0 for an empty slot, else the ID's
    /// number plus one in the low 32 bits and the high 32 bits of its hash in the high ones, so
    /// that a probe compares bytes only when the hashes agree.
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
        if slotCount(for: count) > slots.count { rehash(into: slotCount(for: count)) }
    }

    /// The number of `inbox`, if the table holds it.
    func number(of inbox: InboxID) -> Int? {
        guard !slots.isEmpty else { return nil }
        return InboxTable.withBytes(of: inbox) { bytes in
            let hash = IdentifierHash.hash(bytes, seed: seed)
            return find(bytes, hash: hash).number
        }
    }

    /// The number of `inbox`, given a new one when the table does not hold it yet.
    mutating func intern(_ inbox: InboxID) -> Int {
        InboxTable.withBytes(of: inbox) { bytes in intern(bytes) }
    }

    /// The number of the ID whose bytes are `bytes`, which the caller checked to be one,
    /// given a new one when the table does not hold it yet.
    mutating func intern(_ bytes: UnsafeRawBufferPointer) -> Int {
        if slotCount(for: count + 1) > slots.count { rehash(into: slotCount(for: count + 1)) }
        let hash = IdentifierHash.hash(bytes, seed: seed)
        let found = find(bytes, hash: hash)
        if let number = found.number { return number }
        let number = count
        arena.append(contentsOf: bytes)
        ends.append(arena.count)
        slots[found.slot] = slotValue(number: number, hash: hash)
        return number
    }

    /// The ID numbered `number`.
    func inbox(_ number: Int) -> InboxID {
        arena.withUnsafeBytes { InboxID(unchecked: String(decoding: $0[range(of: number)], as: UTF8.self)) }
    }

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
        slots = [UInt64](repeating: 0, count: slotCount(for: ends.count))
        guard fillSlots() else { return nil }
    }

    init() {}

    /// The slot holding the ID whose bytes are `bytes`, or the empty slot where it would go.
    private func find(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> (slot: Int, number: Int?) {
        let mask = slots.count - 1
        let tag = hash >> 32
        var slot = Int(truncatingIfNeeded: hash) & mask
        return arena.withUnsafeBytes { arena in
            while true {
                let value = slots[slot]
                if value == 0 { return (slot, nil) }
                let number = Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1
                if value >> 32 == tag {
                    let start = number == 0 ? 0 : ends[number - 1]
                    let end = ends[number]
                    if end - start == bytes.count && (bytes.isEmpty || memoryEqual(arena.baseAddress! + start, bytes.baseAddress!, bytes.count)) {
                        return (slot, number)
                    }
                }
                slot = (slot + 1) & mask
            }
        }
    }

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
                    if value >> 32 == tag {
                        let other = Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1
                        let otherStart = other == 0 ? 0 : ends[other - 1]
                        if ends[other] - otherStart == bytes.count && memoryEqual(arena.baseAddress! + otherStart, bytes.baseAddress!, bytes.count) {
                            return false
                        }
                    }
                    slot = (slot + 1) & mask
                }
                slots[slot] = slotValue(number: number, hash: hash)
                start = end
            }
            return true
        }
    }

    /// `body` over the bytes of `inbox`. Static, so that a mutating caller's closure may write
    /// the table while the bytes are lent.
    private static func withBytes<Result>(of inbox: InboxID, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if let result = inbox.rawValue.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        var copy = inbox.rawValue
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}

/// Whether `count` bytes at `lhs` and at `rhs` are the same. (GroupCore imports nothing, so no memcmp.)
@inline(__always)
private func memoryEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
    var offset = 0
    while offset + 8 <= count {
        if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
        offset += 8
    }
    while offset < count {
        if lhs.load(fromByteOffset: offset, as: UInt8.self) != rhs.load(fromByteOffset: offset, as: UInt8.self) { return false }
        offset += 1
    }
    return true
}
