import GroupCore

/// One commit of a generated log, chained to the one before it, with the outcome the reducer
/// gave it.
public struct GeneratedCommit: Equatable, Sendable {
    public let commit: Commit
    public let outcome: CommitOutcome
}
