/// What `rebuild()` made again.
public struct RebuildReport: Sendable, Equatable {
    public let groups: Int
    public let commits: Int
    public let snapshots: Int

    public init(groups: Int, commits: Int, snapshots: Int) {
        self.groups = groups
        self.commits = commits
        self.snapshots = snapshots
    }
}
