import GroupCore

/// What a replication reports as it goes (`StoreReplication.run`).
public enum ReplicationProgress: Sendable, Equatable {
    /// A batch of the catch-up (a resumed store copy) was written.
    case catchingUp(StoreCopyProgress)
    /// The replica holds everything the source held when the catch-up listed its groups.
    case caughtUp(StoreCopyProgress)
    /// While following: a batch of `group`'s commits, through sequence `through`, was written.
    case copied(GroupID, through: UInt64, count: Int)
    /// While following: a round of changes was copied.
    case followed(ReplicationRound)
}

/// What one round of following copied.
public struct ReplicationRound: Sendable, Equatable {
    /// Groups that got commits.
    public var groups = 0
    /// Commits copied.
    public var commits: UInt64 = 0
    /// Inboxes whose claims were copied.
    public var inboxes = 0

    public init() {}
}
