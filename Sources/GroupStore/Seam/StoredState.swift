import GroupCore

/// A group's state after one of its commits.
public struct StoredState: Sendable {
    /// The commit the state is after.
    public let sequence: UInt64
    /// The group's last commit.
    public let headSequence: UInt64
    /// Nil when the log's commit 0 was rejected, so the group never existed.
    public let state: GroupState?

    public init(sequence: UInt64, headSequence: UInt64, state: GroupState?) {
        self.sequence = sequence
        self.headSequence = headSequence
        self.state = state
    }
}
