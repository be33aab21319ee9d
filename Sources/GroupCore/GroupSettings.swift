/// How a member leaves (SPEC section 8).
public enum LeaveRule: String, CaseIterable, Sendable {
    /// `requestRemoval`, then a super admin removes the member.
    case request
    /// `leave` takes effect at once.
    case direct
}

/// Who may join without being added (SPEC section 9).
public enum JoinRule: String, CaseIterable, Sendable {
    case inviteOnly
    case open
    case approval
}

/// Whether a join through a link is active at once or awaits an admin.
public enum Admission: String, CaseIterable, Sendable {
    case auto
    case review
}

/// Agora's four group styles: presets over the settings and the addMember slot.
public enum GroupStyle: String, CaseIterable, Sendable {
    case privateOnlyOwnerInvite
    case privateMemberCanInvite
    case publicJoinNeedApproval
    case publicOpenJoin

    /// The addMember policy the style imposes, if any.
    public var addMemberPolicy: Policy? {
        switch self {
        case .privateOnlyOwnerInvite: .adminOnly
        case .privateMemberCanInvite: .allowAll
        case .publicJoinNeedApproval, .publicOpenJoin: nil
        }
    }

    public var joinRule: JoinRule {
        switch self {
        case .privateOnlyOwnerInvite, .privateMemberCanInvite: .inviteOnly
        case .publicJoinNeedApproval: .approval
        case .publicOpenJoin: .open
        }
    }

    public var leaveRule: LeaveRule { .direct }
}

/// A group's settings, fixed at creation (SPEC sections 9 and 14).
public struct GroupSettings: Equatable, Sendable {
    /// The member limit when neither the commit nor the configuration gives one.
    public static let defaultMemberLimit = 250

    public var memberLimit: Int
    public var leaveRule: LeaveRule
    public var joinRule: JoinRule
    public var invitesNeedConsent: Bool
    public var admission: Admission
    /// Every commit must be signed with a key recorded for its actor (SPEC section 14). Unlike
    /// the others, a DM has this setting too.
    public var requireSignatures: Bool

    public init(
        memberLimit: Int = GroupSettings.defaultMemberLimit, leaveRule: LeaveRule = .request,
        joinRule: JoinRule = .inviteOnly, invitesNeedConsent: Bool = false, admission: Admission = .auto,
        requireSignatures: Bool = false
    ) {
        self.memberLimit = memberLimit
        self.leaveRule = leaveRule
        self.joinRule = joinRule
        self.invitesNeedConsent = invitesNeedConsent
        self.admission = admission
        self.requireSignatures = requireSignatures
    }
}
