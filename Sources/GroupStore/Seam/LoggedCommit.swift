import GroupCore

/// A commit as the log holds it, with the outcome the reducer gave it and the events it yielded.
public struct LoggedCommit: Sendable, Equatable {
    public let commit: Commit
    public let outcome: CommitOutcome
    /// Empty for a rejected commit.
    public let events: [DomainEvent]

    public init(commit: Commit, outcome: CommitOutcome, events: [DomainEvent]) {
        self.commit = commit
        self.outcome = outcome
        self.events = events
    }
}
