import Foundation
import GroupLog
import Synchronization

/// A clock that counts up by one millisecond per reading, from 1,000.
final class CountingClock: Sendable {
    private let next = Atomic<UInt64>(1_000)

    /// The next time.
    @Sendable func now() -> Milliseconds {
        next.add(1, ordering: .relaxed).newValue
    }
}

/// Runs `body` with a store created in a fresh temporary directory, deleted afterwards.
func withStore<T>(_ body: (GroupLogStore) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("grouplog-api-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: url) }
    let clock = CountingClock()
    let store = try GroupLogStore(path: url.path, options: .init(create: true, now: clock.now))
    defer { store.close() }
    return try await body(store)
}

/// The error a throwing async call threw, or nil when it returned.
func error<T>(of body: () async throws(GroupLogError) -> T) async -> GroupLogError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
