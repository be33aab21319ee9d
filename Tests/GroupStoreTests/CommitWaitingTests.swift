import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// Waiting for a group's next commit (`waitForCommits`, `blockUntilCommits`): a commit made
/// through the store wakes its group's waiters, a wait returns at once when the head is already
/// past, and a cancelled task stops waiting. Part of the seam's suite. No timing decides a test:
/// the waits that must be woken wait up to an hour, so only the wake ends them, and a test gives
/// up on a waiter that has not returned 30 s after the commit (failing, not hanging).
struct CommitWaitingTests {
    static let hour: Duration = .seconds(3_600)

    @Test(.timeLimit(.minutes(1)), arguments: TestBackend.all)
    func aSubmitWakesAWaitingTask(backend: TestBackend) async throws {
        let place = try backend.makePlace()
        defer { place.remove() }
        let store = try Self.storeWithGroup(place)
        let head = try await Self.result(of: { try await store.waitForCommits(in: .test, after: 0, timeout: Self.hour) }) {
            try await Self.untilWaiting(backend, store)
            try store.submit(to: .test, actor: .alix, time: 2, changes: [.updateName("wakes")])
        }
        #expect(head == 1)
    }

    @Test(.timeLimit(.minutes(1)), arguments: TestBackend.all)
    func anIngestWakesABlockedThread(backend: TestBackend) async throws {
        let place = try backend.makePlace()
        defer { place.remove() }
        let store = try Self.storeWithGroup(place)
        let head = Collected<Result<UInt64, StoreError>>()
        let thread = Thread {
            head.append(Result { () throws(StoreError) in try store.blockUntilCommits(in: .test, after: 0, timeout: Self.hour) })
        }
        thread.start()
        try await Self.untilWaiting(backend, store)
        let first = try #require(try store.commits(of: .test).first?.commit)
        try store.ingest(Commit(groupID: .test, sequence: 1, actor: .bo, time: 2, changes: [.updateName("ingested")],
                                previousHash: CommitCodec.hash(first)))
        let deadline = ContinuousClock.now + .seconds(30)
        while head.values.isEmpty && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        #expect(head.values == [.success(1)], "the blocked thread was not woken")
    }

    @Test(.timeLimit(.minutes(1)), arguments: TestBackend.all)
    func aHeadAlreadyPastReturnsAtOnce(backend: TestBackend) async throws {
        let place = try backend.makePlace()
        defer { place.remove() }
        let store = try Self.storeWithGroup(place)
        try store.submit(to: .test, actor: .alix, time: 2, changes: [.updateName("one")])
        #expect(try await store.waitForCommits(in: .test, after: 0, timeout: Self.hour) == 1)
        #expect(try store.blockUntilCommits(in: .test, after: 0, timeout: Self.hour) == 1)
    }

    /// A wait that nothing wakes ends after its timeout with the head as it is.
    @Test(arguments: TestBackend.all)
    func aWaitThatTimesOutReturnsTheHead(backend: TestBackend) async throws {
        let place = try backend.makePlace()
        defer { place.remove() }
        let store = try Self.storeWithGroup(place)
        #expect(try await store.waitForCommits(in: .test, after: 0, timeout: .milliseconds(1)) == 0)
        #expect(try store.blockUntilCommits(in: .test, after: 0, timeout: .milliseconds(1)) == 0)
        #expect(try await store.waitForCommits(in: .test, after: 5, timeout: .zero) == 0)
    }

    @Test(.timeLimit(.minutes(1)), arguments: TestBackend.all)
    func cancellingTheTaskEndsTheWait(backend: TestBackend) async throws {
        let place = try backend.makePlace()
        defer { place.remove() }
        let store = try Self.storeWithGroup(place)
        let waiting = Task { () async throws(StoreError) -> UInt64 in
            try await store.waitForCommits(in: .test, after: 0, timeout: Self.hour)
        }
        try await Self.untilWaiting(backend, store)
        waiting.cancel()
        // Awaited only once it no longer waits: a wait cancelling did not end would hang the test.
        let deadline = ContinuousClock.now + .seconds(30)
        while try backend.waitingCount(of: .test, in: store) > 0 {
            try #require(ContinuousClock.now < deadline, "the cancelled wait did not end")
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(try await waiting.value == 0)
    }

    @Test(arguments: TestBackend.all)
    func aMissingGroupIsGroupNotFound(backend: TestBackend) async throws {
        let place = try backend.makePlace()
        defer { place.remove() }
        let store = try place.open()
        await #expect(throws: StoreError.groupNotFound(.test)) {
            try await store.waitForCommits(in: .test, after: 0, timeout: Self.hour)
        }
        #expect(throws: StoreError.groupNotFound(.test)) { try store.blockUntilCommits(in: .test, after: 0, timeout: Self.hour) }
    }

    // MARK: Helpers

    /// The place's store, holding group `test` at commit 0.
    private static func storeWithGroup(_ place: StorePlace) throws -> any GroupLogStorage {
        let store = try place.open()
        try store.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
        return store
    }

    /// Returns once a task or thread waits for `test`'s next commit.
    /// - Throws: when none does within 30 s.
    private static func untilWaiting(_ backend: TestBackend, _ store: any GroupLogStorage) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while try backend.waitingCount(of: .test, in: store) == 0 {
            try #require(ContinuousClock.now < deadline, "nothing waits for the group's next commit")
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Runs `wait` as a child task and `act` beside it, and returns what `wait` returned; nil
    /// when it has not returned 30 s after `act` did.
    private static func result(
        of wait: @escaping @Sendable () async throws -> UInt64, whileDoing act: () async throws -> Void
    ) async throws -> UInt64? {
        try await withThrowingTaskGroup(of: UInt64?.self) { tasks in
            tasks.addTask { try await wait() }
            try await act()
            tasks.addTask {
                try? await Task.sleep(for: .seconds(30))
                return nil
            }
            defer { tasks.cancelAll() }
            return try await tasks.next() ?? nil
        }
    }
}
