@testable import GroupCore
import Testing

/// An incremental snapshot's records are flattened without building a roster of them
/// (``GroupState/flatRoster(of:)``): the arrays must be exactly those a roster holding the same
/// records flattens to, adders outside the records and keys included, since both reach stored
/// bytes.
struct FlatRosterBuilderTests {
    @Test(arguments: [1, 2, 3, 7])
    func recordsFlattenAsARosterOfThemDoes(every stride: Int) {
        var rosters = [Roster()]
        LoadedRosterTests.write(2_000, seed: UInt64(stride), to: &rosters)
        let records = Array(rosters[0].records.enumerated().filter { $0.offset % stride == 0 }.map(\.element))
        var roster = Roster()
        for record in records { roster.put(record) }
        let flat = GroupState.flatRoster(of: records)
        #expect(flat == roster.flat)
        #expect(records.contains { $0.addedBy != nil && !records.map(\.inbox).contains($0.addedBy!) }, "an adder outside the records")
        #expect(!flat.keys.isEmpty)
    }

    /// A roster large enough for ``Roster/flat`` to ask ahead of its adder lookups, with the
    /// adders' hashes taken in a pass of their own: every adder must still get its record's
    /// number (a wrong hash would number it as an adder without a record, which round-trips
    /// but writes other bytes), built records and loaded ones alike, ghosts in between.
    @Test func aRosterLargeEnoughToAskAheadFlattensAsItsRecordsDo() throws {
        let count = RosterLookAhead.minimumRecords + 2_000
        let inboxes = (0..<count).map { InboxID(unchecked: $0 % 3 == 0 ? String(repeating: "m", count: 64) + "\($0)" : "m\($0)") }
        var roster = Roster()
        var random: UInt64 = 18
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        // Runs of records share an adder, as a batch of additions makes: the pass that takes
        // the adders' hashes skips those the builder numbers without a lookup. Some runs are
        // added by an inbox without a record.
        var batchAdder = inboxes[0]
        for (ordinal, inbox) in inboxes.enumerated() {
            if ordinal % 20 == 0 {
                batchAdder = ordinal % 60 == 20 ? InboxID(unchecked: "gone-batch-\(ordinal)") : inboxes[next(ordinal + 1)]
            }
            let adder: InboxID? = switch next(10) {
            case 0: nil
            case 1: inbox
            case 2: InboxID(unchecked: "gone-\(next(7))")
            case 3, 4, 5: inboxes[next(ordinal + 1)]
            default: batchAdder
            }
            roster.put(MemberRecord(
                inbox: inbox, role: next(8) == 0 ? .admin : .member, state: .active, joinedAt: 1_000, addedBy: adder,
                ordinal: UInt64(ordinal), keys: next(50) == 0 ? [LoadedRosterTests.key(ordinal)] : []))
        }
        // Some move to new ordinals, leaving ghosts behind them.
        for _ in 0..<300 {
            let record = try #require(roster[inboxes[next(count)]])
            roster.put(MemberRecord(
                inbox: record.inbox, role: record.role, state: .active, joinedAt: 2_000, addedBy: inboxes[next(count)],
                ordinal: roster.nextOrdinal, keys: record.keys))
        }
        #expect(roster.recordCount >= RosterLookAhead.minimumRecords)
        #expect(roster.flat == GroupState.flatRoster(of: Array(roster.records)))

        // Loaded, its records packed, then some replaced by built ones.
        var loaded = try Roster(flat: roster.flat)
        for _ in 0..<500 {
            let record = try #require(loaded[inboxes[next(count)]])
            loaded.put(MemberRecord(
                inbox: record.inbox, role: .moderator, state: .active, joinedAt: 3_000, addedBy: record.adder,
                ordinal: record.ordinal, keys: record.keys))
        }
        #expect(loaded.flat == GroupState.flatRoster(of: Array(loaded.records)))
    }
}
