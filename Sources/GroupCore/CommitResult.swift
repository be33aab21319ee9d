/// What folding a commit gave, with what a reader of the log needs: the events of an applied
/// commit, or the rejection of a refused one.
public enum CommitResult: Equatable, Sendable {
    /// Applied, with the events it yielded, in order.
    case applied(events: [DomainEvent])
    /// Rejected whole: the first failing change's index (nil for the commit as a whole) and why.
    case rejected(CommitRejection)

    /// The result of a fold: its outcome, with the events it yielded.
    public init(_ outcome: CommitOutcome, events: [DomainEvent]) {
        switch outcome {
        case .applied: self = .applied(events: events)
        case let .rejected(rejection): self = .rejected(rejection)
        }
    }

    /// `applied` or `rejected`, as filters and JSON name outcomes.
    public var name: String {
        switch self {
        case .applied: "applied"
        case .rejected: "rejected"
        }
    }

    /// The outcome as the fold reports it, without the events.
    public var outcome: CommitOutcome {
        switch self {
        case .applied: .applied
        case let .rejected(rejection): .rejected(rejection)
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
