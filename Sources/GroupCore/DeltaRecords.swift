/// The member records of an incremental snapshot's roster part (``FlatRosterSource``), read
/// straight into ``MemberRecord``s for ``GroupState/apply(_:)`` to put (issue 18).
///
/// They were read by building a roster of them, as a full snapshot's load does, and taking the
/// records back out of it: an index, an arena of IDs and sets made for a few hundred records
/// and thrown away, about a quarter of the time a state read spent on incremental snapshots
/// (`perf` over the mixed benchmark group's reads). The checks are the roster's, on the few
/// records at hand.
package enum DeltaRecords {
    /// The source's records, in their (strictly increasing) ordinal order, each below
    /// `nextOrdinal`, after checking what ``Roster/init(source:)`` checks of a snapshot's: valid
    /// and distinct IDs, each inbox's record once, known numbers and flags, keys exactly for
    /// the records flagged as holding some.
    package static func read(_ source: FlatRosterSource, nextOrdinal: UInt64) throws(InconsistentState) -> [MemberRecord] {
        let names = try LoadedNames(source)
        try refuseRepeatedIDs(names)
        let count = UInt32(truncatingIfNeeded: names.count)
        var recorded = [Bool](repeating: false, count: names.count)
        var keyed = source.keys.makeIterator()
        var nextKeyed = keyed.next()
        var records: [MemberRecord] = []
        records.reserveCapacity(source.recordCount)
        var previousOrdinal: UInt64?
        let chunk = UnsafeMutableBufferPointer<PackedRecord>.allocate(capacity: max(1, min(source.recordCount, 1_024)))
        defer { chunk.deallocate() }
        for first in stride(from: 0, to: source.recordCount, by: chunk.count) {
            let packedRecords = UnsafeMutableBufferPointer(rebasing: chunk[0..<min(chunk.count, source.recordCount - first)])
            try source.readRecords(first, packedRecords)
            for (offset, packed) in packedRecords.enumerated() {
                guard packed.inbox < count, packed.adder < count || packed.adder == PackedRecord.noAdder else {
                    throw InconsistentState(reason: "member record \(first + offset) names inbox number \(max(packed.inbox, packed.adder)) of \(count)")
                }
                let inbox = names.name(packed.inbox)
                guard packed.flags.isSubset(of: PackedRecord.Flags.all) else {
                    throw InconsistentState(reason: "member record of \(inbox) has unknown flags \(packed.flags.rawValue)")
                }
                guard !recorded[Int(packed.inbox)] else { throw InconsistentState(reason: "\(inbox) appears twice") }
                recorded[Int(packed.inbox)] = true
                if let previousOrdinal, packed.ordinal <= previousOrdinal {
                    throw InconsistentState(reason: "member records are not in strictly increasing ordinal order at \(inbox)")
                }
                guard packed.ordinal < nextOrdinal else {
                    throw InconsistentState(reason: "\(inbox) has ordinal \(packed.ordinal), not below the next ordinal \(nextOrdinal)")
                }
                previousOrdinal = packed.ordinal
                if packed.flags.contains(.hasKeys) {
                    _ = try Roster.keys(numbered: packed.inbox, in: names, from: &nextKeyed, &keyed)
                }
                records.append(names.unpacked(packed, inbox: inbox))
            }
        }
        if nextKeyed != nil {
            throw InconsistentState(reason: "the snapshot's keys do not follow the records flagged as holding some")
        }
        return records
    }

    /// Refuses two numbers naming the same ID: each number put in a small open-addressing
    /// table by its ID's hash, and the IDs compared only where the hashes agree. (Sorting the
    /// hashes instead cost two fifths of the read.)
    private static func refuseRepeatedIDs(_ names: LoadedNames) throws(InconsistentState) {
        guard names.count > 1 else { return }
        var slotCount = 16
        while slotCount < names.count * 2 { slotCount *= 2 }
        let mask = slotCount - 1
        // The hash and the number plus one of the ID in each slot; 0 for an empty slot.
        var slots = [(hash: UInt64, numberPlusOne: UInt32)](repeating: (0, 0), count: slotCount)
        for number in 0..<UInt32(truncatingIfNeeded: names.count) {
            let hash = PlaceIndex.hash(of: names.bytes(number))
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].numberPlusOne != 0 {
                if slots[slot].hash == hash && names.same(slots[slot].numberPlusOne - 1, number) {
                    throw InconsistentState(reason: "an inbox ID appears twice in the snapshot's ID arena")
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = (hash, number + 1)
        }
    }
}
