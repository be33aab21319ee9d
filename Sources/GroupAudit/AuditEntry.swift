import GroupCore
import GroupFixtures

/// One commit of the audit timeline: who did what, with which standing, and what came of it.
public struct AuditEntry: Equatable, Sendable {
    /// The commit's position in its log.
    public let sequence: UInt64
    /// Milliseconds since the Unix epoch, as the commit's maker wrote it.
    public let time: Milliseconds
    /// The inbox that made the commit.
    public let actor: InboxID
    /// The actor's role and state before the commit: what its authority was judged by.
    public let actorFacts: InboxFacts
    /// The commit's changes, in order.
    public let changes: [Change]
    /// Applied with its events, or rejected with its reason.
    public let outcome: CommitResult
    /// The inboxes the commit made former members, each left or removed; empty when rejected.
    public let departures: [MemberDeparture]
    /// The inboxes the changes name, user fields' entries included.
    public let namedInboxes: [InboxID]
    /// Unsigned, or signed by which key, whether that key is recorded for the actor in the state
    /// before the commit, and whether the signature verifies.
    public private(set) var signature: AuditSignature

    /// The entry for `commit`, judged against `actorFacts`, with the fold's outcome and events.
    /// - Parameters:
    ///   - namedInboxes: the inboxes the changes name (`GroupState.inboxes(namedBy:)` of the
    ///     state before the commit); by default, those `Change.namedInboxes` gives.
    ///   - signature: the commit's signature, its standing judged on the state before the commit
    ///     (`Replica.signatureStanding(of:)`).
    public init(
        commit: Commit, actorFacts: InboxFacts, outcome: CommitOutcome, events: [DomainEvent], namedInboxes: [InboxID]? = nil,
        signature: AuditSignature
    ) {
        self.namedInboxes = namedInboxes ?? commit.changes.flatMap(\.namedInboxes)
        self.signature = signature
        sequence = commit.sequence
        time = commit.time
        actor = commit.actor
        self.actorFacts = actorFacts
        changes = commit.changes
        self.outcome = CommitResult(outcome, events: events)
        departures = self.outcome.events.compactMap(MemberDeparture.init)
    }

    /// This entry with `signature` in place of its own: the trail checks a signature only once
    /// its filter admits the entry.
    func with(signature: AuditSignature) -> AuditEntry {
        var entry = self
        entry.signature = signature
        return entry
    }

    /// The changes' op names, in order, as fixtures spell them.
    public var ops: [String] { changes.map(\.op) }

    /// The changes as one-line summaries (`addMembers bo, caro`).
    public var summaries: [String] { changes.map(\.summary) }

    /// The time as ISO 8601 in UTC: `2026-11-29T15:18:10.000Z`.
    public var isoTime: String { UTCTime.iso8601(time) }

    /// The full reason for a rejection: the reducer's detail (which names the policy slot or
    /// field, the policy, the actor's role, the limit or key) and the actor's standing then;
    /// nil when the commit was applied.
    public var rejectionReason: String? {
        guard let rejection = outcome.rejection else { return nil }
        return "\(rejection.reason.detail); \(actor) then: \(actorFacts.standing)"
    }

    /// Every inbox the commit involves: its actor, the inboxes its changes name, and the subjects
    /// of its events.
    public var involvedInboxes: Set<InboxID> {
        var inboxes: Set<InboxID> = [actor]
        inboxes.formUnion(namedInboxes)
        for event in outcome.events {
            if let subject = event.subject { inboxes.insert(subject) }
            if case let .ownershipTransferred(from, _) = event { inboxes.insert(from) }
        }
        return inboxes
    }
}
