import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Synchronization
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// `grouplog replicate --from postgresql://... --to DIR` as a process: killed with SIGKILL again
/// and again while a writer keeps writing, it goes on where it stopped, and the replica ends
/// equal to its source; while following, it receives what other processes commit and claim; a
/// SIGTERM stops it with exit 0 and its summary, SIGINT (Ctrl-C) with exit 130 and its summary.
///
/// The replica is an LMDB store, which this process opens to check it: LMDB readers in one
/// process and a writer in another do not disturb each other, and a writer killed in the middle
/// of a transaction leaves the last committed one.
@Suite(.enabled(if: TestBackend.postgresURL != nil, "no PostgreSQL server for this run: start one with scripts/postgres.sh"))
struct PostgresReplicateKilledTests {
    /// A writer thread submits to PostgreSQL without pause, in a few groups and in groups it
    /// creates as it goes, and `grouplog identity claim` children claim handles; meanwhile a
    /// `grouplog replicate` is started and killed with SIGKILL after a seeded random delay, 6
    /// times. After each kill, every group of the replica is a prefix of its source log (its last
    /// commit is the source's) and `verify` is clean. Once the writer stops, `replicate --once`
    /// brings the replica level: the same groups at the same heads, the same state hashes, the
    /// same claims, `verify` clean.
    @Test(.timeLimit(.minutes(3))) func replicateKilledWithSIGKILLResumesAndEndsEqualToItsSource() async throws {
        let binary = try #require(GrouplogBinary.path, Comment(rawValue: GrouplogBinary.missing))
        var random = SeededGenerator(seed: 1_515)
        let place = try TestBackend.postgres.makePlace()
        defer { place.remove() }
        let url = TestBackend.url(try #require(TestBackend.postgresURL), schema: place.root)
        let source = try PostgresStore(url: url, options: StoreOptions(create: true))
        let writer = try Writer(url: url)
        defer { writer.stop() }
        let writing = Task { await OffPool.run { writer.run() } }
        try await inScratchDirectory { root in
            let replica = root + "/replica"
            let claimers = ["bo", "caro", "davon"]
            var held: [String] = []
            for round in 0..<6 {
                let replicate = try Child(binary, ["replicate", "--from", url, "--to", replica, "--wait", "200"])
                let delay = random.int(200...1_200)
                // Every other round an inbox claims a handle while the replica runs.
                if round % 2 == 1 {
                    try await Task.sleep(for: .milliseconds(delay / 2))
                    let inbox = claimers[round / 2]
                    let claimed = try await Child(binary, ["--store", url, "identity", "claim", inbox, "--handle", inbox + ".eth"]).finished()
                    #expect(claimed.status == 0, "round \(round): \(claimed.stderr)")
                    try await Task.sleep(for: .milliseconds(delay - delay / 2))
                } else {
                    try await Task.sleep(for: .milliseconds(delay))
                }
                let ranUntilKilled = replicate.isRunning
                replicate.send(SIGKILL)
                let ended = await replicate.finished()
                #expect(ranUntilKilled && ended.status == 128 + SIGKILL,
                        "round \(round): the replica stopped by itself (exit \(ended.status)): \(ended.stderr)")
                let commits = try Self.checkPrefixes(in: replica, of: source, round: round)
                held.append(commits.map { "\($0)" } ?? "no store yet")
            }
            writer.stop()
            let written = await writing.value
            #expect(written.failures == [], "the writer's submits failed")
            let caughtUp = try await Child(binary, ["replicate", "--from", url, "--to", replica, "--once"]).finished()
            #expect(caughtUp.status == 0, "\(caughtUp.stderr)")
            #expect(caughtUp.stdout.hasPrefix("replicated \(written.groups) groups (\(written.submits) commits) from "), "\(caughtUp.stdout)")
            try Self.expectEqual(replica: replica, source: source)
            // Informational: how far each killed replica had come.
            print("PostgresReplicateKilledTests: \(written.submits) commits in \(written.groups) groups; "
                + "the replica held \(held.joined(separator: ", ")) commits after each kill")
        }
    }

    /// A commit to a group the replica holds, a new group and a claim, each made by a
    /// `grouplog` process of its own, reach a following `grouplog replicate`: the replica is read
    /// until they are there (the deadline only ends a test that would otherwise hang: a replica
    /// that hears no notification never copies them). SIGTERM then stops it, exit 0, its
    /// summary counting the 2 commits copied while following.
    @Test(.timeLimit(.minutes(2))) func commitsAndClaimsOfOtherProcessesReachAFollowingReplica() async throws {
        let binary = try #require(GrouplogBinary.path, Comment(rawValue: GrouplogBinary.missing))
        let place = try TestBackend.postgres.makePlace()
        defer { place.remove() }
        let url = TestBackend.url(try #require(TestBackend.postgresURL), schema: place.root)
        let source = try PostgresStore(url: url, options: StoreOptions(create: true))
        let team = GroupID.named("team"), crew = GroupID.named("crew")
        try source.submit(to: team, actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo], name: "Team"))])
        try await inScratchDirectory { root in
            let replica = root + "/replica"
            let replicate = try Child(binary, ["replicate", "--from", url, "--to", replica])
            defer { Self.kill(replicate) }
            let caughtUp = await Self.poll(replica) { try $0.headSequence(of: team) == 0 }
            try #require(caughtUp, "the replica never held the team's first commit")

            let steps: [[String]] = [
                ["submit", "team", "--actor", "alix", "--time", "2000", "--changes", #"[{"op": "updateName", "name": "Team 2"}]"#],
                ["identity", "claim", "bo", "--handle", "bo.eth"],
                ["submit", "crew", "--actor", "caro", "--time", "3000", "--changes", #"{"op": "create", "members": ["alix"], "name": "Crew"}"#],
            ]
            for words in steps {
                let done = try await Child(binary, ["--store", url] + words).finished()
                #expect(done.status == 0, "\(words): \(done.stderr)")
            }
            let arrived = await Self.poll(replica) { store in
                try store.headSequence(of: team) == 1 && store.headSequence(of: crew) == 0
                    && store.identities(of: .bo) == [try PublicIdentity(.handle, "bo.eth")]
            }
            #expect(arrived, "the other processes' commits and claim never reached the replica")
            if arrived { try Self.expectEqual(replica: replica, source: source) }

            replicate.send(SIGTERM)
            let ended = await replicate.finished()
            #expect(ended.status == 0, "\(ended.stderr)")
            #expect(ended.stdout.hasPrefix("replicated 1 groups (1 commits) from \(PostgresStore.displayed(url)) to \(replica), then 2 commits in "),
                    "\(ended.stdout)")
        }
    }

    /// SIGTERM and SIGINT stop a following `grouplog replicate` after the round in hand, however
    /// long its `--wait` (here an hour, past the time limit): the caught-up line on standard
    /// error, the summary on standard output, a replica that verifies clean, and exit 0 for
    /// SIGTERM (a service manager's orderly stop) or 130 for SIGINT (Ctrl-C, as every long
    /// command).
    @Test(.timeLimit(.minutes(2)), arguments: [SIGTERM, SIGINT])
    func aStoppedReplicateEndsWithItsSummary(signal: Int32) async throws {
        let binary = try #require(GrouplogBinary.path, Comment(rawValue: GrouplogBinary.missing))
        let place = try TestBackend.postgres.makePlace()
        defer { place.remove() }
        let url = TestBackend.url(try #require(TestBackend.postgresURL), schema: place.root)
        let source = try PostgresStore(url: url, options: StoreOptions(create: true))
        let team = GroupID.named("team")
        try source.submit(to: team, actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo], name: "Team"))])
        try source.submit(to: team, actor: .alix, time: 2_000, changes: [.updateName("Team 2")])
        try source.submit(to: team, actor: .alix, time: 3_000, changes: [.updateDescription("the team")])
        try await inScratchDirectory { root in
            let replica = root + "/replica"
            let replicate = try Child(binary, ["replicate", "--from", url, "--to", replica, "--wait", "3600000"])
            defer { Self.kill(replicate) }
            // The handlers are set before the catch-up writes anything.
            let caughtUp = await Self.poll(replica) { try $0.headSequence(of: team) == 2 }
            try #require(caughtUp, "the replica never caught up")
            replicate.send(signal)
            let ended = await replicate.finished()
            let from = PostgresStore.displayed(url)
            #expect(ended.status == (signal == SIGINT ? 130 : 0), "\(ended.stderr)")
            #expect(ended.stderr.contains("replicate: caught up: 1 groups, 3 commits; following \(from)\n"), "\(ended.stderr)")
            #expect(ended.stdout.hasPrefix("replicated 1 groups (3 commits) from \(from) to \(replica), then 0 commits in "), "\(ended.stdout)")
            #expect(ended.stdout.hasSuffix(" rounds while following\n"), "\(ended.stdout)")
            try Self.expectEqual(replica: replica, source: source)
        }
    }

    // MARK: Helpers

    /// Checks the replica a killed `replicate` left in `directory`: every group it holds ends in
    /// the source's commit at that sequence (the logs are chained, so the whole prefix is the
    /// source's), and `verify` is clean.
    /// - Returns: the commits it holds; nil when the killed process had not made the store yet.
    private static func checkPrefixes(in directory: String, of source: PostgresStore, round: Int) throws -> UInt64? {
        let replica: GroupStore
        do throws(StoreError) {
            replica = try GroupStore(path: directory)
        } catch .notAStore {
            return nil
        }
        var held: UInt64 = 0
        for summary in try replica.groups() {
            let head = summary.headSequence
            let theirs = try source.storedCommits(of: summary.group, from: head, limit: 1)
            let ours = try replica.storedCommits(of: summary.group, from: head, limit: 1)
            #expect(!theirs.isEmpty && ours == theirs, "round \(round): commit \(head) of \(summary.group) is not the source's")
            held += head + 1
        }
        #expect(try replica.verify() == [], "round \(round)")
        return held
    }

    /// The replica in `directory` holds what `source` holds: the same groups at the same heads,
    /// each ending in the same commit, with the same state hash; the same claims; and `verify`
    /// is clean.
    private static func expectEqual(replica directory: String, source: PostgresStore) throws {
        let replica = try GroupStore(path: directory)
        let groups = try source.groups()
        #expect(try replica.groups().sorted { $0.group.rawValue < $1.group.rawValue } == groups.sorted { $0.group.rawValue < $1.group.rawValue })
        for summary in groups {
            let group = summary.group
            let theirs = try #require(try source.state(of: group).state)
            let ours = try #require(try replica.state(of: group).state)
            #expect(StateCodec.hash(ours).hex == StateCodec.hash(theirs).hex, "\(group): the states differ")
            #expect(try replica.storedCommits(of: group, from: summary.headSequence, limit: 1)
                == source.storedCommits(of: group, from: summary.headSequence, limit: 1), "\(group): the last commits differ")
        }
        let claims = try source.claims(after: nil, limit: 1_000)
        #expect(try replica.claims(after: nil, limit: 1_000) == claims)
        #expect(try replica.verify() == [])
    }

    /// Opens the replica in `directory` every 50 ms until `body` finds what it waits for, for up
    /// to `deadline` (generous: a loaded machine may take seconds to start a process). A store
    /// not made yet, or a group not there yet, is read again.
    private static func poll(_ directory: String, upTo deadline: Duration = .seconds(20), until body: (GroupStore) throws -> Bool) async -> Bool {
        let end = ContinuousClock.now + deadline
        while ContinuousClock.now < end {
            // Let go of each store before opening the next: one environment per process.
            let found: Bool = {
                guard let store = try? GroupStore(path: directory) else { return false }
                return (try? body(store)) == true
            }()
            if found { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Kills and reaps a child still running (a test that stopped early).
    private static func kill(_ child: Child) {
        guard child.isRunning else { return }
        child.send(SIGKILL)
        _ = child.finish()
    }
}

/// Submits to a PostgreSQL store from a thread of its own until stopped: renames, descriptions
/// and new members in the groups it made, and a new group every 40 submits (the first three
/// first), each submit durable before the next.
private final class Writer: Sendable {
    private let store: PostgresStore
    private let stopped = Atomic<Bool>(false)

    /// What the writer did.
    struct Report: Sendable {
        var submits = 0
        var groups = 0
        var failures: [String] = []
    }

    init(url: String) throws {
        store = try PostgresStore(url: url)
    }

    func stop() { stopped.store(true, ordering: .relaxed) }

    /// Writes until `stop()`, or until a tenth submit fails.
    func run() -> Report {
        var random = SeededGenerator(seed: 15)
        var report = Report()
        var members: [(group: GroupID, count: Int)] = []
        var time: Milliseconds = 1_000
        while !stopped.load(ordering: .relaxed) && report.failures.count < 10 {
            time += 1
            let index: Int?
            let changes: [Change]
            if members.count < 3 || report.submits % 40 == 0 {
                index = nil
                changes = [.create(CreateConversation(members: [.bo, .caro], name: "w\(members.count)"))]
            } else {
                let chosen = random.int(0...members.count - 1)
                index = chosen
                switch random.int(0...2) {
                case 0: changes = [.updateName("n\(time)")]
                case 1: changes = [.updateDescription("d\(time)")]
                default:
                    // Kept well under the store's default member limit.
                    changes = members[chosen].count < 100
                        ? [.addMembers(inboxes: [.named("m\(time)")], identities: [])] : [.updateName("full \(time)")]
                }
            }
            let group = index.map { members[$0].group } ?? .named("w\(members.count)")
            do {
                try store.submit(to: group, actor: .alix, time: time, changes: changes)
                report.submits += 1
                if let index {
                    if case .addMembers = changes[0] { members[index].count += 1 }
                } else {
                    members.append((group, 3))
                    report.groups += 1
                }
            } catch {
                report.failures.append("\(group) at \(time): \(error)")
            }
        }
        return report
    }
}
