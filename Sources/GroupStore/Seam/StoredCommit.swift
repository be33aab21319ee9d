import GroupCore

/// A commit as the log holds it, with the outcome stored beside it, read without folding: what a
/// copy of a store moves, and checks the destination's judgement against.
public struct StoredCommit: Sendable, Equatable {
    public let commit: Commit
    /// The outcome the store recorded when it appended the commit.
    public let outcome: CommitOutcome

    public init(commit: Commit, outcome: CommitOutcome) {
        self.commit = commit
        self.outcome = outcome
    }
}
