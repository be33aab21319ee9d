import GroupCore

// The tag numbers of the enums that appear in more than one record. They are a stored format:
// never renumber a case, never reuse a number; a new case takes the next free number (and an
// older build refuses it as an unknown tag, which is what it should do).
//
// | enum                  | tags                                                              |
// |-----------------------|-------------------------------------------------------------------|
// | Role                  | 0 observer, 1 member, 2 moderator, 3 admin, 4 superAdmin          |
// | PolicySlot            | 0 addMember, 1 removeMember, 2 addAdmin, 3 removeAdmin,           |
// |                       | 4 updateName, 5 updateDescription, 6 updateImageURL,              |
// |                       | 7 updateAppData, 8 updateDisappearingMessages, 9 setRole,         |
// |                       | 10 blockForAll, 11 ban, 12 mute, 13 manageLinks, 14 approveJoins  |
// | Policy                | 0 allowAll, 1 denyAll, 2 moderatorOnly, 3 adminOnly,              |
// |                       | 4 superAdminOnly, 5 self, 6 formerMember, 7 author,               |
// |                       | 8 all, 9 any (each followed by a list of policies)                |
// | ConversationKind      | 0 group, 1 dm                                                     |
// | LeaveRule             | 0 request, 1 direct                                               |
// | JoinRule              | 0 inviteOnly, 1 open, 2 approval                                  |
// | Admission             | 0 auto, 1 review                                                  |
// | GroupStyle            | 0 privateOnlyOwnerInvite, 1 privateMemberCanInvite,               |
// |                       | 2 publicJoinNeedApproval, 3 publicOpenJoin                        |
// | PublicIdentity.Kind   | 0 handle, 1 account                                               |
// | MemberState           | 0 active, 1 invited, 2 pendingApproval, 3 pendingRemoval,         |
// |                       | 4 former (followed by its Departure)                              |
// | Departure.Reason      | 0 left, 1 removed                                                 |

extension Role {
    var wireTag: UInt8 {
        switch self {
        case .observer: 0
        case .member: 1
        case .moderator: 2
        case .admin: 3
        case .superAdmin: 4
        }
    }

    init?(wireTag: UInt8) {
        switch wireTag {
        case 0: self = .observer
        case 1: self = .member
        case 2: self = .moderator
        case 3: self = .admin
        case 4: self = .superAdmin
        default: return nil
        }
    }
}

extension PolicySlot {
    var wireTag: UInt8 {
        switch self {
        case .addMember: 0
        case .removeMember: 1
        case .addAdmin: 2
        case .removeAdmin: 3
        case .updateName: 4
        case .updateDescription: 5
        case .updateImageURL: 6
        case .updateAppData: 7
        case .updateDisappearingMessages: 8
        case .setRole: 9
        case .blockForAll: 10
        case .ban: 11
        case .mute: 12
        case .manageLinks: 13
        case .approveJoins: 14
        }
    }

    init?(wireTag: UInt8) {
        switch wireTag {
        case 0: self = .addMember
        case 1: self = .removeMember
        case 2: self = .addAdmin
        case 3: self = .removeAdmin
        case 4: self = .updateName
        case 5: self = .updateDescription
        case 6: self = .updateImageURL
        case 7: self = .updateAppData
        case 8: self = .updateDisappearingMessages
        case 9: self = .setRole
        case 10: self = .blockForAll
        case 11: self = .ban
        case 12: self = .mute
        case 13: self = .manageLinks
        case 14: self = .approveJoins
        default: return nil
        }
    }
}

/// The tags of `Policy`; a combinator's tag is followed by its list of policies.
enum PolicyTag: UInt8 {
    case allowAll = 0
    case denyAll = 1
    case moderatorOnly = 2
    case adminOnly = 3
    case superAdminOnly = 4
    case selfOnly = 5
    case formerMember = 6
    case author = 7
    case all = 8
    case any = 9
}

extension ConversationKind {
    var wireTag: UInt8 {
        switch self {
        case .group: 0
        case .dm: 1
        }
    }

    init?(wireTag: UInt8) {
        switch wireTag {
        case 0: self = .group
        case 1: self = .dm
        default: return nil
        }
    }
}

extension LeaveRule {
    var wireTag: UInt8 {
        switch self {
        case .request: 0
        case .direct: 1
        }
    }

    init?(wireTag: UInt8) {
        switch wireTag {
        case 0: self = .request
        case 1: self = .direct
        default: return nil
        }
    }
}

extension JoinRule {
    var wireTag: UInt8 {
        switch self {
        case .inviteOnly: 0
        case .open: 1
        case .approval: 2
        }
    }

    init?(wireTag: UInt8) {
        switch wireTag {
        case 0: self = .inviteOnly
        case 1: self = .open
        case 2: self = .approval
        default: return nil
        }
    }
}

extension Admission {
    var wireTag: UInt8 {
        switch self {
        case .auto: 0
        case .review: 1
        }
    }

    init?(wireTag: UInt8) {
        switch wireTag {
        case 0: self = .auto
        case 1: self = .review
        default: return nil
        }
    }
}

extension GroupStyle {
    var wireTag: UInt8 {
        switch self {
        case .privateOnlyOwnerInvite: 0
        case .privateMemberCanInvite: 1
        case .publicJoinNeedApproval: 2
        case .publicOpenJoin: 3
        }
    }

    init?(wireTag: UInt8) {
        switch wireTag {
        case 0: self = .privateOnlyOwnerInvite
        case 1: self = .privateMemberCanInvite
        case 2: self = .publicJoinNeedApproval
        case 3: self = .publicOpenJoin
        default: return nil
        }
    }
}

extension PublicIdentity.Kind {
    var wireTag: UInt8 {
        switch self {
        case .handle: 0
        case .account: 1
        }
    }

    init?(wireTag: UInt8) {
        switch wireTag {
        case 0: self = .handle
        case 1: self = .account
        default: return nil
        }
    }
}

/// The tags of `MemberState`; `former` is followed by its departure.
enum MemberStateTag: UInt8 {
    case active = 0
    case invited = 1
    case pendingApproval = 2
    case pendingRemoval = 3
    case former = 4
}

extension Departure.Reason {
    var wireTag: UInt8 {
        switch self {
        case .left: 0
        case .removed: 1
        }
    }

    init?(wireTag: UInt8) {
        switch wireTag {
        case 0: self = .left
        case 1: self = .removed
        default: return nil
        }
    }
}
