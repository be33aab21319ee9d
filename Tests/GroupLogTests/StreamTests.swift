import Foundation
@testable import GroupLog
@testable import GroupStore
import GroupTestSupport
import Testing

/// `Group.streamEvents()`: commits as they land, replay, cancellation, a closed store, and
/// commits made by another process. Waits give up after 20 s so a broken stream fails instead
/// of hanging; no timing decides a test.
struct StreamTests {
    let named = GroupID.named("team")

    @Test func deliversCommitsMadeAfterItStartsInOrder() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            let stream = group.streamEvents(interval: .milliseconds(5))
            let collecting = Task { try await collect(stream, count: 3) }
            try await group.updateName(name: "Team")
            try await group.addMembers(members: [.caro])
            try await group.acting(as: .bo).updateDescription(description: "plans")
            let events = try await collecting.value
            #expect(events.map(\.sequence) == [1, 2, 3])
            #expect(events.map(\.actor) == [.alix, .alix, .bo])
            #expect(events.allSatisfy { $0.outcome == .applied && $0.groupId == named })
            #expect(events[1].events == [.memberAdded(.caro, by: .alix)])
            #expect(events[0].events.count == 1 && events[2].events.count == 1)
            #expect(events[0].time < events[1].time && events[1].time < events[2].time)
        }
    }

    @Test func fromReplaysHistoryThenFollows() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            try await group.updateName(name: "Team")
            let everything = try await collect(group.streamEvents(from: 0, interval: .milliseconds(5)), count: 2)
            #expect(everything.map(\.sequence) == [0, 1])
            #expect(everything[0].events.contains(.groupCreated(creator: .alix)))
            let stream = group.streamEvents(from: 1, interval: .milliseconds(5))
            let collecting = Task { try await collect(stream, count: 2) }
            try await group.addMembers(members: [.caro])
            #expect(try await collecting.value.map(\.sequence) == [1, 2])
        }
    }

    /// A commit made through the same store wakes an idle stream at once: the stream waits up
    /// to an hour between reads, so only the wake can deliver the commits before the time limit.
    @Test(.timeLimit(.minutes(1))) func aCommitInThisProcessWakesAStreamThatWaitsAnHour() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            let stream = group.streamEvents(interval: .seconds(3_600))
            let collecting = Task { try await collect(stream, count: 2) }
            let lmdb = try #require(try store.open() as? GroupStore)
            for name in ["Team", "Team Two"] {
                // Committed only once the stream waits, so that the commit has to wake it.
                let deadline = ContinuousClock.now + .seconds(20)
                while lmdb.waiters.waitingCount(of: named) == 0 {
                    try #require(ContinuousClock.now < deadline, "the stream does not wait for the group's next commit")
                    try await Task.sleep(for: .milliseconds(1))
                }
                try await group.updateName(name: name)
            }
            #expect(try await collecting.value.map(\.sequence) == [1, 2])
        }
    }

    @Test func rejectedCommitsAreLeftOutUnlessAskedFor() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            // A submit the reducer refuses writes nothing: a rejected commit reaches the log by ingest.
            let open = try store.open()
            let head = try open.submit(to: named, actor: .alix, time: 2_000, changes: [.updateName("Team")])
            let stranger = Commit(
                groupID: named, sequence: 2, actor: .gus, time: 2_001, changes: [.updateName("Mine")], previousHash: head.hash)
            guard case .rejected = try open.ingest(stranger) else {
                Issue.record("a non-member's rename was applied")
                return
            }
            try await group.updateDescription(description: "plans")
            let applied = try await collect(group.streamEvents(from: 0, interval: .milliseconds(5)), count: 3)
            #expect(applied.map(\.sequence) == [0, 1, 3])
            let all = try await collect(group.streamEvents(from: 0, interval: .milliseconds(5), includingRejected: true), count: 4)
            #expect(all.map(\.sequence) == [0, 1, 2, 3])
            #expect(all[2].outcome.isApplied == false && all[2].events == [] && all[2].actor == .gus)
        }
    }

    @Test func cancellingTheIteratingTaskEndsIt() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            let stream = group.streamEvents()
            let iterating = Task { () throws(GroupLogError) -> Int in
                var count = 0
                for try await _ in stream { count += 1 }
                return count
            }
            iterating.cancel()
            // The loop ends without an error: cancellation finishes the stream.
            #expect(try await iterating.value == 0)

            // Cancelled while it waits between polls, after it delivered the history.
            let (delivered, signal) = AsyncStream.makeStream(of: UInt64.self)
            let waiting = Task { () throws(GroupLogError) -> Int in
                var count = 0
                for try await event in group.streamEvents(from: 0) {
                    count += 1
                    signal.yield(event.sequence)
                }
                return count
            }
            var seen = delivered.makeAsyncIterator()
            #expect(await seen.next() == 0)
            waiting.cancel()
            #expect(try await waiting.value == 1)

            // Breaking out of the loop after one event leaves nothing behind either.
            let first = Task { () throws(GroupLogError) -> GroupEvent? in
                for try await event in group.streamEvents(from: 0) { return event }
                return nil
            }
            #expect(try await first.value?.sequence == 0)
        }
    }

    @Test func aClosedStoreEndsTheStreamWithClosed() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            let stream = group.streamEvents(interval: .milliseconds(5))
            let iterating = Task { () async -> GroupLogError? in
                do throws(GroupLogError) {
                    for try await _ in stream {}
                    return nil
                } catch {
                    return error
                }
            }
            store.close()
            #expect(await iterating.value == .closed)
            // A stream made after closing throws at once.
            var late = group.streamEvents().makeAsyncIterator()
            #expect(await error { () async throws(GroupLogError) in try await late.next() } == .closed)
        }
    }

    @Test func aMissingGroupThrows() async throws {
        try await withStore { store in
            let missing = Group(id: .named("nobody-here"), inboxId: .alix, store: store)
            var fromHead = missing.streamEvents().makeAsyncIterator()
            let first = await error { () async throws(GroupLogError) in try await fromHead.next() }
            #expect(first == .store(.groupNotFound(.named("nobody-here"))))
            var fromZero = missing.streamEvents(from: 0).makeAsyncIterator()
            let second = await error { () async throws(GroupLogError) in try await fromZero.next() }
            #expect(second == .store(.groupNotFound(.named("nobody-here"))))
        }
    }

    @Test func deliversACommitMadeByAnotherProcess() async throws {
        guard let binary = StreamBinary.path else {
            Issue.record("the grouplog binary was not found next to the test bundle (looked in \(StreamBinary.places.map(\.path))); build it with `swift build --build-tests`")
            return
        }
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            let stream = group.streamEvents(interval: .milliseconds(10))
            let collecting = Task { try await collect(stream, count: 1) }
            let child = Process()
            child.executableURL = URL(fileURLWithPath: binary)
            child.arguments = [
                "--store", store.path, "submit", named.rawValue, "--actor", "bo",
                "--changes", #"[{"op": "updateName", "name": "from another process"}]"#,
            ]
            child.standardInput = FileHandle.nullDevice
            child.standardOutput = FileHandle.nullDevice
            try child.run()
            child.waitUntilExit()
            #expect(child.terminationReason == .exit && child.terminationStatus == 0)
            let events = try await collecting.value
            #expect(events.map(\.sequence) == [1])
            #expect(events.first?.actor == .bo)
            #expect(events.first?.outcome == .applied)
            #expect(try await group.state().name == "from another process")
        }
    }
}

/// The stream did not deliver what a test waited for within 20 s.
struct StreamTimedOut: Error, CustomStringConvertible {
    let received: [GroupEvent]
    var description: String { "the stream delivered \(received.count) events in 20 s: \(received.map(\.sequence))" }
}

/// The first `count` events of `stream`, or an error after 20 s (or when it ends early).
func collect(_ stream: GroupEventStream, count: Int) async throws -> [GroupEvent] {
    try await withThrowingTaskGroup(of: [GroupEvent].self) { tasks in
        tasks.addTask {
            var received: [GroupEvent] = []
            for try await event in stream {
                received.append(event)
                if received.count == count { return received }
            }
            throw StreamTimedOut(received: received)
        }
        tasks.addTask {
            try await Task.sleep(for: .seconds(20))
            throw StreamTimedOut(received: [])
        }
        defer { tasks.cancelAll() }
        guard let first = try await tasks.next() else { throw StreamTimedOut(received: []) }
        return first
    }
}

/// The `grouplog` binary SwiftPM builds next to the test bundle, as `GroupStoreTests` finds it.
enum StreamBinary {
    static let places: [URL] = {
        let here = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        return here + here.map { $0.deletingLastPathComponent() }
    }()

    static let path: String? = places.lazy.map { $0.appendingPathComponent("grouplog").path }.first { candidate in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: candidate)
    }
}
