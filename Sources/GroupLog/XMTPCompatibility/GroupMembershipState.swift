/// Where the acting inbox stands in a conversation, as XMTP names it (XMTPiOS's
/// `GroupMembershipState`, read through `Group.membershipState`).
///
/// GroupLog's member states map onto it: `active` is `allowed`; `invited` (awaiting its own
/// acceptance) and `pendingApproval` (awaiting an admin) are `pending`; `pendingRemoval` is
/// `pendingRemove`; a former member, or an inbox that never was one, is `rejected`. GroupLog
/// never reports `restored`, which XMTP uses for an installation re-added after removal: a
/// re-added GroupLog member is simply `allowed` again.
public enum GroupMembershipState: Equatable, Sendable {
    /// An active member.
    case allowed
    /// Not a member: it left, was removed, or never was one.
    case rejected
    /// Invited or asking to join, not yet active.
    case pending
    /// Never reported by GroupLog (XMTP: re-added after removal).
    case restored
    /// Asked to leave; a super admin has yet to remove it.
    case pendingRemove

    /// The state of an inbox whose member record holds `state` (nil: no record).
    init(_ state: MemberState?) {
        switch state {
        case .active: self = .allowed
        case .invited, .pendingApproval: self = .pending
        case .pendingRemoval: self = .pendingRemove
        case .former, nil: self = .rejected
        }
    }
}
