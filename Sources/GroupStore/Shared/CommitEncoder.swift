import Foundation
import GroupCodec
import GroupCore
import Synchronization

/// Encodes and hashes a batch of commits on a second thread while the writer folds and writes
/// the ones before them: an ingest then costs the slower of the two halves, not their sum
/// (issue 18: encoding and hashing were a fifth of a batched ingest).
///
/// The commits are encoded in order into storage made once, and kept until the encoder goes, so
/// a write transaction that is run again (the map had to grow) reads the same results from the
/// start. The writer reads a result without a lock once the thread has published it; it takes
/// the lock only to wait.
final class CommitEncoder: @unchecked Sendable {
    // @unchecked: `results` is written by the thread only below `ready`'s next value, and read
    // by the writer only below its current one; the rest is guarded by `condition`'s lock.

    /// A commit's canonical bytes and their SHA-256, the hash the next commit must name.
    struct Encoded {
        let bytes: [UInt8]
        let hash: Digest
    }

    /// Below this many commits a thread costs more to start than it saves.
    static let threadedCount = 256

    /// How many commits the thread encodes between two hand-overs.
    private static let chunk = 64

    private let commits: [Commit]
    private let results: UnsafeMutablePointer<Encoded>
    /// How many results from the start are made.
    private let ready = Atomic<Int>(0)
    private let condition = NSCondition()
    private var stopping = false
    private var exited = false

    /// Starts encoding `commits` on a new thread.
    init(_ commits: [Commit]) {
        self.commits = commits
        results = .allocate(capacity: commits.count)
        let thread = Thread { [self] in run() }
        thread.name = "grouplog commit encoder"
        thread.start()
    }

    deinit {
        results.deinitialize(count: ready.load(ordering: .acquiring))
        results.deallocate()
    }

    /// Commit `index`'s bytes and hash, waiting until the thread has made them.
    func encoded(at index: Int) -> Encoded {
        if index < ready.load(ordering: .acquiring) { return results[index] }
        condition.lock()
        while index >= ready.load(ordering: .acquiring) && !exited { condition.wait() }
        condition.unlock()
        if index < ready.load(ordering: .acquiring) { return results[index] }
        // Stopped before it got there: made here instead.
        return Self.encode(commits[index])
    }

    static func encode(_ commit: Commit) -> Encoded {
        let bytes = CommitCodec.encode(commit)
        return Encoded(bytes: bytes, hash: SHA256.hash(bytes))
    }

    /// Stops the thread and waits until it has exited. Calling it again returns at once.
    func stop() {
        condition.lock()
        stopping = true
        while !exited { condition.wait() }
        condition.unlock()
    }

    private func run() {
        var start = 0
        while start < commits.count {
            let end = min(start + Self.chunk, commits.count)
            for index in start..<end { (results + index).initialize(to: Self.encode(commits[index])) }
            ready.store(end, ordering: .releasing)
            condition.lock()
            condition.broadcast()
            let stopped = stopping
            condition.unlock()
            if stopped { break }
            start = end
        }
        condition.lock()
        exited = true
        condition.broadcast()
        condition.unlock()
    }
}
