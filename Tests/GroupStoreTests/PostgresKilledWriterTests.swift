import Foundation
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// A `grouplog submit` writing to PostgreSQL and killed with SIGKILL loses nothing it
/// acknowledged and leaves nothing half written: the server rolls back the killed client's open
/// transaction, and a commit it had already made is whole.
@Suite(.enabled(if: TestBackend.postgresURL != nil, "no PostgreSQL server for this run: start one with scripts/postgres.sh"))
struct PostgresKilledWriterTests {
    /// A `sh` loop runs `grouplog submit` again and again, printing each acknowledged sequence;
    /// its whole process group is killed with SIGKILL after a seeded random delay, 8 times
    /// (ProcessTests does the same on LMDB). After each kill, once the server has let go of the
    /// killed connections: every acknowledged commit is there, at most the one commit in flight
    /// follows them, each whole and in order, `verify` is clean, two store objects read the same
    /// head, and the next submit works.
    ///
    /// A loop may be killed before its first submit commits (the delay can be shorter than a
    /// `grouplog` start): such a round adds nothing, and its log is read only when it grew.
    @Test(.timeLimit(.minutes(5))) func writerKilledWithSIGKILLLosesNothingAcknowledged() async throws {
        let binary = try #require(GrouplogBinary.path, Comment(rawValue: GrouplogBinary.missing))
        let group = GroupID.named("killed")
        var random = SeededGenerator(seed: 2_015)
        let place = try TestBackend.postgres.makePlace()
        defer { place.remove() }
        do {
            let url = TestBackend.url(try #require(TestBackend.postgresURL), schema: place.root)
            let store = try PostgresStore(url: url, options: StoreOptions(create: true))
            try store.submit(to: group, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            try await inScratchDirectory { root in
                var head: UInt64 = 0
                var acknowledgedInAll = 0
                var inFlight = 0
                for round in 0..<8 {
                    let base = UInt64(1_000_000 * (round + 1))
                    let prefix = "r\(round)"
                    // The loop's connections carry a name of their own, to find them on the server.
                    let application = "\(place.root)_r\(round)"
                    let loop = try SubmitLoop(binary: binary, store: url + "&application_name=" + application, group: group.rawValue,
                                              startTime: base, prefix: prefix, errors: root + "/loop-\(round).err")
                    try await Task.sleep(for: .milliseconds(random.int(100...600)))
                    let outcome = await OffPool.run { loop.kill() }
                    if let status = outcome.exitStatus {
                        let stderr = (try? String(contentsOfFile: root + "/loop-\(round).err", encoding: .utf8)) ?? ""
                        Issue.record("round \(round): the submit loop stopped by itself (exit \(status)) before it was killed: \(stderr)")
                    }
                    #expect(outcome.stragglers.isEmpty, "round \(round): processes of the killed group still ran: \(outcome.stragglers)")
                    // The server may still be finishing a killed client's COMMIT (or rolling back
                    // its transaction): read once its side of every killed connection has ended.
                    try await Self.waitUntilDisconnected(application, from: store)

                    let acknowledged = outcome.output.split(separator: "\n").map { UInt64($0) }
                    #expect(!acknowledged.contains(nil), "round \(round): unexpected output \(outcome.output.debugDescription)")
                    acknowledgedInAll += acknowledged.count
                    // A node that cached nothing, and the long-lived one, read the same head.
                    let node = try PostgresStore(url: url)
                    let newHead = try node.headSequence(of: group)
                    #expect(try store.headSequence(of: group) == newHead)
                    for (index, sequence) in acknowledged.compactMap({ $0 }).enumerated() {
                        #expect(sequence == head + 1 + UInt64(index), "round \(round): acknowledged \(acknowledged)")
                    }
                    let unacknowledged = Int(newHead) - Int(head) - acknowledged.count
                    if unacknowledged == 1 { inFlight += 1 }
                    #expect(unacknowledged == 0 || unacknowledged == 1,
                            "round \(round): head \(newHead) after \(head) with \(acknowledged.count) acknowledged")
                    // Every commit of the round, acknowledged or in flight, is whole and in order.
                    let roundsCommits = newHead > head ? try node.commits(of: group, from: head + 1) : []
                    for (index, logged) in roundsCommits.enumerated() {
                        let number = index + 1
                        #expect(logged.outcome == .applied)
                        #expect(logged.commit.changes == [.updateName("\(prefix)-\(number)")], "round \(round) commit \(logged.commit.sequence)")
                        #expect(logged.commit.time == base + UInt64(number))
                    }
                    #expect(try node.verify() == [], "round \(round)")
                    let state = try #require(try node.state(of: group).state)
                    #expect(state.lastAppliedSequence == newHead)
                    #expect(try store.state(of: group).state == state)
                    // The next submit works, right after the killed writer.
                    let next = try store.submit(to: group, actor: .alix, time: base + 900_000, changes: [.updateName("after \(round)")],
                                                expectedSequence: newHead + 1)
                    #expect(next.commit.sequence == newHead + 1)
                    head = newHead + 1
                }
                // Informational: how much the loops got done in all.
                print("PostgresKilledWriterTests: \(acknowledgedInAll) commits acknowledged over 8 killed writers, \(inFlight) killed after committing but before acknowledging; head \(head)")
            }
        }
    }

    /// Waits until the server has no connection named `application` any more (the time limit
    /// bounds the wait).
    private static func waitUntilDisconnected(_ application: String, from store: PostgresStore) async throws {
        while try store.reading({ connection throws(StoreError) in
            try connection.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", [.text(application)],
                                   operation: "count the killed writer's connections").int64(0, 0)
        }) > 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
