import Foundation
import GroupTestSupport
import Testing
@testable import grouplog

/// LISTEN/NOTIFY across processes, through the command line: a `grouplog watch` child process
/// on a PostgreSQL store prints each commit other processes make, once, in order.
@Suite(.enabled(if: PostgresTestSchema.serverURL != nil, "no PostgreSQL server for this run: start one with scripts/postgres.sh"))
struct PostgresWatchProcessTests {
    @Test(.timeLimit(.minutes(1))) func watchPrintsCommitsMadeByOtherProcesses() async throws {
        let binary = try #require(BuiltBinary.url, "the grouplog binary was not found next to the test bundle (build it with `swift build`)")
        _ = try await PostgresTestSchema.with { schema in
            let store = schema.url
            #expect(grouplog("--store", store, "init").status == .success)
            let created = grouplog("--store", store, "submit", "team", "--actor", "alix", "--time", "1000",
                                   "--changes", #"[{"op": "create", "members": ["bo", "caro"], "name": "Team"}]"#)
            #expect(created.status == .success, "\(created.stderr)")
            let watcher = try WatchProcess(binary, ["--store", store, "watch", "team"])
            defer { watcher.stop() }
            try #require(await OffPool.run { watcher.waitUntilPolling(upTo: .seconds(50)) }, "the watcher never reached its waiting loop")

            // One commit by a `grouplog submit` process of its own, one by this process.
            let child = Process()
            child.executableURL = binary
            child.arguments = ["--store", store, "submit", "team", "--actor", "alix", "--time", "2000",
                               "--changes", #"[{"op": "updateName", "name": "Team 2"}]"#]
            child.standardInput = FileHandle.nullDevice
            child.standardOutput = FileHandle.nullDevice
            try child.run()
            child.waitUntilExit()
            #expect(child.terminationReason == .exit && child.terminationStatus == 0)
            let removed = grouplog("--store", store, "submit", "team", "--actor", "alix", "--time", "3000",
                                   "--changes", #"{"op": "removeMembers", "inboxes": ["caro"]}"#)
            #expect(removed.status == .success, "\(removed.stderr)")

            let expected = grouplog("--store", store, "log", "team", "--from", "1").lines
            #expect(expected == [
                #"#1 alix @2000 updateName "Team 2" -> applied [metadataChanged name]"#,
                "#2 alix @3000 removeMembers caro -> applied [memberRemoved caro]",
            ])
            // The wait is bounded by the test's time limit only; the waits run on a thread of
            // their own, so as not to hold one the other tests need.
            await OffPool.run { _ = watcher.wait(upTo: .seconds(50)) { $0.count >= expected.count } }
            let ended = await OffPool.run { watcher.interrupt() }
            #expect(ended.reason == .exit)
            #expect(ended.status == 130, "stderr: \(ended.stderr)")
            #expect(ended.stderr.hasPrefix("grouplog: interrupted: watched 2 commits of team"), "stderr: \(ended.stderr)")
            #expect(watcher.lines == expected)
        }
    }
}
