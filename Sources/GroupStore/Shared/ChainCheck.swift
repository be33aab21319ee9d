import GroupCodec
import GroupCore

/// The check every backend makes of a run of a log's stored commits, in order: each decodes,
/// is the commit its place says, and names the hash of the bytes before it. The last one's own
/// bytes are vouched for by the next commit or the head (`finish`).
package struct ChainCheck {
    private let group: GroupID
    private var sequence: UInt64
    private var expectedPrevious: Digest?

    /// - Parameter previous: the hash of the bytes of commit `first - 1` (nil for commit 0).
    package init(_ group: GroupID, from first: UInt64, previous: Digest?) {
        self.group = group
        sequence = first
        expectedPrevious = previous
    }

    /// The next commit's sequence.
    package var next: UInt64 { sequence }

    /// Decodes and checks the next commit from its stored bytes.
    /// - Parameter vouched: the hash the log records for a commit's bytes (the next commit's
    ///   previous hash, or the head's), asked for only when the chain breaks, to say which of
    ///   the two commits was changed.
    /// - Throws: `corrupt` naming the damaged commit.
    package mutating func check(
        _ bytes: UnsafeRawBufferPointer, vouched: (UInt64) throws(StoreError) -> Digest?
    ) throws(StoreError) -> Commit {
        let commit: Commit
        do throws(BinaryDecodingError) {
            commit = try CommitCodec.decode(bytes)
        } catch {
            throw .corrupt(group, sequence: sequence, reason: error.description)
        }
        guard commit.sequence == sequence, commit.groupID == group else {
            throw .corrupt(group, sequence: sequence, reason: "the record holds commit \(commit.sequence) of group \(commit.groupID)")
        }
        guard commit.previousHash == expectedPrevious else {
            // When this commit's own bytes are still vouched for by what follows, its predecessor
            // was changed; otherwise this one was.
            if try vouched(sequence) == SHA256.hash(bytes) {
                throw .corrupt(group, sequence: sequence - 1, reason: "the commit does not hash to what the next commit records: it was changed")
            }
            throw .corrupt(group, sequence: sequence, reason: "its previous hash does not match commit \(sequence - 1): it was changed")
        }
        expectedPrevious = SHA256.hash(bytes)
        sequence += 1
        return commit
    }

    /// Checks the last commit's bytes against what vouches for them (the next commit's previous
    /// hash, or the head's hash).
    package func finish(vouched: Digest?) throws(StoreError) {
        guard vouched == expectedPrevious else {
            throw .corrupt(group, sequence: sequence &- 1, reason: "the commit does not hash to what the next commit records: it was changed")
        }
    }
}
