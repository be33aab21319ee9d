import Foundation
import GroupCodec
import GroupCore

/// A second thread that decodes and chain-checks a log's stored commits, batch by batch, while
/// the calling thread folds the batches before them: on two cores a replay then costs the
/// slower of the two halves instead of their sum (issue 18).
///
/// The calling thread hands over the records' bytes where they lie (in LMDB's map, valid while
/// its read transaction is open) and must keep them valid until ``stop()`` returns. Batches come
/// back in the order they went in. The thread checks exactly what ``ChainCheck`` checks; when a
/// batch fails it reports only that, and stops: the caller checks that batch again on its own
/// thread, where it can say precisely which commit is damaged and how.
final class ChainCheckThread: @unchecked Sendable {
    /// Consecutive stored commits, from `first` on.
    struct Batch: @unchecked Sendable {
        let first: UInt64
        /// Pointers into storage the caller keeps valid until `stop()` returns.
        var records: [UnsafeRawBufferPointer]
    }

    enum Result {
        case decoded([Commit])
        /// The batch starting at `first` holds a commit that does not decode or does not chain;
        /// the thread checks nothing after it.
        case failed(first: UInt64)
    }

    /// How many batches may wait to be decoded, or to be folded, at once: enough to keep both
    /// threads busy, few enough that a replay's memory stays constant.
    static let depth = 2

    // Everything below is guarded by `condition`'s lock, except `chain`, which only the
    // thread touches until it has exited.
    private let condition = NSCondition()
    private var waiting: [Batch] = []
    private var results: [Result] = []
    /// Batches the caller is done with, freed on this thread (`recycle(_:)`).
    private var spent: [[Commit]] = []
    private var stopping = false
    private var exited = false
    private var chain: ChainCheck

    /// Starts the thread for a run of `group`'s log from commit `first`.
    /// - Parameter previous: the hash of commit `first - 1`'s bytes (nil for commit 0).
    init(_ group: GroupID, from first: UInt64, previous: Digest?) {
        chain = ChainCheck(group, from: first, previous: previous)
        let thread = Thread { [self] in run() }
        thread.name = "grouplog chain check"
        thread.start()
    }

    /// Queues a batch, waiting while ``depth`` batches are already queued.
    func submit(_ batch: Batch) {
        condition.lock()
        while waiting.count >= Self.depth && !exited { condition.wait() }
        waiting.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// The result of the oldest batch not yet returned, waiting for it.
    func next() -> Result {
        condition.lock()
        defer { condition.unlock() }
        while results.isEmpty {
            // A thread that exited before answering every batch stopped at a failure it already
            // reported, or was stopped: there is nothing more to wait for.
            if exited { return .failed(first: chain.next) }
            condition.wait()
        }
        return results.removeFirst()
    }

    /// Hands back a batch the caller has folded, so that its commits are freed on this thread,
    /// which made them: freeing them took about a twentieth of the folding thread's time, and
    /// memory goes back to the allocator's arena it came from.
    func recycle(_ commits: [Commit]) {
        condition.lock()
        spent.append(commits)
        condition.unlock()
    }

    /// Stops the thread and waits until it has exited; then the records handed over may go.
    /// Once it has exited, a further call returns at once.
    /// - Returns: the chain check as the thread left it, to check the last commit's bytes
    ///   against what vouches for them once every batch decoded.
    @discardableResult
    func stop() -> ChainCheck {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !exited { condition.wait() }
        condition.unlock()
        return chain
    }

    private func run() {
        condition.lock()
        while true {
            while waiting.isEmpty && !stopping { condition.wait() }
            if stopping { break }
            let batch = waiting.removeFirst()
            let done = spent
            spent = []
            condition.broadcast()
            condition.unlock()
            // Freed here, outside the lock.
            withExtendedLifetime(done) {}
            let result = decode(batch)
            condition.lock()
            results.append(result)
            condition.broadcast()
            if case .failed = result { break }
        }
        exited = true
        condition.broadcast()
        condition.unlock()
    }

    private func decode(_ batch: Batch) -> Result {
        var commits: [Commit] = []
        commits.reserveCapacity(batch.records.count)
        for bytes in batch.records {
            do throws(StoreError) {
                // Nothing vouches here: the caller's own check names the damaged commit.
                commits.append(try chain.check(bytes) { _ throws(StoreError) in nil })
            } catch {
                return .failed(first: batch.first)
            }
        }
        return .decoded(commits)
    }
}
