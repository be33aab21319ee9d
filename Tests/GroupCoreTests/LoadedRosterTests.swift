@testable import GroupCore
import Testing

/// A roster loaded from a snapshot keeps its records packed, naming inboxes and adders by
/// number, until a write replaces them (issue 18). It must read, change, copy, compact and
/// flatten exactly as the roster it was flattened from: the same seeded writes go to both, and
/// every read is compared after them.
struct LoadedRosterTests {
    /// Short IDs, which Swift keeps inline, and long ones, which it allocates; the last few are
    /// only ever adders, never members, as a restored state may name.
    static let inboxes = (0..<1_200).map { InboxID(unchecked: $0 % 4 == 0 ? String(repeating: "x", count: 70) + "\($0)" : "in\($0)") }
    static let adderOnly = (0..<5).map { InboxID(unchecked: "gone-\($0)") }

    /// A key of its own for each inbox, so that no two current members share one.
    static func key(_ index: Int, _ second: Bool = false) -> PublicKey {
        PublicKey(bytes: (0..<32).map { UInt8(truncatingIfNeeded: $0 == 0 ? index : $0 == 1 ? index >> 8 : $0 == 2 && second ? 1 : 0) })!
    }

    /// A deterministic stream of numbers (a 64-bit linear congruential generator).
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Seeded writes: new members, changes in place (role, departure, return, mute, keys) and
    /// returns with a new ordinal, which leave ghosts and, in numbers, compact the entries.
    /// - Parameter movesOneIn: one write to an inbox with a record in this many moves it.
    static func write(_ count: Int, seed: UInt64, movesOneIn: Int = 4, to rosters: inout [Roster]) {
        var numbers = Numbers(state: seed)
        for _ in 0..<count {
            let index = numbers.next(inboxes.count)
            let inbox = inboxes[index]
            let adder = numbers.next(10) == 0 ? adderOnly[numbers.next(adderOnly.count)] : inboxes[numbers.next(inboxes.count)]
            let roles: [Role] = [.member, .member, .moderator, .admin, .superAdmin, .observer]
            let role = roles[numbers.next(roles.count)]
            let keys = numbers.next(5) == 0 ? [key(index)] + (numbers.next(2) == 0 ? [key(index, true)] : []) : []
            var record: MemberRecord
            if let old = rosters[0][inbox], numbers.next(movesOneIn) != 0 {
                if old.isCurrent && numbers.next(3) == 0 {
                    record = MemberRecord(
                        inbox: inbox, role: .member, state: .former(Departure(numbers.next(2) == 0 ? .left : .removed, at: 5_000)),
                        joinedAt: old.joinedAt, addedBy: old.adder, ordinal: old.ordinal, keys: old.keys)
                } else {
                    record = MemberRecord(
                        inbox: inbox, role: role, state: .active, joinedAt: 6_000, addedBy: old.adder, ordinal: old.ordinal,
                        blockedForAll: numbers.next(7) == 0, mutedUntil: numbers.next(5) == 0 ? 9_000 : nil, keys: keys)
                }
            } else {
                let state: MemberState = [.active, .invited, .pendingApproval, .pendingRemoval][numbers.next(4)]
                record = MemberRecord(
                    inbox: inbox, role: role, state: state, joinedAt: state == .active ? 4_000 : nil, addedBy: adder,
                    ordinal: rosters[0].nextOrdinal, blocksGroup: numbers.next(9) == 0, keys: keys)
            }
            for place in rosters.indices { rosters[place].put(record) }
        }
    }

    /// Every read a state makes of its roster, as plain values.
    struct Reads {
        let lookups: [MemberRecord?]
        let records: [MemberRecord]
        let some: [MemberRecord]
        let joinOrder: [MemberRecord]
        /// The current members from ordinal 500 on, as a page of the member list starts.
        let fromOrdinal: [MemberRecord]
        let admins: [InboxID], superAdmins: [InboxID]
        let keyOwners: [PublicKey: InboxID]
        let counts: [Int]
        let nextOrdinal: UInt64
        let flat: FlatRoster

        init(_ roster: Roster) {
            lookups = (LoadedRosterTests.inboxes + LoadedRosterTests.adderOnly).map { roster[$0] }
            records = Array(roster.records)
            some = roster.records(of: Array(LoadedRosterTests.inboxes.prefix(300).reversed()))
            joinOrder = (0..<roster.orderCount).compactMap { roster.currentMember(atOrderIndex: $0) }
            fromOrdinal = (roster.position(from: 500)..<roster.orderCount).compactMap { roster.currentMember(atOrderIndex: $0) }
            (admins, superAdmins, keyOwners) = (roster.adminInboxes, roster.superAdminInboxes, roster.keyOwners)
            counts = [roster.headcount, roster.recordCount, roster.keyedRecords]
            nextOrdinal = roster.nextOrdinal
            flat = roster.flat
        }
    }

    /// Compares two rosters' reads one by one, so that a failure names the read that differs.
    static func expectSameReads(_ roster: Roster, _ reference: Roster, sourceLocation: SourceLocation = #_sourceLocation) {
        let (a, b) = (Reads(roster), Reads(reference))
        #expect(a.lookups == b.lookups, "lookups", sourceLocation: sourceLocation)
        #expect(a.records == b.records, "records", sourceLocation: sourceLocation)
        #expect(a.some == b.some, "records(of:)", sourceLocation: sourceLocation)
        #expect(a.joinOrder == b.joinOrder, "join order", sourceLocation: sourceLocation)
        #expect(a.fromOrdinal == b.fromOrdinal, "join order from an ordinal", sourceLocation: sourceLocation)
        #expect(a.admins == b.admins && a.superAdmins == b.superAdmins, "admin lists", sourceLocation: sourceLocation)
        #expect(a.keyOwners == b.keyOwners, "key owners", sourceLocation: sourceLocation)
        #expect(a.counts == b.counts, "counts", sourceLocation: sourceLocation)
        #expect(a.nextOrdinal == b.nextOrdinal, "next ordinal", sourceLocation: sourceLocation)
        #expect(a.flat == b.flat, "flat roster", sourceLocation: sourceLocation)
    }

    @Test func aLoadedRosterReadsAsTheOneItWasFlattenedFrom() throws {
        var built = [Roster()]
        Self.write(3_000, seed: 1, to: &built)
        let loaded = try Roster(flat: built[0].flat)
        #expect(loaded == built[0])
        Self.expectSameReads(loaded, built[0])
        #expect(loaded.records.contains { !$0.keys.isEmpty } && loaded.records.contains { !$0.isCurrent })
        #expect(loaded.records.contains { record in Self.adderOnly.contains { $0 == record.adder } })
    }

    /// Enough writes to replace loaded records in place and by moving them, to regrow the index
    /// over loaded and written entries alike, and to compact the ghosts the moves leave.
    @Test(arguments: [2, 3, 4])
    func writesOverALoadedRosterMatchTheSameWritesOverABuiltOne(seed: UInt64) throws {
        var rosters = [Roster()]
        Self.write(1_500, seed: seed, to: &rosters)
        rosters.append(try Roster(flat: rosters[0].flat))
        let before = rosters[1]
        Self.write(5_000, seed: seed * 1_000, movesOneIn: 2, to: &rosters)
        #expect(rosters[1] == rosters[0])
        Self.expectSameReads(rosters[1], rosters[0])
        // The copy taken before the writes still reads as the load did.
        Self.expectSameReads(before, try Roster(flat: before.flat))
        // And a roster loaded from the result reads as both.
        Self.expectSameReads(try Roster(flat: rosters[1].flat), rosters[0])
    }
}
