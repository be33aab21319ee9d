import Foundation
@testable import GroupLog
import GroupStorePostgres
import GroupTestSupport
import Testing

/// LISTEN/NOTIFY across processes, through the library: a conversation's `streamEvents()` in
/// this process, on a PostgreSQL store, receives the commits a `grouplog submit` child process
/// makes. The stream reads the head again only once an hour, so only the server's notification
/// can deliver them within the time limit.
@Suite(.enabled(if: PostgresTestSchema.serverURL != nil, "no PostgreSQL server for this run: start one with scripts/postgres.sh"))
struct PostgresStreamProcessTests {
    let named = GroupID.named("team")

    @Test(.timeLimit(.minutes(1))) func aStreamReceivesCommitsMadeByAnotherProcess() async throws {
        let binary = try #require(StreamBinary.path, "the grouplog binary was not found next to the test bundle; build it with `swift build --build-tests`")
        _ = try await PostgresTestSchema.with { schema in
            let store = try GroupLogStore(url: schema.url, options: .init(create: true, now: CountingClock().now))
            defer { store.close() }
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            // The stream runs in a task of its own and hands on what it delivers.
            let (delivered, deliver) = AsyncStream<GroupEvent>.makeStream()
            let stream = group.streamEvents(interval: .seconds(3_600))
            let streaming = Task {
                for try await event in stream { deliver.yield(event) }
            }
            defer { streaming.cancel() }
            var received = delivered.makeAsyncIterator()
            let postgres = try #require(try store.open() as? PostgresStore)
            for (round, name) in ["from another process", "and once more"].enumerated() {
                // Committed only once the stream waits (having delivered the commit before), so
                // that only a notification can wake it.
                while postgres.waitingCount(of: named) == 0 { try await Task.sleep(for: .milliseconds(1)) }
                let child = Process()
                child.executableURL = URL(fileURLWithPath: binary)
                child.arguments = [
                    "--store", schema.url, "submit", named.rawValue, "--actor", "bo", "--time", "\(10_000 + round)",
                    "--changes", #"[{"op": "updateName", "name": "\#(name)"}]"#,
                ]
                child.standardInput = FileHandle.nullDevice
                child.standardOutput = FileHandle.nullDevice
                try child.run()
                child.waitUntilExit()
                #expect(child.terminationReason == .exit && child.terminationStatus == 0)
                let event = await received.next()
                #expect(event?.sequence == UInt64(round + 1))
                #expect(event?.actor == .bo)
                #expect(event?.outcome == .applied)
                #expect(try await group.state().name == name)
            }
        }
    }
}
