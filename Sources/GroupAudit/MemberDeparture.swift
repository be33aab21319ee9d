import GroupCore

/// An inbox an applied commit made a former member, and whether it left or was removed.
public struct MemberDeparture: Equatable, Sendable, CustomStringConvertible {
    /// The inbox that became a former member.
    public let inbox: InboxID
    /// Whether it left or was removed, as the state records it.
    public let reason: Departure.Reason

    /// A departure of `inbox` for `reason`.
    public init(inbox: InboxID, reason: Departure.Reason) {
        self.inbox = inbox
        self.reason = reason
    }

    /// The departure an event records, if it records one. The reducer emits `memberLeft` for
    /// every departure it records as `left` (a removed pending-removal member included) and
    /// `memberRemoved` for every `removed` one; a declined invitation is `left` and a rejected
    /// join request `removed` (SPEC sections 6 and 9).
    public init?(_ event: DomainEvent) {
        switch event {
        case let .memberLeft(inbox), let .invitationDeclined(inbox): self.init(inbox: inbox, reason: .left)
        case let .memberRemoved(inbox, _), let .joinRejected(inbox): self.init(inbox: inbox, reason: .removed)
        default: return nil
        }
    }

    /// `caro left`, `dan removed`.
    public var description: String { "\(inbox) \(reason.rawValue)" }
}
