import Foundation
import GroupCore
import GroupTestSupport
import Synchronization
import Testing
@testable import GroupStore

/// `Mutex.withLockVisibleToTSan` under contention: threads that hold the lock long enough for the
/// others to sleep in the kernel, which then hands the lock over. Under ThreadSanitizer
/// (`scripts/sanitize.sh thread`) a plain `withLock` here is reported as a data race on the
/// guarded value, since the hand-over happens inside the uninstrumented standard library; with
/// the annotations it is clean. Outside it, these check that nothing was lost.
struct MutexThreadSanitizerTests {
    @Test func threadsHoldingTheLockLongGetEveryAppendIn() async {
        let guarded = Guarded()
        let threads = 4, rounds = 100
        await onThreads(threads) { thread in
            for round in 0..<rounds {
                guarded.values.withLockVisibleToTSan { values in
                    values.append(thread * rounds + round)
                    // Long enough for the other threads to stop spinning and wait in the kernel.
                    if round.isMultiple(of: 10) { usleep(200) }
                }
            }
        }
        #expect(guarded.values.withLockVisibleToTSan { $0.sorted() } == Array(0..<(threads * rounds)))
    }

    /// The store's feed of changes, appended to by submitters and a PostgreSQL listener thread at
    /// once (where ThreadSanitizer first reported the plain `withLock`), and read meanwhile.
    @Test func aJournalAppendedToByManyThreadsKeepsEveryEntry() async {
        let journal = ChangeJournal(hearsOtherWriters: true)
        let start = journal.cursor
        let threads = 4, rounds = 200
        await onThreads(threads + 1) { thread in
            guard thread < threads else {
                // A reader, as a stream polling the feed would be.
                for _ in 0..<rounds { _ = journal.changes(after: start) }
                return
            }
            for round in 0..<rounds {
                journal.committed([GroupID.named("g\(thread)-\(round)")])
                if round.isMultiple(of: 3) { journal.claimed([InboxID.bo]) }
            }
        }
        let changes = journal.changes(after: start)
        #expect(changes.complete)
        #expect(changes.groups.count == threads * rounds)
        #expect(changes.inboxes == [.bo])
    }
}

/// Runs `body(0)` to `body(count - 1)` at once, each on a thread of its own (not Dispatch's
/// workers, which Swift concurrency runs the tests on), and returns when all have returned.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await OffPool.run {
        let finished = DispatchSemaphore(value: 0)
        for index in 0..<count {
            Thread.detachNewThread {
                body(index)
                finished.signal()
            }
        }
        for _ in 0..<count { finished.wait() }
    }
}

/// A mutex for threads to share (a `Mutex` cannot be captured by an escaping closure).
private final class Guarded: Sendable {
    let values = Mutex<[Int]>([])
}
