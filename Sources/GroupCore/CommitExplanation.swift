/// The full reasoning for one commit (`grouplog explain`): the actor as the state
/// before the commit knew it; for each change, the inboxes it names, the authority checks the
/// reducer made and the change's result; the signature check; and the commit's outcome, which is
/// always what `Replica.fold(_:)` gives for the commit.
public struct CommitExplanation: Equatable, Sendable {
    /// The commit explained: its sequence, actor, time and changes.
    public let commit: Commit
    /// The actor in the state before the commit: its role and state, or not a member.
    public let actor: InboxFacts
    /// Each change in order; empty when the commit was rejected as a whole, before any change
    /// was judged (`groupNotFound`, `groupDeleted`, `timeWentBackwards`, `invalidCommit`).
    public let changes: [ChangeExplanation]
    /// The outcome, as `Replica.fold(_:)` gives it.
    public let outcome: CommitResult
    /// The signature: which key signed, the actor's keys, whether the conversation requires
    /// signatures, and the verdict (SPEC section 14).
    public let signature: SignatureCheck

    /// An explanation, as `explain(_:)` makes it.
    public init(commit: Commit, actor: InboxFacts, changes: [ChangeExplanation], outcome: CommitResult, signature: SignatureCheck) {
        self.commit = commit
        self.actor = actor
        self.changes = changes
        self.outcome = outcome
        self.signature = signature
    }

    /// The outcome as the fold reports it.
    public var commitOutcome: CommitOutcome { outcome.outcome }

    /// The events of an applied commit; empty for a rejected one.
    public var events: [DomainEvent] { outcome.events }

    /// The rejection of a commit refused as a whole; nil when a change was judged.
    public var commitLevelRejection: Rejection? {
        if case let .rejected(rejection) = outcome, rejection.changeIndex == nil { return rejection.reason }
        return nil
    }
}
