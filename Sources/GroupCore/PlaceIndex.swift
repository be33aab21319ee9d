import CPrefetch

/// Where each inbox's record is in a roster's entries: an open-addressing table whose slots
/// hold places, compared against the inbox ID of the record they point at (issue 18).
///
/// A lookup in a large group is a few cache misses, and in a group of a million members they,
/// not instructions, are what an apply costs (`perf` on the growth benchmark). Looking an inbox
/// up through a table of numbered IDs read a slot, the ID it numbered, a place by number and
/// then the record: four misses, five with a heap-allocated ID. Here a slot leads straight to
/// the record, which holds the ID to compare: two misses, three with a heap-allocated ID, and
/// no per-member array of IDs or places to keep (20 bytes a member fewer).
///
/// Hashed with ``IdentifierHash`` under the standard library's per-process seed, as the
/// standard `Dictionary` does. Never stored: a snapshot load rebuilds it from the IDs' bytes,
/// so no table layout reaches a snapshot.
struct PlaceIndex: Sendable {
    /// A power-of-two number of slots, at most half full: 0 for an empty slot, else the place
    /// plus one in the low 32 bits and the high 32 bits of the ID's hash in the high ones, so
    /// that a probe reads a record only when the hashes agree.
    private var slots: [UInt64] = []

    /// The standard library's per-process hashing seed (fixed under SWIFT_DETERMINISTIC_HASHING).
    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x6772_6F75_706C_6F67 as UInt64)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }()

    init() {}

    /// The hash the index files `inbox` under.
    static func hash(of inbox: InboxID) -> UInt64 {
        UInt64(bitPattern: Int64(IdentifierHash.hash(inbox.rawValue, seed: Int(bitPattern: UInt(seed)))))
    }

    /// The hash of an ID's bytes where they lie: the same as ``hash(of:)`` of the same ID.
    static func hash(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        IdentifierHash.hash(bytes, seed: seed)
    }

    /// Where a probe for `hash` starts; nil when the index has no slots.
    @inline(__always)
    func firstSlot(of hash: UInt64) -> Int? {
        slots.isEmpty ? nil : Int(truncatingIfNeeded: hash) & (slots.count - 1)
    }

    /// The slot after `slot` in a probe.
    @inline(__always)
    func slot(after slot: Int) -> Int { (slot + 1) & (slots.count - 1) }

    /// From `slot` on, the first slot of a probe for `hash` that is empty, with no place, or
    /// whose tag agrees with the hash, with the place it holds: the candidate whose ID the
    /// caller compares. Nothing here can release anything, so a caller that reads the roster's
    /// arrays around it need not retain them (issue 18: three retains and releases a lookup).
    @inline(__always)
    func candidate(from slot: Int, hash: UInt64) -> (slot: Int, place: Int?) {
        let mask = slots.count - 1
        let tag = hash >> 32
        var slot = slot
        while true {
            let value = slots[slot]
            if value == 0 { return (slot, nil) }
            if value >> 32 == tag { return (slot, PlaceIndex.place(in: value)) }
            slot = (slot + 1) & mask
        }
    }

    /// Asks the CPU for the slot a lookup of `hash` starts at, ahead of the lookup.
    @inline(__always)
    func prefetchSlot(hash: UInt64) {
        slots.withUnsafeBufferPointer { PlaceIndex.prefetchSlot(hash: hash, in: $0) }
    }

    /// The place of the first slot in `hash`'s probe whose tag agrees, without comparing IDs:
    /// the record a lookup of `hash` most likely ends at, to prefetch. Nil when the probe
    /// meets an empty slot first.
    @inline(__always)
    func likelyPlace(hash: UInt64) -> Int? {
        slots.withUnsafeBufferPointer { PlaceIndex.likelyPlace(hash: hash, in: $0) }
    }

    /// `body` of the slots, for a loop that asks ahead many times without changing the index.
    func withSlots<Result>(_ body: (UnsafeBufferPointer<UInt64>) -> Result) -> Result {
        slots.withUnsafeBufferPointer(body)
    }

    /// ``prefetchSlot(hash:)`` in `slots`, as ``withSlots(_:)`` lends them.
    @inline(__always)
    static func prefetchSlot(hash: UInt64, in slots: UnsafeBufferPointer<UInt64>) {
        guard let base = slots.baseAddress else { return }
        grouplog_prefetch(base + (Int(truncatingIfNeeded: hash) & (slots.count - 1)))
    }

    /// ``likelyPlace(hash:)`` in `slots`, as ``withSlots(_:)`` lends them.
    @inline(__always)
    static func likelyPlace(hash: UInt64, in slots: UnsafeBufferPointer<UInt64>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        let tag = hash >> 32
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let value = slots[slot]
            if value == 0 { return nil }
            if value >> 32 == tag { return PlaceIndex.place(in: value) }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `count` inboxes fit without leaving the slots more than half full.
    func holds(_ count: Int) -> Bool { count * 2 <= slots.count }

    /// Points `slot`, as ``find(_:hash:in:names:)`` returned it, at `place`: an inbox newly indexed,
    /// or one whose record moved.
    mutating func set(_ slot: Int, hash: UInt64, place: Int) {
        slots[slot] = PlaceIndex.slotValue(hash: hash, place: place)
    }

    /// Indexes afresh every record of `entries` that is not a ghost, in slots enough for
    /// `capacity` inboxes; loaded records' IDs are in `names`.
    mutating func rebuild(capacity: Int, from entries: UnsafeBufferPointer<Roster.Entry>, names: LoadedNames?) {
        slots = [UInt64](repeating: 0, count: PlaceIndex.slotCount(for: capacity))
        let mask = slots.count - 1
        slots.withUnsafeMutableBufferPointer { slots in
            // The IDs are distinct, so each goes in the first empty slot of its probe.
            for place in entries.indices where !entries[place].isGhost {
                let hash = entries[place].hash(in: names)
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = PlaceIndex.slotValue(hash: hash, place: place)
            }
        }
    }

    /// Points every slot at its record's new place after the entries were compacted: the record
    /// at place `p` is now at `moved[p]`. No ID is hashed again.
    mutating func remap(_ moved: [Int32]) {
        moved.withUnsafeBufferPointer { moved in
            slots.withUnsafeMutableBufferPointer { slots in
                for slot in slots.indices where slots[slot] != 0 {
                    let value = slots[slot]
                    slots[slot] = PlaceIndex.slotValue(hash: value, place: Int(moved[PlaceIndex.place(in: value)]))
                }
            }
        }
    }

    /// An index of places `0..<count`, whose IDs hash to `hashes[place]`; `same(a, b)` says
    /// whether the IDs at two places are equal.
    ///
    /// A million IDs take 16 MB of slots, and putting them in by place touches a slot at random
    /// each time: a cache miss, and a TLB miss, for nearly every ID, half of a 1M-member load's
    /// wall-clock time. A large index's places are therefore grouped by the region of 8,192
    /// slots (64 KB, held in the L2 cache) that each hash lands in, and put in region after
    /// region. Linear probing finds an ID whatever order the IDs went in.
    /// - Parameter capacity: room for at least this many IDs (at least the hashes' count).
    /// - Returns: nil when two places hold the same ID.
    init?(hashes: UnsafeBufferPointer<UInt64>, capacity: Int = 0, same: (Int, Int) -> Bool) {
        var slots = HugePages.zeros(PlaceIndex.slotCount(for: max(capacity, hashes.count)))
        let distinct = slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            func insert(_ place: Int, hash: UInt64) -> Bool {
                let tag = hash >> 32
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 {
                    let value = slots[slot]
                    if value >> 32 == tag && same(PlaceIndex.place(in: value), place) { return false }
                    slot = (slot + 1) & mask
                }
                slots[slot] = PlaceIndex.slotValue(hash: hash, place: place)
                return true
            }
            let regionShift = 13
            let regionCount = slots.count >> regionShift
            guard regionCount > 1 else {
                for place in hashes.indices where !insert(place, hash: hashes[place]) { return false }
                return true
            }
            // A counting sort of the places by region: count, find where each region's run
            // starts, then put each place in its region's run.
            var starts = [Int](repeating: 0, count: regionCount + 1)
            for hash in hashes { starts[((Int(truncatingIfNeeded: hash) & mask) >> regionShift) + 1] += 1 }
            for region in 0..<regionCount { starts[region + 1] += starts[region] }
            let grouped = UnsafeMutableBufferPointer<(hash: UInt64, place: Int)>.allocate(capacity: hashes.count)
            defer { grouped.deallocate() }
            for place in hashes.indices {
                let region = (Int(truncatingIfNeeded: hashes[place]) & mask) >> regionShift
                grouped[starts[region]] = (hashes[place], place)
                starts[region] += 1
            }
            // A region's slots are fresh memory: the first probe of each of its lines misses,
            // so each probe is asked for sixteen places ahead (a third of a 130,000-member
            // load's index build waited on them).
            let ahead = 16
            for index in grouped.indices {
                if index + ahead < grouped.count {
                    grouplog_prefetch(slots.baseAddress! + (Int(truncatingIfNeeded: grouped[index + ahead].hash) & mask))
                }
                if !insert(grouped[index].place, hash: grouped[index].hash) { return false }
            }
            return true
        }
        guard distinct else { return nil }
        self.slots = slots
    }

    /// A slot holding `place`, tagged with the high half of `hash` (a slot's own value serves
    /// as the hash when only its place changes).
    @inline(__always)
    private static func slotValue(hash: UInt64, place: Int) -> UInt64 {
        (hash >> 32) << 32 | UInt64(truncatingIfNeeded: place + 1)
    }

    /// The place a full slot holds.
    @inline(__always)
    private static func place(in value: UInt64) -> Int {
        Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1
    }

    /// Enough slots to keep `count` IDs at most half full.
    private static func slotCount(for count: Int) -> Int {
        var slots = 16
        while slots < count * 2 { slots *= 2 }
        return slots
    }
}
