import GroupCore

/// A log that folds each commit as a test makes it, so the test can read the state and the
/// outcome between commits.
///
/// ```swift
/// var group = TestGroup(.alix, CreateConversation(members: [.bo]))
/// let outcome = group.commit(.bo, .addAdmin(.bo))
/// #expect(outcome.code == "permissionDenied")
/// ```
public struct TestGroup: Sendable {
    public private(set) var builder: LogBuilder
    public private(set) var replica: Replica
    /// Every commit made so far, in order.
    public private(set) var commits: [Commit] = []
    /// The outcome of each commit, in order.
    public private(set) var outcomes: [CommitOutcome] = []

    /// An empty log: the next commit is commit 0.
    public init(builder: LogBuilder = LogBuilder(), defaultMemberLimit: Int = GroupSettings.defaultMemberLimit) {
        self.builder = builder
        self.replica = Replica(defaultMemberLimit: defaultMemberLimit)
    }

    /// A log whose commit 0 is `creator`'s `create`, already folded.
    public init(_ creator: InboxID, _ request: CreateConversation, builder: LogBuilder = LogBuilder()) {
        self.init(builder: builder)
        commit(creator, .create(request))
    }

    /// The folded state; nil while no commit 0 was applied.
    public var state: GroupState? { replica.state }

    /// The outcome of the latest commit.
    public var lastOutcome: CommitOutcome? { outcomes.last }

    /// Makes the next commit, folds it and returns its outcome.
    @discardableResult
    public mutating func commit(_ actor: InboxID, _ changes: [Change], at time: Milliseconds? = nil) -> CommitOutcome {
        append(builder.commit(actor, changes, at: time))
    }

    /// Makes the next commit, with its changes listed inline, folds it and returns its outcome.
    @discardableResult
    public mutating func commit(_ actor: InboxID, _ changes: Change..., at time: Milliseconds? = nil) -> CommitOutcome {
        commit(actor, changes, at: time)
    }

    /// Folds a commit `builder` made, and goes on from that builder.
    @discardableResult
    public mutating func append(_ commit: Commit, advancing builder: LogBuilder) -> CommitOutcome {
        self.builder = builder
        return append(commit)
    }

    /// Folds a commit made elsewhere; the caller keeps its sequence in step with the log.
    @discardableResult
    public mutating func append(_ commit: Commit) -> CommitOutcome {
        let outcome = replica.fold(commit)
        commits.append(commit)
        outcomes.append(outcome)
        return outcome
    }
}
