import Foundation
import GroupAudit
import GroupBackends
import GroupCodec
import GroupCore
import GroupStore
import GroupTestSupport
import Synchronization
import Testing

/// A replica following a store (`StoreReplication`), from an LMDB source and, when the run has
/// a server, a PostgreSQL one, into LMDB: it catches up, then copies the commits, new groups and
/// claims made after, and refuses a replica that is not a copy of the source.
struct StoreReplicationTests {
    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case lmdb, postgres
        var testDescription: String { rawValue }
        static let all: [Source] = PostgresTestSchema.serverURL == nil ? [.lmdb] : [.lmdb, .postgres]
    }

    /// Runs `body` with an empty source of the kind and an empty LMDB replica.
    private func withStores(_ kind: Source, _ body: (any GroupLogStorage, any GroupLogStorage) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("grouplog-replica-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let replica = try StoreAddress(root + "/replica").open(StoreOptions(create: true))
        switch kind {
        case .lmdb:
            try await body(try StoreAddress(root + "/source").open(StoreOptions(create: true)), replica)
        case .postgres:
            _ = try await PostgresTestSchema.with { schema in
                try await body(try StoreAddress(schema.url).open(StoreOptions(create: true)), replica)
            }
        }
    }

    /// Every group with its head and state hash, then every claim: what a replica must equal.
    private func contents(_ store: any GroupLogStorage) throws -> [String] {
        var lines: [String] = []
        for summary in try store.groups() {
            let state = try store.state(of: summary.group).state.map { StateCodec.hash($0).hex } ?? "none"
            lines.append("\(summary.group) head \(summary.headSequence) state \(state)")
        }
        for entry in try store.claims(after: nil, limit: .max) { lines.append("\(entry.inbox) claims \(entry.claims)") }
        return lines
    }

    private func waitUntilEqual(_ replica: any GroupLogStorage, _ source: any GroupLogStorage) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while try contents(replica) != contents(source), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: Source.all)
    func catchesUpThenFollowsCommitsNewGroupsAndClaims(source kind: Source) async throws {
        try await withStores(kind) { source, replica in
            _ = try source.importFixture(smallFixture(), as: .named("alpha"))
            try source.claim(.handle("bo.eth"), for: .bo)
            let following = FollowingThread(StoreReplication(from: source, to: replica, batchSize: 2))
            try await waitUntilEqual(replica, source)
            #expect(try contents(replica) == contents(source))

            // Made while it follows: a commit to a known group, a rejected one, a new group, a claim.
            try source.submit(to: .named("alpha"), actor: .alix, time: 5_000, changes: [.updateName("followed")])
            _ = try source.ingest(Commit(groupID: .named("alpha"), sequence: 5, actor: .caro, time: 6_000, changes: [.addSuperAdmin(.caro)],
                                         previousHash: CommitCodec.hash(try #require(source.commits(of: .named("alpha")).last?.commit))))
            try source.submit(to: .named("beta"), actor: .caro, time: 7_000, changes: [.create(CreateConversation(members: [.alix]))])
            try source.claim(.handle("caro.eth"), for: .caro)
            try await waitUntilEqual(replica, source)
            let (caughtUp, failure) = try await following.stop()
            #expect(caughtUp)
            #expect(failure == nil)
            #expect(try contents(replica) == contents(source))
            #expect(try replica.commits(of: .named("alpha")).last?.outcome.isApplied == false)
            #expect(try replica.verify() == [])
        }
    }

    /// Changes the feed could not account for make a round compare every group and copy the
    /// whole directory; a notice about a group the source does not have is passed over.
    @Test(arguments: Source.all)
    func incompleteChangesCompareEverything(source kind: Source) async throws {
        try await withStores(kind) { source, replica in
            let replication = StoreReplication(from: source, to: replica)
            _ = try source.importFixture(smallFixture(), as: .named("alpha"))
            try source.claim(.handle("bo.eth"), for: .bo)
            let cursor = source.changeCursor()
            try replication.follow(StoreChanges(cursor: cursor, groups: [.named("not-in-source")], inboxes: [], complete: true))
            #expect(try replica.groups().isEmpty)
            var rounds: [ReplicationRound] = []
            try replication.follow(StoreChanges(cursor: cursor, groups: [], inboxes: [], complete: false)) { progress in
                if case let .followed(round) = progress { rounds.append(round) }
            }
            #expect(try contents(replica) == contents(source))
            #expect(rounds.map(\.commits) == [4] && rounds.map(\.groups) == [1] && rounds.map(\.inboxes) == [1])
        }
    }

    /// A replica whose log is not a prefix of the source's stops the replication; nothing of
    /// the group is written.
    @Test(arguments: Source.all)
    func aReplicaThatDivergedIsRefused(source kind: Source) async throws {
        try await withStores(kind) { source, replica in
            let replication = StoreReplication(from: source, to: replica)
            try source.submit(to: .named("alpha"), actor: .alix, time: 1, changes: [.create(CreateConversation())])
            try replica.submit(to: .named("alpha"), actor: .bo, time: 1, changes: [.create(CreateConversation())])
            try replica.submit(to: .named("alpha"), actor: .bo, time: 2, changes: [.updateName("mine")])
            let cursor = source.changeCursor()
            #expect(throws: StoreCopyError.destinationDiffers(.named("alpha"), reason: "it holds 2 commits, the source 1")) {
                try replication.follow(StoreChanges(cursor: cursor, groups: [.named("alpha")], inboxes: [], complete: true))
            }
            try source.submit(to: .named("alpha"), actor: .alix, time: 2, changes: [.updateName("theirs")])
            try source.submit(to: .named("alpha"), actor: .alix, time: 3, changes: [.updateName("and more")])
            #expect { try replication.follow(StoreChanges(cursor: cursor, groups: [], inboxes: [], complete: false)) } throws: { error in
                guard case .destination(.ingestRefused(.named("alpha")?, sequence: 2, _))? = error as? StoreCopyError else { return false }
                return true
            }
            #expect(try replica.headSequence(of: .named("alpha")) == 1)
        }
    }
}

/// A replication running on a thread of its own until stopped.
private final class FollowingThread: Sendable {
    private let stopRequested = Atomic<Bool>(false)
    private let finished = Mutex<(caughtUp: Bool, failure: StoreCopyError?)?>(nil)
    private let caughtUp = Atomic<Bool>(false)

    init(_ replication: StoreReplication) {
        Thread.detachNewThread { [self] in
            var failure: StoreCopyError?
            do throws(StoreCopyError) {
                try replication.run(wait: .milliseconds(50), shouldStop: { self.stopRequested.load(ordering: .relaxed) }) { progress in
                    if case .caughtUp = progress { self.caughtUp.store(true, ordering: .relaxed) }
                }
            } catch {
                failure = error
            }
            let caughtUp = caughtUp.load(ordering: .relaxed)
            finished.withLock { $0 = (caughtUp, failure) }
        }
    }

    /// Asks it to stop, and returns once it has: whether it caught up, and how it failed.
    func stop() async throws -> (caughtUp: Bool, failure: StoreCopyError?) {
        stopRequested.store(true, ordering: .relaxed)
        while true {
            if let result = finished.withLock({ $0 }) { return result }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
