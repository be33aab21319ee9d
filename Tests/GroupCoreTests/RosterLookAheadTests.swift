@testable import GroupCore
import GroupTestSupport
import Testing

/// A run of a log folds through `Replica.fold(_:recordingEvents:_:)`, which asks the CPU for the
/// roster records of the commits a few places ahead (`RosterLookAhead`, issue 18). The hints
/// must change nothing: the same outcomes, events and states as folding commit by commit, in a
/// group large enough for the look-ahead to run, through the roster's index growing and its
/// records moving; and the index's guess at a record's place must be the place a lookup finds.
struct RosterLookAheadTests {
    /// A group grown past the look-ahead's threshold, then a mix of everyday commits, some
    /// rejected, some of several changes, some adding and removing members.
    static let log = Array(RandomLog(seed: 18).growingCommits(count: 44_000, members: RosterLookAhead.minimumRecords + 4_000))

    @Test func aRunFoldsExactlyAsCommitByCommit() {
        var single = Replica()
        var expected: [(CommitOutcome, [DomainEvent])] = []
        for commit in Self.log { expected.append((single.fold(commit), single.lastEvents)) }
        #expect((single.state?.memberCount ?? 0) > RosterLookAhead.minimumRecords, "the group never grew large enough to look ahead")
        #expect(expected.contains { !$0.0.isApplied }, "the log has no rejected commit")

        var run = Replica()
        var position = 0
        var differences = 0
        run.fold(Self.log) { commit, outcome, events in
            if commit != Self.log[position] || outcome != expected[position].0 || events != expected[position].1 { differences += 1 }
            position += 1
        }
        #expect(position == Self.log.count)
        #expect(differences == 0)
        #expect(run == single)
    }

    /// The actor's hash the look-ahead hands the fold is that commit's actor's, or none: never
    /// another commit's (the fold would judge the wrong member), and none while the group is
    /// too small to look ahead or before the look-ahead has reached the commit.
    @Test func theActorHashHandedOnIsThatCommitsActors() {
        var replica = Replica()
        var lookAhead = RosterLookAhead()
        var handed = 0
        var wrong: [Int] = []
        // The first position whose fold the look-ahead ran before: it hashes two distances ahead.
        var lookingAheadSince: Int?
        for position in Self.log.indices {
            if lookingAheadSince == nil && (replica.state?.roster.recordCount ?? 0) >= RosterLookAhead.minimumRecords {
                lookingAheadSince = position
            }
            lookAhead.prepare(Self.log, before: position, for: replica)
            if let hash = lookAhead.actorHash {
                handed += 1
                if hash != PlaceIndex.hash(of: Self.log[position].actor) { wrong.append(position) }
            } else if let since = lookingAheadSince, position >= since + 2 * RosterLookAhead.distance {
                wrong.append(position)
            }
            replica.fold(Self.log[position], recordingEvents: false, actorHash: lookAhead.actorHash)
        }
        #expect(LookAheadRing.places == 2 * RosterLookAhead.distance)
        #expect(handed > 1_000, "the look-ahead handed on too few hashes to test: \(handed)")
        #expect(wrong.isEmpty, "wrong or missing hashes at \(wrong.prefix(5))")
    }

    /// Without events, in batches of 512 as a store's replay hands them over, each batch
    /// looking ahead only within itself.
    @Test func batchesWithoutEventsFoldAsOneRun() {
        var whole = Replica()
        var outcomes: [CommitOutcome] = []
        whole.fold(Self.log, recordingEvents: false) { _, outcome, events in
            outcomes.append(outcome)
            #expect(events.isEmpty)
        }
        var batched = Replica()
        var batchedOutcomes: [CommitOutcome] = []
        for first in stride(from: 0, to: Self.log.count, by: 512) {
            batched.fold(Array(Self.log[first..<min(first + 512, Self.log.count)]), recordingEvents: false) { _, outcome, _ in batchedOutcomes.append(outcome) }
        }
        #expect(batchedOutcomes == outcomes)
        #expect(batched == whole)
    }

    /// A body that throws stops the run after the commit it was handed: the replica holds the
    /// state after that commit.
    @Test func aThrowingBodyStopsAfterItsCommit() throws {
        struct Stop: Error {}
        let log = Array(Self.log.prefix(100))
        var replica = Replica()
        var handed = 0
        #expect(throws: Stop.self) {
            try replica.fold(log) { _, _, _ throws(Stop) in
                handed += 1
                if handed == 60 { throw Stop() }
            }
        }
        var expected = Replica()
        for commit in log.prefix(60) { expected.fold(commit) }
        #expect(handed == 60)
        #expect(replica == expected)
    }

    /// The inboxes a change names, as the look-ahead reads them without allocating: in argument
    /// order, the resolved identities' inboxes after the listed ones, repeats included, and no
    /// more once the reader says stop.
    @Test func namedInboxesAreVisitedInOrderUntilTheReaderStops() throws {
        let identity = ResolvedIdentity(try PublicIdentity(.account, "0xcaro"), inbox: .caro)
        let change = Change.addMembers(inboxes: [.bo, .davon, .bo], identities: [identity])
        var visited: [InboxID] = []
        change.visitNamedInboxes { visited.append($0); return true }
        #expect(visited == [.bo, .davon, .bo, .caro])
        #expect(change.namedInboxes == [.bo, .davon, .caro])
        var firstTwo: [InboxID] = []
        change.visitNamedInboxes { firstTwo.append($0); return firstTwo.count < 2 }
        #expect(firstTwo == [.bo, .davon])
        var none: [InboxID] = []
        Change.updateName("x").visitNamedInboxes { none.append($0); return true }
        #expect(none.isEmpty)
        var one: [InboxID] = []
        Change.addAdmin(.eri).visitNamedInboxes { one.append($0); return true }
        #expect(one == [.eri])
    }

    /// The place the index guesses from a hash's tag is the place a lookup finds, also when the
    /// probes of several hashes run into each other; a hash whose probe meets an empty slot
    /// first has no guess; an empty index has none and prefetches nothing.
    @Test func theIndexGuessesTheFoundPlace() throws {
        // Distinct tags (the high halves), with low halves that send runs of ten to one slot.
        let hashes = (0..<3_000).map { UInt64($0 + 1) << 32 | UInt64($0 / 10) }
        let index = try #require(hashes.withUnsafeBufferPointer { PlaceIndex(hashes: $0) { $0 == $1 } })
        let wrong = hashes.indices.filter { index.likelyPlace(hash: hashes[$0]) != $0 }
        #expect(wrong.isEmpty, "places guessed wrong: \(wrong.prefix(5))")
        #expect(index.likelyPlace(hash: UInt64(9_999) << 32 | 5_000) == nil)
        let empty = PlaceIndex()
        empty.prefetchSlot(hash: 42)
        #expect(empty.likelyPlace(hash: 42) == nil)
    }
}
