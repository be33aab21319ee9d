import GroupCore

/// What the fold made of an audited commit, with what an auditor needs to know about it.
public enum AuditOutcome: Equatable, Sendable {
    /// Applied, with the events it yielded, in order.
    case applied(events: [DomainEvent])
    /// Rejected whole: the first failing change's index (nil for the commit as a whole) and why.
    case rejected(CommitRejection)

    /// `applied` or `rejected`, as the timeline's filters name outcomes.
    public var name: String {
        switch self {
        case .applied: "applied"
        case .rejected: "rejected"
        }
    }

    /// The events of an applied commit; none for a rejected one.
    public var events: [DomainEvent] {
        if case let .applied(events) = self { return events }
        return []
    }

    /// The rejection, if the commit was rejected.
    public var rejection: CommitRejection? {
        if case let .rejected(rejection) = self { return rejection }
        return nil
    }
}
