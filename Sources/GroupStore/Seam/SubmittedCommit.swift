import GroupCore

/// What a successful submit appended.
public struct SubmittedCommit: Sendable, Equatable {
    public let commit: Commit
    /// The SHA-256 of the commit's canonical encoding: the next commit's previous hash.
    public let hash: Digest

    public init(commit: Commit, hash: Digest) {
        self.commit = commit
        self.hash = hash
    }
}
