import Foundation
import GroupCodec
import GroupCore

/// Encodes and hashes a batch of commits on a second thread while the writer folds and writes
/// the ones before them: an ingest then costs the slower of the two halves, not their sum
/// (issue 18: encoding and hashing were a fifth of a batched ingest).
///
/// The commits are encoded in order and kept until ``stop()``, so a write transaction that is
/// run again (the map had to grow) reads the same results from the start.
final class CommitEncoder: @unchecked Sendable {
    /// A commit's canonical bytes and their SHA-256, the hash the next commit must name.
    struct Encoded {
        let bytes: [UInt8]
        let hash: Digest
    }

    /// Below this many commits a thread costs more to start than it saves.
    static let threadedCount = 256

    /// How many commits the thread encodes between two hand-overs: few enough that the writer
    /// starts at once, enough that it seldom takes the lock.
    private static let chunk = 64

    private let commits: [Commit]
    // Everything below is guarded by `condition`'s lock.
    private let condition = NSCondition()
    private var encoded: [Encoded] = []
    private var stopping = false
    private var exited = false

    /// Starts encoding `commits` on a new thread.
    init(_ commits: [Commit]) {
        self.commits = commits
        encoded.reserveCapacity(commits.count)
        let thread = Thread { [self] in run() }
        thread.name = "grouplog commit encoder"
        thread.start()
    }

    /// Commit `index`'s bytes and hash, waiting until the thread has made them.
    func encoded(at index: Int) -> Encoded {
        condition.lock()
        defer { condition.unlock() }
        while encoded.count <= index && !exited { condition.wait() }
        if index < encoded.count { return encoded[index] }
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
            let chunk = commits[start..<end].map(Self.encode)
            condition.lock()
            encoded += chunk
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
