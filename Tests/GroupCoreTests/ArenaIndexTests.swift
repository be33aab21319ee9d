@testable import GroupCore
import Testing

/// A roster's index built from a snapshot's ID arena alone, on another thread (issue 18): a
/// roster loaded with it reads and changes as one that hashed its own IDs; it is used only for
/// a roster numbered in record order, and a repeated ID is refused with it as without it.
struct ArenaIndexTests {
    /// The index of `flat`'s arena, as a snapshot load's second thread builds it.
    static func arenaIndex(of flat: FlatRoster, spare: Int) -> ArenaIndex? {
        flat.arena.withUnsafeBytes { arena in
            flat.lengths.withUnsafeBytes { lengths in
                ArenaIndex(arena: arena, lengths: lengths, count: flat.records.count, capacity: flat.records.count + spare)
            }
        }
    }

    /// The roster `flat` loads to, with room for `spare` more records, given `index` in place
    /// of hashing its IDs; whether the load asked for it is in `asked`.
    static func loaded(_ flat: FlatRoster, spare: Int = 0, index: ArenaIndex?, asked: inout Bool) throws(InconsistentState) -> Roster {
        var wasAsked = false
        defer { asked = wasAsked }
        return try flat.withSource { (source) throws(InconsistentState) in
            var source = source
            source.spareRecords = spare
            source.arenaIndex = {
                wasAsked = true
                return index
            }
            return try Roster(source: source)
        }
    }

    /// `flat` with its IDs numbered backwards: the same roster, in a numbering no roster writes
    /// (snapshots before 2026-12-02 numbered inboxes in the order their roster first saw them).
    static func renumberedBackwards(_ flat: FlatRoster) -> FlatRoster {
        var starts = [0]
        for length in flat.lengths { starts.append(starts.last! + Int(length)) }
        let count = flat.lengths.count
        func renumbered(_ number: UInt32) -> UInt32 { number == PackedRecord.noAdder ? number : UInt32(count - 1) - number }
        var arena: [UInt8] = []
        for number in (0..<count).reversed() { arena += flat.arena[starts[number]..<starts[number + 1]] }
        let records = flat.records.map { record in
            var record = record
            record.inbox = renumbered(record.inbox)
            record.adder = renumbered(record.adder)
            return record
        }
        return FlatRoster(
            arena: arena, lengths: flat.lengths.reversed(), records: records,
            keys: flat.keys.map { FlatRoster.KeyedInbox(inbox: renumbered($0.inbox), keys: $0.keys) })
    }

    @Test(arguments: [0, 700])
    func aRosterIndexedFromItsArenaReadsAndChangesAsOneThatHashedItsIDs(spare: Int) throws {
        var rosters = [Roster()]
        LoadedRosterTests.write(3_000, seed: 5, to: &rosters)
        let flat = rosters[0].flat
        var asked = false
        let index: ArenaIndex = try #require(Self.arenaIndex(of: flat, spare: spare))
        rosters.append(try Self.loaded(flat, spare: spare, index: index, asked: &asked))
        #expect(asked)
        #expect(rosters[1] == rosters[0])
        LoadedRosterTests.expectSameReads(rosters[1], rosters[0])
        // Writes over it, which fill the room it was built with and grow the index past it.
        LoadedRosterTests.write(2_000, seed: 55, movesOneIn: 2, to: &rosters)
        LoadedRosterTests.expectSameReads(rosters[1], rosters[0])
    }

    /// The arena index of a roster numbered otherwise indexes numbers, not places: the load
    /// must build its own, or every lookup would land on another record.
    @Test func anIndexOfNumbersIsNotUsedForARosterNumberedOutOfRecordOrder() throws {
        var built = [Roster()]
        LoadedRosterTests.write(1_000, seed: 9, to: &built)
        let flat = Self.renumberedBackwards(built[0].flat)
        #expect(flat.records.map(\.inbox) != Array(0..<UInt32(flat.records.count)))
        var asked = false
        let index: ArenaIndex = try #require(Self.arenaIndex(of: flat, spare: 0))
        let loaded = try Self.loaded(flat, index: index, asked: &asked)
        LoadedRosterTests.expectSameReads(loaded, built[0])
    }

    /// An index built for another room than the load keeps is not used either: the roster
    /// would regrow it at its first new record, or run out of room for the spare ones.
    @Test func anIndexBuiltForOtherRoomIsNotUsed() throws {
        var built = [Roster()]
        LoadedRosterTests.write(500, seed: 3, to: &built)
        let flat = built[0].flat
        var asked = false
        let index: ArenaIndex = try #require(Self.arenaIndex(of: flat, spare: 0))
        let loaded = try Self.loaded(flat, spare: 100, index: index, asked: &asked)
        #expect(asked)
        LoadedRosterTests.expectSameReads(loaded, built[0])
    }

    @Test func aRepeatedIDHasNoArenaIndexAndIsRefusedByTheLoad() throws {
        let record = PackedRecord(
            inbox: 0, adder: PackedRecord.noAdder, ordinal: 0, joinedAt: 1_000, mutedUntil: 0, departedAt: 0,
            role: .superAdmin, state: .active, flags: .hasJoinedAt)
        var second = record
        (second.inbox, second.ordinal, second.role) = (1, 1, .member)
        let flat = FlatRoster(arena: Array("alixalix".utf8), lengths: [4, 4], records: [record, second], keys: [])
        #expect(Self.arenaIndex(of: flat, spare: 0) == nil)
        var asked = false
        #expect {
            _ = try Self.loaded(flat, index: nil, asked: &asked)
        } throws: { error in
            (error as? InconsistentState)?.reason.contains("appears twice") == true
        }
        #expect(asked)
    }

    /// An arena of fewer IDs than the records it is to index for has no index: the load then
    /// refuses the records' numbers itself.
    @Test func anArenaShortOfTheRecordsHasNoIndex() {
        let flat = FlatRoster(arena: Array("alix".utf8), lengths: [4], records: [], keys: [])
        let index = flat.arena.withUnsafeBytes { arena in
            flat.lengths.withUnsafeBytes { ArenaIndex(arena: arena, lengths: $0, count: 2, capacity: 2) }
        }
        #expect(index == nil)
    }
}
