/// A commit whose outcome differs between the log as it is and a what-if replay of it.
public struct OutcomeFlip: Equatable, Sendable {
    public let commit: Commit
    /// The outcome in the log as it is.
    public let actual: CommitOutcome
    /// The outcome under the pinned policies.
    public let whatIf: CommitOutcome

    public init(commit: Commit, actual: CommitOutcome, whatIf: CommitOutcome) {
        self.commit = commit
        self.actual = actual
        self.whatIf = whatIf
    }
}

extension OutcomeFlip {
    /// Which way a commit's outcome flipped.
    public enum Direction: String, Equatable, Sendable {
        /// Rejected in the log, applied under the overrides.
        case nowApplied
        /// Applied in the log, rejected under the overrides.
        case nowRejected
        /// Rejected both ways, with another code, change or reason.
        case rejectedDifferently
    }

    /// Which way this commit flipped.
    public var direction: Direction {
        if whatIf.isApplied { return .nowApplied }
        if actual.isApplied { return .nowRejected }
        return .rejectedDifferently
    }
}
