/// Folds a conversation's log, commit by commit, into its state and each commit's outcome.
///
/// A log whose commit 0 was rejected has no group: every later commit is `groupNotFound`.
public struct Replica: Equatable, Sendable {
    /// Nil until commit 0 is applied.
    public internal(set) var state: GroupState?
    /// The member limit for a `create` that gives none (the operator's `member_limit`).
    public let defaultMemberLimit: Int
    /// The events of the last commit folded: empty when it was rejected. Not part of equality:
    /// two replicas of one log are equal whatever they folded last.
    public private(set) var lastEvents: [DomainEvent] = []

    public static func == (lhs: Replica, rhs: Replica) -> Bool {
        lhs.state == rhs.state && lhs.defaultMemberLimit == rhs.defaultMemberLimit
    }

    public init(defaultMemberLimit: Int = GroupSettings.defaultMemberLimit) {
        self.defaultMemberLimit = defaultMemberLimit
    }

    /// A replica that resumes from a saved state, such as a snapshot.
    /// - Parameter state: the state after some commit; nil when the log never created its group.
    public init(resuming state: GroupState?, defaultMemberLimit: Int = GroupSettings.defaultMemberLimit) {
        self.state = state
        self.defaultMemberLimit = defaultMemberLimit
    }

    /// Notes that the state equals the one stored at `sequence`, so that an incremental snapshot
    /// can later be taken against it (`GroupState.markStored(at:)`).
    package mutating func markStored(at sequence: UInt64) {
        state?.markStored(at: sequence)
    }

    /// Judges `commit` and applies it when it passes. The caller hands commits in sequence order.
    /// - Parameter recordingEvents: false for a fold that wants only the state and the outcome
    ///   (a state read, an ingest): ``lastEvents`` is then left empty, and the events, about a
    ///   tenth of a fold's work, are never made.
    @discardableResult
    public mutating func fold(_ commit: Commit, recordingEvents: Bool = true) -> CommitOutcome {
        fold(commit, recordingEvents: recordingEvents, actorHash: nil)
    }

    /// ``fold(_:recordingEvents:)`` with the actor's roster hash when a `RosterLookAhead` made
    /// it already (``RosterLookAhead/actorHash``), so that the fold does not hash it again.
    package mutating func fold(_ commit: Commit, recordingEvents: Bool, actorHash: UInt64?) -> CommitOutcome {
        lastEvents = []
        do throws(CommitRejection) {
            if state != nil {
                // Applied in place, so that the state stays uniquely referenced while it is mutated.
                lastEvents = try state!.apply(commit, recordingEvents: recordingEvents, actorHash: actorHash)
            } else if commit.sequence == 0 {
                let created = try GroupState.created(by: commit, defaultMemberLimit: defaultMemberLimit)
                state = created
                if recordingEvents { lastEvents = Replica.creationEvents(of: created, by: commit.actor) }
            } else {
                throw CommitRejection(changeIndex: nil, reason: .groupNotFound)
            }
            return .applied
        } catch {
            return .rejected(error)
        }
    }

    /// Folds `commits` in order, exactly as ``fold(_:recordingEvents:)`` one at a time would,
    /// handing `body` each commit with its outcome and its events (none without
    /// `recordingEvents`). While a commit folds, the roster records that the commits a few
    /// places ahead will look up are asked for (`RosterLookAhead`), so that in a large group a
    /// lookup seldom waits on memory: a run of a log folds faster through here than commit by
    /// commit. `body` must not reach this replica; the state after each commit is the replica's
    /// once the call returns.
    public mutating func fold<Failure: Error>(
        _ commits: [Commit], recordingEvents: Bool = true, _ body: (Commit, CommitOutcome, [DomainEvent]) throws(Failure) -> Void
    ) throws(Failure) {
        var lookAhead = RosterLookAhead()
        // Each commit is read out of the array once, for the fold and `body` both: the compiler
        // copies an element out for every read, retaining what it holds (issue 18).
        for (position, commit) in commits.enumerated() {
            lookAhead.prepare(commits, before: position, for: self)
            let outcome = fold(commit, recordingEvents: recordingEvents, actorHash: lookAhead.actorHash)
            try body(commit, outcome, lastEvents)
        }
    }

    /// The events of commit 0: the group created, then each listed member added.
    static func creationEvents(of created: GroupState, by creator: InboxID) -> [DomainEvent] {
        [.groupCreated(creator: creator)] + created.allMembers.dropFirst().map { .memberAdded($0.inbox, by: creator) }
    }

    /// The full reasoning for `commit`, judged as `fold(_:)` would judge it next, without folding
    /// it: commit 0's creation, a commit of a log with no group, or any later commit.
    public func explain(_ commit: Commit) -> CommitExplanation {
        if let state { return state.explain(commit) }
        guard commit.sequence == 0 else {
            let outcome = CommitResult.rejected(CommitRejection(changeIndex: nil, reason: .groupNotFound))
            return CommitExplanation(
                commit: commit, actor: InboxFacts(commit.actor, record: nil), changes: [], outcome: outcome,
                signature: SignatureCheck(commit, actorKeys: [], required: false, outcome: outcome))
        }
        return GroupState.explainCreation(commit, defaultMemberLimit: defaultMemberLimit)
    }
}
