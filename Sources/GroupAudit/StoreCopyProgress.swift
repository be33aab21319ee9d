import GroupCore

/// How far a store copy has come: what `StoreCopy.run` reports after the claims and after each
/// batch of commits, and returns when it is done.
public struct StoreCopyProgress: Sendable, Equatable {
    /// Inboxes whose claims were recorded in the destination.
    public var inboxes: Int = 0
    /// Groups whose log the destination holds through the source's head: copied by this run, or
    /// found already there when resuming.
    public var groups: Int = 0
    /// Of `groups`, those found already there when resuming.
    public var groupsAlreadyThere: Int = 0
    /// The groups of the source when the copy started.
    public var totalGroups: Int = 0
    /// Commits the destination holds of the source's logs: copied by this run, or already there.
    public var commits: UInt64 = 0
    /// The commits of the source when the copy started.
    public var totalCommits: UInt64 = 0
    /// The group being copied; nil before the first batch and after the last.
    public var group: GroupID?
    /// The last commit of `group` the destination holds.
    public var groupHead: UInt64?
    /// Whether the copy stopped early because it was asked to (`StoreCopy.run`'s `shouldStop`),
    /// between two batches: every batch written is whole.
    public var stopped = false

    /// Nothing copied yet.
    public init() {}
}
