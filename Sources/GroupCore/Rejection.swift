/// Why the reducer refused a change or a commit: one case per error code of SPEC.md, with its
/// details. The case names are the codes, which are part of the interface.
public enum Rejection: Error, Equatable, Sendable, CustomStringConvertible {
    // The commit as a whole (SPEC section 4).
    case groupNotFound
    case groupDeleted
    case invalidCommit(reason: String)
    case timeWentBackwards(time: Milliseconds, lastApplied: Milliseconds)
    // Conversations and actors (SPEC sections 2 and 3).
    case dmForbidden(op: String)
    case notAMember(InboxID)
    case notActive(InboxID, state: String)
    // Authority (SPEC section 5).
    case permissionDenied(PermissionDenial)
    // Argument values.
    case invalidPolicy(slot: PolicySlot?, reason: String)
    case invalidRole(Role)
    case invalidArgument(reason: String)
    case tooLong(field: String, bytes: Int, limit: Int)
    case identityNotFound(PublicIdentity)
    case duplicateInbox(InboxID)
    // Subjects (SPEC sections 6 and 7).
    case memberNotFound(InboxID)
    case alreadyMember(InboxID)
    case alreadyHasRole(InboxID, role: Role)
    case notAnAdmin(InboxID)
    case notASuperAdmin(InboxID)
    case superAdminCannotBeRemoved(InboxID)
    case lastSuperAdmin(InboxID)
    case banned(InboxID)
    case memberLimitExceeded(limit: Int)
    case appDataSuperseded(expected: String, actual: String)
    // Leaving (SPEC section 8).
    case onlyMemberCannotLeave
    case dmCannotLeave
    case superAdminCannotLeave
    case wrongLeaveRule(LeaveRule)
    case alreadyPendingRemoval
    // Fields (SPEC section 11).
    case unknownField(String)
    case notUserField(String)
    case duplicateField(String)
    case wrongType(field: String, reason: String)
    case unsupportedType(field: String, type: String)
    case keyExists(field: String, key: String)
    case keyNotFound(field: String, key: String)
    case immutableField(field: String)
    case fieldAlreadyRegistered(String)
    // The lifecycle (SPEC section 9).
    case notInvited(InboxID)
    case joinNotAllowed(JoinRule)
    case joinRequestNotFound(InboxID)
    case linkExists(String)
    case linkNotFound(String)
    // Signed commits (SPEC section 14), judged after the whole-commit checks above.
    /// The conversation requires signatures and the commit carries none.
    case unsignedCommit
    /// The conversation requires signatures and the commit's key is not recorded for its actor.
    case wrongSigningKey(InboxID, key: PublicKey)

    /// The error code, as fixtures, the CLI and the library name it.
    public var code: String {
        switch self {
        case .groupNotFound: "groupNotFound"
        case .groupDeleted: "groupDeleted"
        case .invalidCommit: "invalidCommit"
        case .timeWentBackwards: "timeWentBackwards"
        case .dmForbidden: "dmForbidden"
        case .notAMember: "notAMember"
        case .notActive: "notActive"
        case .permissionDenied: "permissionDenied"
        case .invalidPolicy: "invalidPolicy"
        case .invalidRole: "invalidRole"
        case .invalidArgument: "invalidArgument"
        case .tooLong: "tooLong"
        case .identityNotFound: "identityNotFound"
        case .duplicateInbox: "duplicateInbox"
        case .memberNotFound: "memberNotFound"
        case .alreadyMember: "alreadyMember"
        case .alreadyHasRole: "alreadyHasRole"
        case .notAnAdmin: "notAnAdmin"
        case .notASuperAdmin: "notASuperAdmin"
        case .superAdminCannotBeRemoved: "superAdminCannotBeRemoved"
        case .lastSuperAdmin: "lastSuperAdmin"
        case .banned: "banned"
        case .memberLimitExceeded: "memberLimitExceeded"
        case .appDataSuperseded: "appDataSuperseded"
        case .onlyMemberCannotLeave: "onlyMemberCannotLeave"
        case .dmCannotLeave: "dmCannotLeave"
        case .superAdminCannotLeave: "superAdminCannotLeave"
        case .wrongLeaveRule: "wrongLeaveRule"
        case .alreadyPendingRemoval: "alreadyPendingRemoval"
        case .unknownField: "unknownField"
        case .notUserField: "notUserField"
        case .duplicateField: "duplicateField"
        case .wrongType: "wrongType"
        case .unsupportedType: "unsupportedType"
        case .keyExists: "keyExists"
        case .keyNotFound: "keyNotFound"
        case .immutableField: "immutableField"
        case .fieldAlreadyRegistered: "fieldAlreadyRegistered"
        case .notInvited: "notInvited"
        case .joinNotAllowed: "joinNotAllowed"
        case .joinRequestNotFound: "joinRequestNotFound"
        case .linkExists: "linkExists"
        case .linkNotFound: "linkNotFound"
        case .unsignedCommit: "unsignedCommit"
        case .wrongSigningKey: "wrongSigningKey"
        }
    }

    /// Every code this version can produce, for docs and tests.
    public static let allCodes: [String] = [
        "groupNotFound", "groupDeleted", "invalidCommit", "timeWentBackwards", "dmForbidden", "notAMember",
        "notActive", "permissionDenied", "invalidPolicy", "invalidRole", "invalidArgument", "tooLong",
        "identityNotFound", "duplicateInbox", "memberNotFound", "alreadyMember", "alreadyHasRole", "notAnAdmin",
        "notASuperAdmin", "superAdminCannotBeRemoved", "lastSuperAdmin", "banned", "memberLimitExceeded",
        "appDataSuperseded", "onlyMemberCannotLeave", "dmCannotLeave", "superAdminCannotLeave", "wrongLeaveRule",
        "alreadyPendingRemoval", "unknownField", "notUserField", "duplicateField", "wrongType", "unsupportedType",
        "keyExists", "keyNotFound", "immutableField", "fieldAlreadyRegistered", "notInvited", "joinNotAllowed",
        "joinRequestNotFound", "linkExists", "linkNotFound", "unsignedCommit", "wrongSigningKey",
    ]

    /// A sentence saying exactly what was wrong.
    public var detail: String {
        switch self {
        case .groupNotFound: "the conversation does not exist (its commit 0 was not applied)"
        case .groupDeleted: "the group was deleted"
        case let .invalidCommit(reason): reason
        case let .timeWentBackwards(time, last): "time \(time) is earlier than the last applied commit's \(last)"
        case let .dmForbidden(op): "\(op) is not allowed in a DM"
        case let .notAMember(inbox): "\(inbox) is not a member"
        case let .notActive(inbox, state): "\(inbox) is \(state), not active"
        case let .permissionDenied(denial): denial.description
        case let .invalidPolicy(slot, reason): slot.map { "\($0): \(reason)" } ?? reason
        case let .invalidRole(role): "\(role) is above moderator, which this change cannot grant"
        case let .invalidArgument(reason): reason
        case let .tooLong(field, bytes, limit): "\(field) is \(bytes) bytes, over its limit of \(limit)"
        case let .identityNotFound(identity): "no inbox claims the \(identity)"
        case let .duplicateInbox(inbox): "\(inbox) is listed more than once"
        case let .memberNotFound(inbox): "\(inbox) is not a member"
        case let .alreadyMember(inbox): "\(inbox) is already a member"
        case let .alreadyHasRole(inbox, role): "\(inbox) is already \(role)"
        case let .notAnAdmin(inbox): "\(inbox) is not an admin"
        case let .notASuperAdmin(inbox): "\(inbox) is not a super admin"
        case let .superAdminCannotBeRemoved(inbox): "\(inbox) is a super admin; demote it first"
        case let .lastSuperAdmin(inbox): "\(inbox) is the last super admin"
        case let .banned(inbox): "\(inbox) is banned"
        case let .memberLimitExceeded(limit): "the group would exceed its member limit of \(limit)"
        case let .appDataSuperseded(expected, actual):
            "app data is \(actual.debugDescription), not the expected \(expected.debugDescription)"
        case .onlyMemberCannotLeave: "the only member cannot leave"
        case .dmCannotLeave: "a DM participant cannot leave"
        case .superAdminCannotLeave: "a super admin cannot leave; transfer ownership or demote first"
        case let .wrongLeaveRule(rule):
            rule == .direct ? "the group's leave rule is direct: use leave" : "the group's leave rule is request: use requestRemoval"
        case .alreadyPendingRemoval: "the removal request is already pending"
        case let .unknownField(field): "no field \(field) is registered in this conversation"
        case let .notUserField(field): "\(field) is not a user field (an inboxMap)"
        case let .duplicateField(field): "\(field) is listed more than once"
        case let .wrongType(field, reason): "\(field): \(reason)"
        case let .unsupportedType(field, type): "\(field) has type \(type), which this version does not support"
        case let .keyExists(field, key): "\(field) already has key \(key)"
        case let .keyNotFound(field, key): "\(field) has no key \(key)"
        case let .immutableField(field): "\(field) is immutable and already written"
        case let .fieldAlreadyRegistered(field): "\(field) is already registered"
        case let .notInvited(inbox): "\(inbox) has no open invitation"
        case let .joinNotAllowed(rule): "the group's join rule is \(rule.rawValue): join through a link or be added"
        case let .joinRequestNotFound(inbox): "\(inbox) has no pending join request"
        case let .linkExists(link): "link \(link) already exists"
        case let .linkNotFound(link): "no link \(link)"
        case .unsignedCommit: "the conversation requires signed commits, and this one is unsigned"
        case let .wrongSigningKey(inbox, key): "signed with key \(key), which is not recorded for \(inbox) in this conversation"
        }
    }

    public var description: String { "\(code): \(detail)" }
}
