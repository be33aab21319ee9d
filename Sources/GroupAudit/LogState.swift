import GroupCore

/// A log's state after one of its commits, with the identities of the inboxes it names: what the
/// read commands print.
public struct LogState: Sendable {
    /// Nil when the log's commit 0 was rejected, so the group never existed.
    public let state: GroupState?
    /// The commit the state is after.
    public let sequence: UInt64
    /// The claims of the state's inboxes (a fixture's: all its own).
    public let directory: IdentityDirectory

    public init(state: GroupState?, sequence: UInt64, directory: IdentityDirectory) {
        self.state = state
        self.sequence = sequence
        self.directory = directory
    }

    /// The state, or an error saying the log created no group.
    public func existing() throws(LogSourceError) -> GroupState {
        guard let state else { throw LogSourceError("no group: commit 0 of the log was not applied") }
        return state
    }
}
