import GroupCodec
import GroupCore
import GroupTestSupport
import SQLiteEventStore
import Testing

/// The SQLite rival keeps the same logs as GroupLog: what it writes and replays folds to the
/// very state (by its hash) that GroupLog's `Replica` folds the log to.
struct SQLiteEventStoreTests {
    /// Random logs using every change kind but the field ops, the lifecycle's included, with a
    /// good share of rejected commits.
    static func randomLog(seed: UInt64) -> [Commit] {
        var settings = RandomLog(seed: seed)
        settings.lifecycle = true
        return settings.commits(count: 400)
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func ingestedLogReplaysToTheReplicasStateHash(seed: UInt64) throws {
        let log = Self.randomLog(seed: seed)
        var replica = Replica()
        let expectedOutcomes = log.map { replica.fold($0) }
        let expectedHash = try #require(replica.state.map(StateCodec.hash), "seed \(seed)")
        try withNewStore { store in
            var outcomes: [CommitOutcome] = []
            for start in stride(from: 0, to: log.count, by: 64) {
                outcomes += try store.ingest(Array(log[start..<min(start + 64, log.count)]))
            }
            #expect(outcomes == expectedOutcomes, "seed \(seed)")
            #expect(outcomes.contains { !$0.isApplied }, "seed \(seed): the log should hold rejected commits")
            #expect(try store.headSequence(of: .test) == UInt64(log.count - 1))
            let replayed = try store.replay(.test)
            #expect(replayed.state.map(StateCodec.hash) == expectedHash, "seed \(seed)")
        }
    }

    @Test func aLargerGrowingLogReplaysToTheReplicasState() throws {
        let log = Array(RandomLog(seed: 9).growingCommits(count: 700, members: 400, batchSize: 50))
        var replica = Replica()
        for commit in log { replica.fold(commit) }
        try withNewStore { store in
            try store.ingest(Array(log[..<300]))
            try store.ingest(Array(log[300...]))
            #expect(try store.replay(.test) == replica)
        }
    }

    @Test func stateAtASequenceIsTheReplayOfThatPrefix() throws {
        let log = Self.randomLog(seed: 5)
        try withNewStore { store in
            try store.ingest(log)
            for sequence in [0, 1, 57, 200, log.count - 1] {
                var replica = Replica()
                for commit in log[...sequence] { replica.fold(commit) }
                #expect(try store.state(of: .test, at: UInt64(sequence)) == replica.state, "at \(sequence)")
            }
            #expect(try store.state(of: .named("missing")) == nil)
        }
    }

    @Test func submitsAppendJudgedCommitsAndARejectionWritesNothing() throws {
        try withNewStore { store in
            #expect(throws: SQLiteEventStoreError.groupNotFound(.test)) {
                try store.submit(to: .test, actor: .alix, time: 1, changes: [.updateName("x")])
            }
            let created = try store.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            #expect(created.sequence == 0)
            let renamed = try store.submit(to: .test, actor: .bo, time: 2, changes: [.updateName("Team")])
            #expect(renamed.sequence == 1)
            // A member cannot make a super admin.
            let refused = #expect(throws: SQLiteEventStoreError.self) {
                try store.submit(to: .test, actor: .bo, time: 3, changes: [.addSuperAdmin(.bo)])
            }
            guard case let .rejected(rejection)? = refused else {
                Issue.record("expected a rejection, got \(String(describing: refused))")
                return
            }
            #expect(rejection.reason.code == "permissionDenied")
            #expect(try store.headSequence(of: .test) == 1)
            #expect(try store.state(of: .test)?.metadata.name == "Team")
            #expect(try store.submit(to: .test, actor: .alix, time: 4, changes: [.addAdmin(.bo)]).sequence == 2)
        }
    }

    /// Two connections on one file: each notices the other's commits through the head's
    /// sequence and rebuilds its cached state before judging.
    @Test func aSecondConnectionsCommitsAreSeenBeforeTheNextSubmit() throws {
        try withNewDatabase { path in
            let first = try SQLiteEventStore(path: path)
            let second = try SQLiteEventStore(path: path)
            try first.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            try second.submit(to: .test, actor: .alix, time: 2, changes: [.addAdmin(.bo)])
            // Only an admin may remove a member: this passes only if `first` sees the promotion.
            let removal = try first.submit(to: .test, actor: .bo, time: 3, changes: [.add(.caro), .remove(.caro)])
            #expect(removal.sequence == 2)
            #expect(try second.state(of: .test)?.memberCount == 2)
        }
    }

    @Test func anIngestOutOfSequenceWritesNothingOfItsBatch() throws {
        let log = Self.randomLog(seed: 6)
        try withNewStore { store in
            try store.ingest(Array(log[..<10]))
            #expect(throws: SQLiteEventStoreError.outOfSequence(.test, expected: 12, found: 13)) {
                try store.ingest(Array(log[10...11]) + Array(log[13...14]))
            }
            #expect(try store.headSequence(of: .test) == 9)
            try store.ingest(Array(log[10...]))
            var replica = Replica()
            for commit in log { replica.fold(commit) }
            #expect(try store.replay(.test) == replica)
        }
    }
}
