import Foundation
import GroupCodec
import GroupCore

/// The second thread of a snapshot load (issue 18): while the caller decodes a full snapshot,
/// it builds that snapshot's roster index (``ArenaIndex``), then checks and decodes, in order,
/// the incremental snapshots the caller applies next, handing each over as soon as it is read,
/// and last computes the full snapshot's SHA-256, which the caller compares once it has applied
/// them.
///
/// In a state read of the mixed benchmark group the full snapshot's checksum (5 to 10 MB, about
/// 3 ms) was a quarter of its load, its roster's index two fifths of decoding it, and decoding
/// the incremental ones a quarter of applying them; none needs anything of the state. (Moving
/// the index here took the read's median from 11.1 to 10.6 ms; a full snapshot loaded alone
/// keeps its index on the decoding thread, as the checksum alone lasts about as long.) The
/// decoder checks every byte it reads, so reading a snapshot before its checksum is known is
/// safe, provided the result is dropped when the checksum then disagrees.
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
    /// The room the roster's index keeps for records, beyond the snapshot's; nil for a full
    /// snapshot with no flat roster to index (format version 1).
    private let spareRecords: Int?
    private let deltas: [UnsafeRawBufferPointer]
    private var index: ArenaIndex?
    /// The incremental snapshots as read, by position in `deltas`.
    private let decoded: UnsafeMutablePointer<Result<StateDeltaCodec.Decoded, SnapshotProblem>>
    private var fullDigest: Digest?
    private let condition = NSCondition()
    /// How many results are made: the index first, then each delta's, then the digest.
    private var ready = 0
    private var stopping = false
    private var exited = false

    /// Starts reading ahead.
    /// - Parameters:
    ///   - full: the bytes of the full snapshot's state (after its checksum).
    ///   - spareRecords: the room its roster keeps for more records, to index it with; nil not
    ///     to index it.
    ///   - deltas: the incremental snapshot records to check and decode, in order.
    init(full: UnsafeRawBufferPointer, spareRecords: Int?, deltas: [UnsafeRawBufferPointer]) {
        self.full = full
        self.spareRecords = spareRecords
        self.deltas = deltas
        decoded = .allocate(capacity: deltas.count)
        let thread = Thread { [self] in run() }
        thread.name = "grouplog snapshot read-ahead"
        thread.start()
    }

    deinit {
        decoded.deinitialize(count: min(max(0, ready - 1), deltas.count))
        decoded.deallocate()
    }

    /// The full snapshot's roster index, once the thread has built it: nil when it was not to
    /// build one or the bytes hold none (``SnapshotCodec/arenaIndex(of:spareRecords:)``).
    func arenaIndex() -> ArenaIndex? {
        waitFor(1)
        return index
    }

    /// Incremental snapshot `index`, checked and decoded, once the thread has read it.
    func delta(_ index: Int) throws(SnapshotProblem) -> StateDeltaCodec.Decoded {
        waitFor(index + 2)
        return try decoded[index].get()
    }

    /// The full snapshot's SHA-256, once the thread has made it.
    func digest() -> Digest {
        waitFor(deltas.count + 2)
        return fullDigest!
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
        index = spareRecords.flatMap { SnapshotCodec.arenaIndex(of: full, spareRecords: $0) }
        var going = publish(1)
        for (position, bytes) in deltas.enumerated() where going {
            (decoded + position).initialize(to: Result { () throws(SnapshotProblem) in try SnapshotRecord.decodeDelta(bytes) })
            going = publish(position + 2)
        }
        if going {
            fullDigest = SHA256.hash(full)
            _ = publish(deltas.count + 2)
        }
        condition.lock()
        exited = true
        condition.broadcast()
        condition.unlock()
    }
}
