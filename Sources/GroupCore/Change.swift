/// The kind of a conversation, fixed at creation (SPEC section 2).
public enum ConversationKind: String, CaseIterable, Sendable {
    case group
    case dm
}

/// The policy set a `create` asks for.
public enum PolicySetChoice: Equatable, Sendable {
    case allMembers
    case adminOnly
    /// Explicit slots; the reducer requires the nine XMTP slots.
    case custom([PolicySlot: Policy])
}

/// The arguments of `create` (SPEC sections 2, 5, 9 and 10).
public struct CreateConversation: Equatable, Sendable {
    public var kind: ConversationKind
    /// The members besides the creator named by inbox, in the order given.
    public var members: [InboxID]
    /// The members besides the creator named by public identity, with the inboxes the directory
    /// resolved them to when the commit was made; they follow `members` (SPEC section 6).
    public var identities: [ResolvedIdentity]
    /// Nil when the commit gives none: a group then takes `allMembers`; a DM must give none.
    public var policySet: PolicySetChoice?
    public var name: String
    public var description: String
    public var imageURL: String
    public var appData: String
    /// Nil leaves disappearing messages off (SPEC section 10); checked by no policy.
    public var disappearingMessages: DisappearingMessages?
    /// Nil takes the configuration's limit, else 250.
    public var memberLimit: Int?
    /// Nil takes the style's rule, else the default.
    public var leaveRule: LeaveRule?
    public var joinRule: JoinRule?
    /// Nil when not given (false for a group); a DM must give none of the group settings.
    public var invitesNeedConsent: Bool?
    /// Nil when not given (`auto` for a group).
    public var admission: Admission?
    public var style: GroupStyle?
    /// The configured fields to register, with their full descriptors, as the configuration gave
    /// them when the commit was made; the well-known fields are registered besides these.
    public var fields: [FieldDescriptor]
    /// Whether every commit must be signed with a key recorded for its actor (SPEC section 14);
    /// fixed at creation, for a group or a DM alike.
    public var requireSignatures: Bool
    /// The signing keys of the creator and the members, as the directory held them when the
    /// commit was made; an inbox without an entry has none.
    public var keys: RecordedKeys

    public init(
        kind: ConversationKind = .group, members: [InboxID] = [], identities: [ResolvedIdentity] = [],
        policySet: PolicySetChoice? = nil, name: String = "", description: String = "", imageURL: String = "",
        appData: String = "", disappearingMessages: DisappearingMessages? = nil,
        memberLimit: Int? = nil, leaveRule: LeaveRule? = nil, joinRule: JoinRule? = nil,
        invitesNeedConsent: Bool? = nil, admission: Admission? = nil, style: GroupStyle? = nil,
        fields: [FieldDescriptor] = [], requireSignatures: Bool = false, keys: RecordedKeys = [:]
    ) {
        self.fields = fields
        self.requireSignatures = requireSignatures
        self.keys = keys
        self.kind = kind
        self.members = members
        self.identities = identities
        self.policySet = policySet
        self.name = name
        self.description = description
        self.imageURL = imageURL
        self.appData = appData
        self.disappearingMessages = disappearingMessages
        self.memberLimit = memberLimit
        self.leaveRule = leaveRule
        self.joinRule = joinRule
        self.invitesNeedConsent = invitesNeedConsent
        self.admission = admission
        self.style = style
    }

    /// The members besides the creator: the inboxes, then the identities as they were resolved.
    public var allMembers: [InboxID] { members + identities.compactMap(\.inbox) }

    /// The group settings of SPEC section 9 the commit gives, by name: a DM may give none.
    public var givenGroupSettings: [String] {
        var given: [String] = []
        if policySet != nil { given.append("policySet") }
        if style != nil { given.append("style") }
        if memberLimit != nil { given.append("memberLimit") }
        if leaveRule != nil { given.append("leaveRule") }
        if joinRule != nil { given.append("joinRule") }
        if invitesNeedConsent != nil { given.append("invitesNeedConsent") }
        if admission != nil { given.append("admission") }
        return given
    }
}

/// A public identity named in `create`, `addMembers` or `removeMembers`, with the inbox the directory resolved it to when the
/// commit was made. The commit records the resolution, so replay never consults the directory.
public struct ResolvedIdentity: Equatable, Sendable {
    public let identity: PublicIdentity
    /// Nil when no inbox claimed the identity: the commit is rejected with `identityNotFound`.
    public let inbox: InboxID?

    public init(_ identity: PublicIdentity, inbox: InboxID?) {
        self.identity = identity
        self.inbox = inbox
    }
}

/// The signing keys a commit records for the inboxes it makes members or invitees, by inbox, as
/// the directory held them when the commit was made (SPEC section 14). Recorded in the log like
/// resolved identities, so that replay never consults the directory.
public typealias RecordedKeys = [InboxID: [PublicKey]]

/// One change of a commit (SPEC sections 6, 7, 8, 10 and 14).
///
/// The three cases whose payloads are wide are `indirect`, boxed: an enum is as wide as its
/// widest case, and `create`'s 160 bytes made every change 160 bytes, which each copy of a
/// change in the fold moved (issue 18). Boxed, a change is 33 bytes; the rare commits that
/// carry one of these pay an allocation when they are decoded.
public enum Change: Equatable, Sendable {
    indirect case create(CreateConversation)
    /// The identities follow the inboxes, as resolved when the commit was made; `keys` holds the
    /// added inboxes' signing keys.
    case addMembers(inboxes: [InboxID], identities: [ResolvedIdentity], keys: RecordedKeys = [:])
    /// The identities follow the inboxes, as resolved when the commit was made.
    case removeMembers(inboxes: [InboxID], identities: [ResolvedIdentity] = [], withMessages: Bool)
    case addAdmin(InboxID)
    case removeAdmin(InboxID)
    case addSuperAdmin(InboxID)
    case removeSuperAdmin(InboxID)
    case setRole(inboxes: [InboxID], role: Role)
    case transferOwnership(InboxID)
    case updatePermission(slot: PolicySlot, policy: Policy)
    case requestRemoval
    case leave
    case updateName(String)
    case updateDescription(String)
    case updateImageURL(String)
    case updateAppData(data: String, expected: String?)
    /// Nil turns disappearing messages off.
    case updateDisappearingMessages(DisappearingMessages?)
    /// Registers configured fields the conversation lacks (SPEC section 11).
    case registerFields([FieldRegistration])
    /// Changes who may insert, update or delete a registered field's values (SPEC section 11).
    indirect case updateFieldPolicy(field: FieldReference, operation: FieldOperation, policy: Policy)
    /// A typed write to one field.
    indirect case updateMetadataField(field: FieldReference, mutation: FieldMutation)
    /// The actor's own entries in user fields, all in one commit.
    case updateUserData([UserFieldUpdate])
    // The lifecycle of SPEC section 9.
    /// The invitee accepts its open invitation, recording its signing keys, which replace those
    /// its invitation recorded.
    case acceptInvitation(keys: [PublicKey] = [])
    /// The invitee declines its open invitation.
    case declineInvitation
    /// A non-member joins, through a link or by the group's join rule, recording its signing keys.
    case join(link: String?, keys: [PublicKey] = [])
    /// Admits a pending join request, with a role (nil keeps the role it asked for).
    case approveJoin(InboxID, role: Role?)
    case rejectJoin(InboxID)
    case createLink(String, role: Role)
    case updateLinkRole(String, role: Role)
    case deleteLink(String)
    /// Hides (or shows again) the members' messages for all.
    case blockForAll(inboxes: [InboxID], blocked: Bool)
    case mute(inboxes: [InboxID], until: Milliseconds)
    case unmute([InboxID])
    case muteAll(Bool)
    case allowListAdd([InboxID])
    case allowListRemove([InboxID])
    case ban([InboxID])
    case unban([InboxID])
    /// The actor blocks (or unblocks) the group for itself.
    case blockGroup(Bool)
    case deleteGroup
    /// The actor changes its own signing keys in this conversation: `remove` first, then `add`.
    case updateKeys(add: [PublicKey], remove: [PublicKey])

    /// `acceptInvitation` recording no keys, as every acceptance before signed commits did.
    public static var acceptInvitation: Change { .acceptInvitation(keys: []) }

    /// The op name used in fixtures, the CLI and error messages.
    public var op: String {
        switch self {
        case .create: "create"
        case .addMembers: "addMembers"
        case .removeMembers: "removeMembers"
        case .addAdmin: "addAdmin"
        case .removeAdmin: "removeAdmin"
        case .addSuperAdmin: "addSuperAdmin"
        case .removeSuperAdmin: "removeSuperAdmin"
        case .setRole: "setRole"
        case .transferOwnership: "transferOwnership"
        case .updatePermission: "updatePermission"
        case .requestRemoval: "requestRemoval"
        case .leave: "leave"
        case .updateName: "updateName"
        case .updateDescription: "updateDescription"
        case .updateImageURL: "updateImageURL"
        case .updateAppData: "updateAppData"
        case .updateDisappearingMessages: "updateDisappearingMessages"
        case .registerFields: "registerFields"
        case .updateFieldPolicy: "updateFieldPolicy"
        case .updateMetadataField: "updateMetadataField"
        case .updateUserData: "updateUserData"
        case .acceptInvitation: "acceptInvitation"
        case .declineInvitation: "declineInvitation"
        case .join: "join"
        case .approveJoin: "approveJoin"
        case .rejectJoin: "rejectJoin"
        case .createLink: "createLink"
        case .updateLinkRole: "updateLinkRole"
        case .deleteLink: "deleteLink"
        case .blockForAll: "blockForAll"
        case .mute: "mute"
        case .unmute: "unmute"
        case .muteAll: "muteAll"
        case .allowListAdd: "allowListAdd"
        case .allowListRemove: "allowListRemove"
        case .ban: "ban"
        case .unban: "unban"
        case .blockGroup: "blockGroup"
        case .deleteGroup: "deleteGroup"
        case .updateKeys: "updateKeys"
        }
    }

    /// Whether a DM never allows this change (SPEC section 2).
    public var isForbiddenInDM: Bool {
        switch self {
        case .addMembers, .removeMembers, .addAdmin, .removeAdmin, .addSuperAdmin, .removeSuperAdmin,
             .setRole, .transferOwnership, .updatePermission, .updateFieldPolicy, .join, .approveJoin, .rejectJoin, .createLink,
             .updateLinkRole, .deleteLink, .blockForAll, .mute, .unmute, .muteAll, .allowListAdd, .allowListRemove,
             .ban, .unban, .deleteGroup:
            true
        case .create, .requestRemoval, .leave, .updateName, .updateDescription, .updateImageURL,
             .updateAppData, .updateDisappearingMessages, .registerFields, .updateMetadataField, .updateUserData,
             .acceptInvitation, .declineInvitation, .blockGroup, .updateKeys:
            false
        }
    }
}

extension Change {
    /// The inboxes the change names as its subjects, in argument order, each once: the members
    /// of `create`, the inboxes `addMembers` adds (identities as they were resolved), the
    /// subjects of role changes, moderation and the lifecycle. Changes about the actor itself
    /// (`leave`, `join`, `updateUserData`) or about no inbox name none; a field entry keyed by an
    /// inbox is the field's business, not the change's.
    public var namedInboxes: [InboxID] {
        var named: [InboxID] = []
        visitNamedInboxes { named.append($0); return true }
        guard named.count > 1 else { return named }
        var seen = Set<InboxID>()
        return named.filter { seen.insert($0).inserted }
    }

    /// Hands `body` the inboxes of ``namedInboxes``, in the same order but repeats included,
    /// until it returns false; allocates nothing (the fold's look-ahead reads them for every
    /// commit, `RosterLookAhead`).
    func visitNamedInboxes(_ body: (InboxID) -> Bool) {
        func visit(_ inboxes: [InboxID], _ identities: [ResolvedIdentity] = []) {
            for inbox in inboxes where !body(inbox) { return }
            for identity in identities { if let inbox = identity.inbox, !body(inbox) { return } }
        }
        switch self {
        case let .create(request): visit(request.members, request.identities)
        case let .addMembers(inboxes, identities, _), let .removeMembers(inboxes, identities, _):
            visit(inboxes, identities)
        case let .setRole(inboxes, _), let .blockForAll(inboxes, _),
             let .mute(inboxes, _), let .unmute(inboxes), let .allowListAdd(inboxes), let .allowListRemove(inboxes),
             let .ban(inboxes), let .unban(inboxes):
            visit(inboxes)
        case let .addAdmin(inbox), let .removeAdmin(inbox), let .addSuperAdmin(inbox), let .removeSuperAdmin(inbox),
             let .transferOwnership(inbox), let .approveJoin(inbox, _), let .rejectJoin(inbox):
            _ = body(inbox)
        case .updatePermission, .requestRemoval, .leave, .updateName, .updateDescription, .updateImageURL,
             .updateAppData, .updateDisappearingMessages, .registerFields, .updateFieldPolicy, .updateMetadataField,
             .updateUserData, .acceptInvitation, .declineInvitation, .join, .createLink, .updateLinkRole, .deleteLink, .muteAll,
             .blockGroup, .deleteGroup, .updateKeys:
            break
        }
    }
}
