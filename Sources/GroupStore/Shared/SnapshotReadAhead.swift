import Foundation
import GroupCodec
import GroupCore

/// The second thread of a snapshot load (issue 18): while the caller decodes a full snapshot,
/// it computes that snapshot's SHA-256 and then checks and decodes, in order, the incremental
/// snapshots the caller applies next, handing each over as soon as it is read.
///
/// In a state read of the mixed benchmark group the full snapshot's checksum (5 to 10 MB, about
/// 5 ms) was a quarter of its load, and decoding the incremental ones a quarter of applying
/// them; both need nothing of the state. The decoder checks every byte it reads, so reading a
/// snapshot before its checksum is known is safe, provided the result is dropped when the
/// checksum then disagrees: ``SnapshotRecord/decode(_:spareRecords:digest:)`` does that.
///
/// The bytes are borrowed (an LMDB read transaction's pages): call ``stop()`` before they go,
/// which waits for the thread to let go of them.
final class SnapshotReadAhead: @unchecked Sendable {
    // @unchecked: the thread writes a result, then raises `ready` under `condition`'s lock; the
    // caller reads a result only once `ready` is past it, under the same lock. The bytes are
    // only read.

    /// Below this many bytes of full snapshot a thread costs more to start (tens of
    /// microseconds) than it saves.
    static let minimumBytes = 1 << 20

    private let full: UnsafeRawBufferPointer
    private let deltas: [UnsafeRawBufferPointer]
    private var fullDigest: Digest?
    /// The incremental snapshots as read, by position in `deltas`.
    private let decoded: UnsafeMutablePointer<Result<StateDeltaCodec.Decoded, SnapshotProblem>>
    private let condition = NSCondition()
    /// How many results are made: the full snapshot's digest first, then each delta's.
    private var ready = 0
    private var stopping = false
    private var exited = false

    /// Starts reading ahead.
    /// - Parameters:
    ///   - full: the bytes of the full snapshot's state (after its checksum) to hash.
    ///   - deltas: the incremental snapshot records to check and decode, in order.
    init(full: UnsafeRawBufferPointer, deltas: [UnsafeRawBufferPointer]) {
        self.full = full
        self.deltas = deltas
        decoded = .allocate(capacity: deltas.count)
        let thread = Thread { [self] in run() }
        thread.name = "grouplog snapshot read-ahead"
        thread.start()
    }

    deinit {
        decoded.deinitialize(count: max(0, ready - 1))
        decoded.deallocate()
    }

    /// The full snapshot's SHA-256, once the thread has made it.
    func digest() -> Digest {
        waitFor(1)
        return fullDigest!
    }

    /// Incremental snapshot `index`, checked and decoded, once the thread has read it.
    func delta(_ index: Int) throws(SnapshotProblem) -> StateDeltaCodec.Decoded {
        waitFor(index + 2)
        return try decoded[index].get()
    }

    /// Stops the thread and waits until it has exited and let go of the bytes. Calling it
    /// again returns at once.
    func stop() {
        condition.lock()
        stopping = true
        while !exited { condition.wait() }
        condition.unlock()
    }

    private func waitFor(_ count: Int) {
        condition.lock()
        while ready < count && !exited { condition.wait() }
        let made = ready >= count
        condition.unlock()
        // Cannot be reached from input: the thread makes every result unless stopped, and the
        // read stops it only after asking for the last result it needs.
        precondition(made, "a snapshot read-ahead result was asked for after the read-ahead stopped")
    }

    private func publish(_ count: Int) -> Bool {
        condition.lock()
        ready = count
        condition.broadcast()
        let stopped = stopping
        condition.unlock()
        return !stopped
    }

    private func run() {
        fullDigest = SHA256.hash(full)
        if publish(1) {
            for (index, bytes) in deltas.enumerated() {
                (decoded + index).initialize(to: Result { () throws(SnapshotProblem) in try SnapshotRecord.decodeDelta(bytes) })
                if !publish(index + 2) { break }
            }
        }
        condition.lock()
        exited = true
        condition.broadcast()
        condition.unlock()
    }
}
