import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// PostgreSQL's group commit from the inside: batches served directly (`serveSubmits`), each
/// request judged as it would be alone, in round trips and statements that do not grow with the
/// batch, as libpq's own trace of the protocol counts them. The seam's suite (GroupCommitTests)
/// checks what concurrent submits give on every backend.
@Suite(.enabled(if: TestBackend.postgresURL != nil, "no PostgreSQL server for this run: start one with scripts/postgres.sh"))
struct PostgresGroupCommitTests {
    /// Everything a batch can hold at once (creations, a missing group, a group created after a
    /// submit to it found nothing, renames with and without an expected sequence, a conflict, a
    /// rejection, a refused creation, a DM, an identity to resolve, members added and removed, a
    /// listed group renamed and another deleted), served as one batch by one store and one by one
    /// by another: the same results, and the same logs, states, snapshots and indexes.
    @Test func aBatchJudgesEachRequestAsALoneSubmitWould() throws {
        try TestBackend.postgres.withPlace { batchedPlace throws in
            try TestBackend.postgres.withPlace { alonePlace throws in
                let batched = try Self.store(in: batchedPlace), alone = try Self.store(in: alonePlace)
                try Self.prepare(batched)
                try Self.prepare(alone)
                let requests = Self.mixedRequests()
                let together = batched.serveSubmits(requests)
                let separately = requests.map { alone.serveSubmits([$0])[0] }
                #expect(together == separately)

                let first = GroupID.named("b1"), dm = GroupID.dm(between: .alix, and: .bo)
                let expected: [Result<UInt64, StoreError>] = [
                    .success(0), .failure(.groupNotFound(.named("late"))), .success(0), .failure(.groupNotFound(.named("missing"))),
                    .success(1), .failure(.sequenceConflict(first, expected: 1, actual: 2)), .success(2), .success(0), .success(1),
                    .success(1), .success(1), .success(3),
                ]
                let sequences = together.map { $0.map(\.commit.sequence) }
                #expect(sequences.count == requests.count)
                for (index, (got, wanted)) in zip(sequences, expected).enumerated() {
                    #expect(got == wanted, "request \(index)")
                }
                // The three the reducer refused: a non-member's rename, a second creation, a DM of three.
                for index in [12, 13, 14] {
                    guard case .failure(.rejected) = sequences[index] else {
                        Issue.record("request \(index): \(sequences[index]), not a rejection")
                        continue
                    }
                }

                let inboxes: [InboxID] = [.alix, .bo, .caro, .fen, .gus]
                #expect(try StoreContents(batched, inboxes: inboxes) == StoreContents(alone, inboxes: inboxes))
                #expect(try batched.directory(after: nil, limit: 100) == alone.directory(after: nil, limit: 100))
                #expect(try batched.directory(after: nil, limit: 100).items.map(\.group) == [.named("listed")])
                #expect(try batched.dms(between: .bo, and: .alix) == [dm])
                #expect(try batched.groups(containing: .fen) == [.named("existing")])
                #expect(try batched.groups(containing: .caro) == [.named("existing")])
                #expect(try batched.verify() == [])
                // Nothing of the refused creations stays behind: no placeholder head, no group.
                #expect(try Self.placeholderCount(in: batched) == 0)
                #expect(try batched.groups().map(\.group).contains(.named("dm-of-three")) == false)
            }
        }
    }

    /// A batch on states this store has cached goes in one transaction sent whole; when another
    /// store (another process, say) moved one of its groups meanwhile, the check of the heads
    /// fails it, nothing of it is written, and it is served again locking first: each request
    /// gets what it would have got alone against the stored heads.
    @Test func aBatchJudgedOnAStateAnotherWriterMovedIsJudgedAgain() throws {
        try TestBackend.postgres.withPlace { place throws in
            let one = try Self.store(in: place), other = try Self.store(in: place)
            let groups = (1...3).map { GroupID.named("g\($0)") }
            for group in groups {
                try one.submit(to: group, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            }
            // `one` has cached g2 at sequence 0; `other` moves it to 1.
            try other.submit(to: groups[1], actor: .bo, time: 2, changes: [.updateName("moved elsewhere")])
            let served = try Self.traced(one, [
                SubmitRequest(group: groups[0], actor: .alix, time: 3, changes: [.updateName("one")], expectedSequence: 1),
                SubmitRequest(group: groups[1], actor: .alix, time: 3, changes: [.updateName("stale")], expectedSequence: 1),
                SubmitRequest(group: groups[2], actor: .gus, time: 3, changes: [.updateName("not a member")], expectedSequence: nil),
                SubmitRequest(group: groups[1], actor: .alix, time: 3, changes: [.updateName("two")], expectedSequence: 2),
            ])
            // The transaction sent whole on the cached states was refused by the check of the heads
            // (then served locking first, reading the states it had spent).
            #expect(served.refusals == ["23502"])
            let results = served.results
            let sequences = results.map { $0.map(\.commit.sequence) }
            #expect(sequences[0] == .success(1))
            #expect(sequences[1] == .failure(.sequenceConflict(groups[1], expected: 1, actual: 2)))
            #expect(GroupCommitTests.isNotAMember(results[2]))
            #expect(sequences[3] == .success(2))
            for store in [one, other] {
                #expect(try store.groups().map(\.headSequence) == [1, 2, 0])
                #expect(try store.state(of: groups[1]).state?.metadata.name == "two")
                #expect(try store.commits(of: groups[1]).map(\.commit.sequence) == [0, 1, 2])
                #expect(try store.verify() == [])
            }
        }
    }

    /// A database that lost the last commit a store cached (restored from a backup taken before
    /// it, say): the next batch on the cached state is refused by the check of the heads rather
    /// than written after a gap, and is served again from what the database holds.
    @Test func aCachedHeadTheDatabaseNoLongerHasIsNotBuiltOn() throws {
        try TestBackend.postgres.withPlace { place throws in
            let store = try Self.store(in: place)
            try store.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            try store.submit(to: .test, actor: .alix, time: 2, changes: [.updateName("kept")])
            try store.submit(to: .test, actor: .alix, time: 3, changes: [.updateName("lost")])
            // As the restore would leave it: commit 2 gone with what derives from it, the head at 1.
            let raw = try PGConnection(url: TestBackend.url(try #require(TestBackend.postgresURL), schema: place.root))
            let kept = try store.storedCommits(of: .test, from: 1, limit: 1)[0].commit
            try raw.transaction { raw throws(StoreError) in
                try raw.execute("ALTER TABLE grouplog_commits DISABLE TRIGGER grouplog_commits_append_only", operation: "allow a restore")
                for table in ["grouplog_commits", "grouplog_outcomes", "grouplog_snapshots"] {
                    try raw.execute("DELETE FROM \(table) WHERE sequence = 2", operation: "lose commit 2")
                }
                try raw.execute("UPDATE grouplog_groups SET head_sequence = 1, head_hash = $1", [.bytes(SHA256.hash(CommitCodec.encode(kept)).bytes)],
                                operation: "restore the head")
                try raw.execute("ALTER TABLE grouplog_commits ENABLE ALWAYS TRIGGER grouplog_commits_append_only", operation: "append-only again")
            }
            let served = try Self.traced(store, [SubmitRequest(group: .test, actor: .alix, time: 4, changes: [.updateName("after the restore")], expectedSequence: nil)])
            #expect(served.refusals == ["23502"])
            #expect(try served.results[0].get().commit.sequence == 2)
            #expect(try store.commits(of: .test).map(\.commit.sequence) == [0, 1, 2])
            #expect(try store.state(of: .test).state?.metadata.name == "after the restore")
            #expect(try store.verify() == [])
        }
    }

    /// What a batch costs, counted from libpq's trace of the protocol: on cached states, one
    /// round trip; with a group to create (or one not cached), two; in each case the same
    /// statements for 3 requests on 1 group as for 30 on 10, the batches alike but for their size.
    @Test func aBatchTakesTheSameRoundTripsAndStatementsWhateverItsSize() throws {
        try TestBackend.postgres.withPlace { place throws in
            let store = try Self.store(in: place)
            let existing = (0..<10).map { GroupID.named("e\($0)") }
            for group in existing {
                try store.submit(to: group, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            }
            var round = 0
            /// For each of `count` groups: a rename, a rename expecting a passed sequence, a rename by a non-member.
            func renames(_ count: Int) -> [SubmitRequest] {
                round += 1
                return existing.prefix(count).flatMap { group in [
                    SubmitRequest(group: group, actor: .alix, time: 2, changes: [.updateName("round \(round)")], expectedSequence: nil),
                    SubmitRequest(group: group, actor: .bo, time: 2, changes: [.updateName("late")], expectedSequence: 0),
                    SubmitRequest(group: group, actor: .gus, time: 2, changes: [.updateName("outsider")], expectedSequence: nil),
                ] }
            }
            /// The same, and as many groups created.
            func renamesAndCreations(_ count: Int) -> [SubmitRequest] {
                renames(count) + (0..<count).map { index in
                    SubmitRequest(group: .named("new-\(round)-\(index)"), actor: .alix, time: 2,
                                  changes: [.create(CreateConversation(members: [.bo]))], expectedSequence: nil)
                }
            }
            // Each statement is prepared the first time a connection sends it: measure after that.
            _ = try Self.traced(store, renames(1))
            _ = try Self.traced(store, renamesAndCreations(1))

            let cachedSmall = try Self.traced(store, renames(1)), cachedLarge = try Self.traced(store, renames(10))
            #expect(cachedSmall.roundTrips == 1)
            #expect(cachedLarge.roundTrips == 1)
            #expect(cachedLarge.statements == cachedSmall.statements, "\(cachedSmall.statements) statements for 3 requests, \(cachedLarge.statements) for 30")

            let lockingSmall = try Self.traced(store, renamesAndCreations(1)), lockingLarge = try Self.traced(store, renamesAndCreations(10))
            #expect(lockingSmall.roundTrips == 2)
            #expect(lockingLarge.roundTrips == 2)
            #expect(lockingLarge.statements == lockingSmall.statements, "\(lockingSmall.statements) statements for 4 requests, \(lockingLarge.statements) for 40")
            print("PostgresGroupCommitTests: a batch on cached states takes \(cachedSmall.statements) statements in 1 round trip; "
                + "one that creates groups \(lockingSmall.statements) in 2")

            #expect([cachedSmall, cachedLarge, lockingSmall, lockingLarge].flatMap(\.refusals) == [])
            let results = [cachedSmall, cachedLarge, lockingSmall, lockingLarge].flatMap(\.results)
            #expect(results.filter { (try? $0.get()) != nil }.count == 1 + 10 + 2 + 20)
            #expect(try store.verify() == [])
        }
    }

    /// A session whose prepared statements are gone (a pooler reset it with DISCARD ALL, say):
    /// the batch that finds out fails as a whole, its submits are served again one by one with
    /// the statements prepared anew, and each gets its commit.
    @Test func aSessionThatLostItsPreparedStatementsPreparesThemAgain() throws {
        try TestBackend.postgres.withPlace { place throws in
            let store = try Self.store(in: place)
            let groups = [GroupID.named("p1"), .named("p2")]
            for group in groups {
                try store.submit(to: group, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            }
            try store.pool.with { connection throws(StoreError) in
                #expect(!connection.preparedStatements.isEmpty)
                try connection.execute("DEALLOCATE ALL", operation: "forget the prepared statements")
            }
            let results = store.serveSubmits(groups.map { SubmitRequest(group: $0, actor: .alix, time: 2, changes: [.updateName("again")], expectedSequence: nil) })
            #expect(results.map { $0.map(\.commit.sequence) } == [.success(1), .success(1)])
            try store.submit(to: groups[0], actor: .alix, time: 3, changes: [.updateName("and again")])
            #expect(try store.groups().map(\.headSequence) == [2, 1])
            #expect(try store.verify() == [])
        }
    }

    /// One batch appending to three groups announces them in one NOTIFY, and a store on another
    /// connection wakes the waiters of each.
    @Test(.timeLimit(.minutes(1)))
    func aBatchWakesTheWaitersOfEachOfItsGroupsOnAnotherStore() async throws {
        let place = try TestBackend.postgres.makePlace()
        defer { place.remove() }
        let writer = try Self.store(in: place), watcher = try Self.store(in: place)
        let groups = (1...3).map { GroupID.named("w\($0)") }
        for group in groups {
            try writer.submit(to: group, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
        }
        let waits = groups.map { group in Task { try await watcher.waitForCommits(in: group, after: 0, timeout: .seconds(3600)) } }
        for group in groups {
            while watcher.waitingCount(of: group) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        }
        let results = writer.serveSubmits(groups.map { SubmitRequest(group: $0, actor: .alix, time: 2, changes: [.updateName("woken")], expectedSequence: 1) })
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        for wait in waits { #expect(try await wait.value == 1) }
    }

    /// The IDs of a transaction's groups go one a line, in payloads under PostgreSQL's limit of
    /// 8,000 bytes (the server takes the fullest), each group in exactly one; a payload of one
    /// group ID, as an older GroupLog sent, reads as that group.
    @Test func aNoticeNamesEachGroupOnceInPayloadsTheServerTakes() throws {
        let groups = (0..<200).map { GroupID.named(String(repeating: "g", count: 124) + "\($0)") }
        let payloads = PostgresCommitNotice.payloads(announcing: groups)
        #expect(payloads.count > 1)
        #expect(payloads.allSatisfy { $0.utf8.count <= PostgresCommitNotice.payloadLimit })
        #expect(payloads.flatMap(PostgresCommitNotice.groups(in:)) == groups)
        #expect(PostgresCommitNotice.payloads(announcing: []) == [])
        #expect(PostgresCommitNotice.groups(in: "team") == [.named("team")])
        #expect(PostgresCommitNotice.groups(in: "a\nnot a group\nb") == [.named("a"), .named("b")])

        let connection = try PGConnection(url: try #require(TestBackend.postgresURL))
        let fullest = try #require(payloads.max { $0.utf8.count < $1.utf8.count })
        try connection.notify("grouplog_test_limit", payload: fullest)
        #expect(throws: StoreError.self) {
            try connection.notify("grouplog_test_limit", payload: String(repeating: "g", count: PostgresCommitNotice.payloadLimit + 1))
        }
    }

    // MARK: Helpers

    private static func store(in place: StorePlace) throws -> PostgresStore {
        try #require(try place.open(StoreOptions(snapshotInterval: 1, create: true)) as? PostgresStore)
    }

    /// What `mixedRequests` starts from: a claim, a group, a listed group and one to delete.
    private static func prepare(_ store: PostgresStore) throws {
        try store.claim(.handle("fen.eth"), for: .fen)
        try store.submit(to: .named("existing"), actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo, .caro]))])
        try store.submit(to: .named("listed"), actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo], name: "listed", joinRule: .open))])
        try store.submit(to: .named("doomed"), actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo], name: "doomed", joinRule: .open))])
    }

    /// Requests for one batch, each against the state the ones before leave; `expected` in the
    /// test above lists what each gets (the last three are rejected).
    private static func mixedRequests() -> [SubmitRequest] {
        let first = GroupID.named("b1"), late = GroupID.named("late")
        func request(_ group: GroupID, _ actor: InboxID, _ changes: [Change], expecting sequence: UInt64? = nil) -> SubmitRequest {
            SubmitRequest(group: group, actor: actor, time: 5, changes: changes, expectedSequence: sequence)
        }
        return [
            request(first, .alix, [.create(CreateConversation(members: [.bo, .caro], name: "one"))]),
            request(late, .alix, [.updateName("too soon")]),
            request(late, .alix, [.create(CreateConversation(members: [.bo]))]),
            request(.named("missing"), .alix, [.updateName("nowhere")]),
            request(first, .bo, [.updateName("renamed")], expecting: 1),
            request(first, .caro, [.updateName("too late")], expecting: 1),
            request(first, .alix, [.removeMembers(inboxes: [.caro], withMessages: false)]),
            request(.dm(between: .alix, and: .bo), .alix, [.create(CreateConversation(kind: .dm, members: [.bo]))], expecting: 0),
            request(.named("existing"), .alix, [.addMembers(inboxes: [], identities: [ResolvedIdentity(.handle("fen.eth"), inbox: nil)])]),
            request(.named("listed"), .alix, [.updateName("listed, renamed")]),
            request(.named("doomed"), .alix, [.deleteGroup]),
            request(first, .alix, [.updateName("renamed again")]),
            request(first, .gus, [.updateName("not a member")]),
            request(first, .bo, [.create(CreateConversation(members: [.alix]))]),
            request(.named("dm-of-three"), .alix, [.create(CreateConversation(kind: .dm, members: [.bo, .caro]))]),
        ]
    }

    private static func placeholderCount(in store: PostgresStore) throws -> Int64 {
        try store.reading { connection throws(StoreError) in
            try connection.execute("SELECT count(*) FROM grouplog_groups WHERE head_sequence < 0", operation: "count placeholders").int64(0, 0)
        }
    }

    /// A batch served with libpq tracing the connection it runs on.
    struct Traced {
        let results: [Result<SubmittedCommit, StoreError>]
        /// Each a wait for the server: a sync point (ReadyForQuery) or the start of a COPY.
        let roundTrips: Int
        /// Each statement executed (Execute), or sent whole (Query).
        let statements: Int
        /// The SQLSTATE of each error the server sent.
        let refusals: [String]
    }

    /// Serves `requests` as one batch on the connection the store's pool hands out next (the
    /// one it was just handed back: the pool keeps idle connections last in, first out).
    private static func traced(_ store: PostgresStore, _ requests: [SubmitRequest]) throws -> Traced {
        let trace = try #require(try store.pool.with { connection throws(StoreError) in PGTrace(connection) })
        let results = store.serveSubmits(requests)
        let messages = trace.stop()
        #expect(!messages.isEmpty, "the batch ran on a connection that was not traced")
        return Traced(
            results: results,
            roundTrips: messages.filter { !$0.fromClient && ["ReadyForQuery", "CopyInResponse"].contains($0.name) }.count,
            statements: messages.filter { $0.fromClient && ["Execute", "Query"].contains($0.name) }.count,
            refusals: messages.filter { !$0.fromClient && $0.name == "ErrorResponse" }.map(\.sqlState))
    }
}
