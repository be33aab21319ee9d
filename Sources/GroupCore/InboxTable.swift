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
        var slots = [UInt64](repeating: 0, count: InboxTable.slotCount(for: ends.count))
        let seed = self.seed
        let distinct = arena.withUnsafeBytes { arena in
            ends.withUnsafeBufferPointer { ends in
                slots.withUnsafeMutableBufferPointer { slots in
                    InboxTable.index(IDBytes(arena: arena, ends: ends), into: slots, seed: seed)
                }
            }
        }
        guard distinct else { return nil }
        self.slots = slots
        names = arena.withUnsafeBytes { arena in
            ends.withUnsafeBufferPointer { ends in
                let ids = IDBytes(arena: arena, ends: ends)
                return [InboxID](unsafeUninitializedCapacity: ends.count) { names, initialized in
                    for number in ends.indices {
                        (names.baseAddress! + number).initialize(to: InboxID(unchecked: InboxTable.string(ids[number])))
                    }
                    initialized = ends.count
                }
            }
        }
    }

    /// The IDs of an arena, by number, as bytes.
    private struct IDBytes {
        let arena: UnsafeRawBufferPointer
        let ends: UnsafeBufferPointer<Int>

        subscript(number: Int) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: arena[(number == 0 ? 0 : ends[number - 1])..<ends[number]])
        }
    }

    /// Fills empty `slots` with every ID of `ids`, hashing their bytes where they lie rather
    /// than as strings (the same bytes, so the same hash as ``number(of:)`` computes).
    ///
    /// A million IDs take 16 MB of slots, and putting them in by number touches a slot at
    /// random each time: a cache miss, and a TLB miss, for nearly every ID, half of a 1M-member
    /// load's wall-clock time. A large table's IDs are therefore hashed first, grouped by the
    /// region of 8,192 slots (64 KB, held in the L2 cache) that each hash lands in, and put in
    /// region after region. Linear probing finds an ID whatever order the IDs went in.
    /// - Returns: false when two IDs are the same.
    private static func index(_ ids: IDBytes, into slots: UnsafeMutableBufferPointer<UInt64>, seed: UInt64) -> Bool {
        let mask = slots.count - 1
        func insert(_ number: Int, hash: UInt64) -> Bool {
            let tag = hash >> 32
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 {
                let value = slots[slot]
                if value >> 32 == tag && ids[Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1].elementsEqual(ids[number]) {
                    return false
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = tag << 32 | UInt64(truncatingIfNeeded: number + 1)
            return true
        }
        let regionShift = 13
        let regionCount = slots.count >> regionShift
        guard regionCount > 1 else {
            for number in ids.ends.indices where !insert(number, hash: IdentifierHash.hash(ids[number], seed: seed)) { return false }
            return true
        }
        // A counting sort of the IDs by region: count, find where each region's run starts,
        // then place each ID's hash and number in its region's run.
        let count = ids.ends.count
        let hashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
        defer { hashes.deallocate() }
        var starts = [Int](repeating: 0, count: regionCount + 1)
        for number in 0..<count {
            let hash = IdentifierHash.hash(ids[number], seed: seed)
            hashes[number] = hash
            starts[((Int(truncatingIfNeeded: hash) & mask) >> regionShift) + 1] += 1
        }
        for region in 0..<regionCount { starts[region + 1] += starts[region] }
        let grouped = UnsafeMutableBufferPointer<(hash: UInt64, number: Int)>.allocate(capacity: count)
        defer { grouped.deallocate() }
        for number in 0..<count {
            let hash = hashes[number]
            let region = (Int(truncatingIfNeeded: hash) & mask) >> regionShift
            grouped[starts[region]] = (hash, number)
            starts[region] += 1
        }
        for (hash, number) in grouped where !insert(number, hash: hash) { return false }
        return true
    }

    /// The string of an ID's bytes, copied straight into the string's storage (or, for up to
    /// 15 bytes, into a small string): `String(decoding:as:)` of a buffer takes a generic path
    /// that costs about as much again as the copy.
    private static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            return bytes.count
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
