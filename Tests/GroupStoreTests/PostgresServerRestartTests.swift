import Foundation
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// An acknowledged commit survives an immediate shutdown of the PostgreSQL server (`pg_ctl stop
/// -m immediate`: every server process ends at once, as in a crash, and the next start recovers
/// from the WAL); while the server is down a command is a clear store error (exit 3) that writes
/// nothing, and after the restart the next command reconnects and works, as does a store object
/// that was open all along.
///
/// The test stops and starts a cluster of its own (`PostgresCluster`), never the run's shared
/// server, so no other test can meet a server that is down.
@Suite(.serialized, .enabled(if: TestBackend.postgresURL != nil, "no PostgreSQL server for this run: start one with scripts/postgres.sh"))
struct PostgresServerRestartTests {
    /// `grouplog submit` in a loop, printing each acknowledged sequence, until a submit fails; it
    /// then exits with that submit's status. Arguments: binary, URL, group, base time, prefix.
    static let script = #"""
    i=0
    while :; do
      i=$((i+1))
      "$1" --store "$2" submit "$3" --actor alix --time $(($4+i)) --changes "[{\"op\": \"updateName\", \"name\": \"$5-$i\"}]" || exit $?
    done
    """#

    @Test(.timeLimit(.minutes(5))) func acknowledgedCommitsSurviveAnImmediateShutdownAndTheNextCommandReconnects() async throws {
        let binary = try #require(GrouplogBinary.path, Comment(rawValue: GrouplogBinary.missing))
        let group = GroupID.named("durable")
        var random = SeededGenerator(seed: 715)
        _ = try await PostgresCluster.with { cluster in
            let url = cluster.url
            let created = try await Child(binary, ["--store", url, "init"]).finished()
            try #require(created.status == 0, "\(created.stderr)")
            // A node open across every restart, as a long-running application server's would be.
            let node = try PostgresStore(url: url)
            try node.submit(to: group, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            var head: UInt64 = 0
            var acknowledgedInAll = 0
            var inFlight = 0
            for round in 0..<3 {
                let base = UInt64(1_000_000 * (round + 1))
                let prefix = "r\(round)"
                let writer = try Child("/bin/sh", ["-c", Self.script, "sh", binary, url, group.rawValue, "\(base)", prefix])
                try await Task.sleep(for: .milliseconds(random.int(200...600)))
                try await cluster.stop(mode: "immediate")

                // The writer's submit in flight (or the next one) failed with a store error.
                let stopped = await writer.finished()
                #expect(stopped.status == 3, "round \(round): the writer ended with \(stopped.status): \(stopped.stderr)")
                #expect(stopped.stderr.hasPrefix("grouplog: storage error: "), "round \(round): \(stopped.stderr)")
                let acknowledged = stopped.stdout.split(separator: "\n").map { UInt64($0) }
                #expect(!acknowledged.contains(nil), "round \(round): unexpected output \(stopped.stdout.debugDescription)")

                // While the server is down, every command is a clear store error naming the store.
                for words in [["submit", group.rawValue, "--actor", "alix", "--time", "\(base + 800_000)", "--changes", #"{"op": "updateName", "name": "while down"}"#],
                              ["verify"], ["state", group.rawValue]] {
                    let refused = try await Child(binary, ["--store", url] + words).finished()
                    #expect(refused.status == 3, "round \(round) \(words[0]) while down: \(refused.status) \(refused.stderr)")
                    #expect(refused.stderr.hasPrefix("grouplog: storage error: connect to \(url): "), "round \(round): \(refused.stderr)")
                    #expect(refused.stdout.isEmpty)
                }
                // A store object cannot be opened either. (The open node is left alone: its idle
                // connection must be found dead after the restart, below.)
                #expect { try PostgresStore(url: url) } throws: { "\($0)".contains("connect to \(url)") }

                try await cluster.start()
                // Every acknowledged commit is there; at most the one in flight follows them.
                let after = try PostgresStore(url: url)
                let newHead = try after.headSequence(of: group)
                for (index, sequence) in acknowledged.compactMap({ $0 }).enumerated() {
                    #expect(sequence == head + 1 + UInt64(index), "round \(round): acknowledged \(acknowledged)")
                }
                let unacknowledged = Int(newHead) - Int(head) - acknowledged.count
                acknowledgedInAll += acknowledged.count
                if unacknowledged == 1 { inFlight += 1 }
                #expect(unacknowledged == 0 || unacknowledged == 1,
                        "round \(round): head \(newHead) after \(head) with \(acknowledged.count) acknowledged")
                // Each commit of the round is whole and in order, and nothing written while down.
                for (index, logged) in try after.commits(of: group, from: head + 1).enumerated() {
                    let number = index + 1
                    #expect(logged.outcome == .applied)
                    #expect(logged.commit.changes == [.updateName("\(prefix)-\(number)")], "round \(round) commit \(logged.commit.sequence)")
                    #expect(logged.commit.time == base + UInt64(number))
                }
                #expect(try after.verify() == [], "round \(round)")
                let verified = try await Child(binary, ["--store", url, "verify"]).finished()
                #expect(verified.status == 0 && verified.stdout == "verify: no problems\n", "round \(round): \(verified)")

                // The open node reconnects: its first call after the restart works.
                #expect(try node.headSequence(of: group) == newHead, "round \(round)")
                // Its listener has reconnected too: another process's commit wakes its waiter.
                let woken = WaitResult()
                let waiting = Thread { woken.set(Result { () throws(StoreError) in
                    try node.blockUntilCommits(in: group, after: newHead, timeout: .seconds(3_600))
                }) }
                waiting.start()
                while node.waitingCount(of: group) == 0 { try await Task.sleep(for: .milliseconds(1)) }
                // The next command reconnects and works.
                let next = try await Child(binary, [
                    "--store", url, "submit", group.rawValue, "--actor", "alix", "--time", "\(base + 900_000)",
                    "--expect-sequence", "\(newHead + 1)", "--changes", #"{"op": "updateName", "name": "after the restart"}"#,
                ]).finished()
                #expect(next.status == 0 && next.stdout == "\(newHead + 1)\n", "round \(round): \(next)")
                #expect(try await OffPool.run { woken.wait() }.get() == newHead + 1, "round \(round)")
                head = newHead + 1
            }
            #expect(try node.verify() == [])
            // Informational: how much the writers got done before each shutdown.
            print("PostgresServerRestartTests: \(acknowledgedInAll) commits acknowledged over 3 immediate shutdowns, \(inFlight) committed but not acknowledged; head \(head)")
        }
    }
}

/// What a waiting thread's call returned, handed to the test's thread.
private final class WaitResult: @unchecked Sendable {
    // @unchecked: `result` is written once before `done` is signalled, and read after.
    private var result: Result<UInt64, StoreError>?
    private let done = DispatchSemaphore(value: 0)

    func set(_ value: Result<UInt64, StoreError>) {
        result = value
        done.signal()
    }

    func wait() -> Result<UInt64, StoreError> {
        done.wait()
        return result!
    }
}
