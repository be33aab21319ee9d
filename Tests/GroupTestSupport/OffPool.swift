import Foundation

/// Blocking work awaited from a test on a thread of its own: waiting for a child process or
/// for threads would otherwise hold one of the few threads Swift concurrency runs every test on
/// (two on a two-core machine), and the tests beside it, their time limits included, would
/// wait for it.
public enum OffPool {
    /// Runs `body` on a new thread and returns what it returned, or throws what it threw.
    /// `body` records no test issues (a thread of its own is outside the test): it hands back
    /// what the test then checks.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Runs `body`, which cannot fail, on a new thread and returns what it returned.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }
}
