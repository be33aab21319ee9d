/// What a conversation knew of one inbox: its role and state, or that it was no member.
public struct InboxFacts: Equatable, Sendable, CustomStringConvertible {
    /// The inbox the facts are about.
    public let inbox: InboxID
    /// The inbox's state; nil when the conversation never had it (or does not exist yet).
    public let state: MemberState?
    /// The role, for a current member; nil otherwise.
    public let role: Role?

    /// The facts of `inbox` from its record; nil when the conversation never had it.
    public init(_ inbox: InboxID, record: MemberRecord?) {
        self.inbox = inbox
        state = record?.state
        role = record?.currentRole
    }

    /// The facts of `inbox` in `state`; a log with no group yet has no members.
    public init(_ inbox: InboxID, in state: GroupState?) {
        self.init(inbox, record: state?.member(inbox))
    }

    /// `active`, `invited`, `pendingApproval`, `pendingRemoval`, `former`, or `notAMember` for
    /// an inbox the conversation never had.
    public var stateName: String { state?.name ?? "notAMember" }

    /// Whether the inbox was a current member, in any state.
    public var isCurrentMember: Bool { state?.isCurrent == true }

    /// `admin, active`; `not a member`; `former member, left`.
    public var standing: String {
        switch state {
        case nil: "not a member"
        case let .former(departure)?: "former member, \(departure.reason.rawValue)"
        case let state?: "\(role.map(\.name) ?? "?"), \(state.name)"
        }
    }

    /// `bo (admin, active)`, `caro (not a member)`.
    public var description: String { "\(inbox) (\(standing))" }
}
