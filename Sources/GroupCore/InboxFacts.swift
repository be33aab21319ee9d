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

    /// Whether the inbox was a current member, in any state.
    public var isCurrentMember: Bool { state?.isCurrent == true }

    /// `admin, active`; `not a member`; `not a member (left at 3000)`.
    public var standing: String {
        switch state {
        case nil: "not a member"
        case let .former(departure)?: "not a member (\(departure.reason.rawValue) at \(departure.at))"
        case let state?: "\(role.map(\.name) ?? "?"), \(state.name)"
        }
    }

    /// `bo (admin, active)`, `caro (not a member)`.
    public var description: String { "\(inbox) (\(standing))" }
}
