/// Folds a conversation's log, commit by commit, into its state and each commit's outcome.
///
/// A log whose commit 0 was rejected has no group: every later commit is `groupNotFound`.
public struct Replica: Equatable, Sendable {
    /// Nil until commit 0 is applied.
    public private(set) var state: GroupState?
    /// The member limit for a `create` that gives none (the operator's `member_limit`).
    public let defaultMemberLimit: Int

    public init(defaultMemberLimit: Int = GroupSettings.defaultMemberLimit) {
        self.defaultMemberLimit = defaultMemberLimit
    }

    /// A replica that resumes from a saved state, such as a snapshot.
    /// - Parameter state: the state after some commit; nil when the log never created its group.
    public init(resuming state: GroupState?, defaultMemberLimit: Int = GroupSettings.defaultMemberLimit) {
        self.state = state
        self.defaultMemberLimit = defaultMemberLimit
    }

    /// Judges `commit` and applies it when it passes. The caller hands commits in sequence order.
    @discardableResult
    public mutating func fold(_ commit: Commit) -> CommitOutcome {
        do throws(CommitRejection) {
            if var current = state {
                // Move the state out so that it stays uniquely referenced while it is mutated:
                // mutating it through the optional would copy the whole roster.
                state = nil
                defer { state = current }
                try current.apply(commit)
            } else if commit.sequence == 0 {
                state = try GroupState.created(by: commit, defaultMemberLimit: defaultMemberLimit)
            } else {
                throw CommitRejection(changeIndex: nil, reason: .groupNotFound)
            }
            return .applied
        } catch {
            return .rejected(error)
        }
    }
}
