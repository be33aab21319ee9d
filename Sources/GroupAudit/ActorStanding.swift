import GroupCore

/// Where a commit's actor stood in the state before the commit: the role and state its
/// authority was judged by.
public enum ActorStanding: Equatable, Sendable, CustomStringConvertible {
    /// A current member, in any state.
    case member(Role, MemberState)
    /// A former member: it left or was removed earlier.
    case former(Departure.Reason)
    /// An inbox the group never had, or a log with no group yet.
    case notAMember

    /// The actor's standing in `state`, the state before its commit.
    public init(of actor: InboxID, in state: GroupState?) {
        guard let record = state?.member(actor) else {
            self = .notAMember
            return
        }
        if case let .former(departure) = record.state {
            self = .former(departure.reason)
        } else {
            self = .member(record.role, record.state)
        }
    }

    /// The role, for a current member.
    public var role: Role? {
        if case let .member(role, _) = self { return role }
        return nil
    }

    /// `active`, `invited`, `pendingApproval`, `pendingRemoval`, `former` or `notAMember`.
    public var stateName: String {
        switch self {
        case let .member(_, state): state.name
        case .former: "former"
        case .notAMember: "notAMember"
        }
    }

    /// `admin, active`; `former member, left`; `not a member`.
    public var description: String {
        switch self {
        case let .member(role, state): "\(role), \(state.name)"
        case let .former(reason): "former member, \(reason.rawValue)"
        case .notAMember: "not a member"
        }
    }
}
