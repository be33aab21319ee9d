/// How a new group is made (XMTP's `CreateGroupOptions`, with GroupLog's lifecycle settings).
public struct CreateGroupOptions: Equatable, Sendable {
    /// The group's ID; nil draws a fresh random one. Tests give one to stay deterministic.
    public var groupId: GroupID?
    /// The starting permission policies.
    public var permissions: GroupPermissionMode
    /// The name, up to 100 bytes.
    public var name: String
    /// The description, up to 1,000 bytes.
    public var description: String
    /// The image URL, up to 2,048 bytes.
    public var imageUrl: String
    /// Application data, up to 8,192 bytes.
    public var appData: String
    /// The disappearing-message settings the group starts with (XMTP's
    /// `DisappearingMessageSettings`); nil leaves them off. Part of the `create` commit, so no
    /// policy checks them; `Group.updateDisappearingMessageSettings(_:)` changes them later.
    public var disappearingMessages: DisappearingMessages?
    /// Nil takes the store configuration's limit, else 250.
    public var memberLimit: Int?
    /// How members leave; nil takes the style's rule, else `request`.
    public var leaveRule: LeaveRule?
    /// Who may join without being added; nil takes the style's rule, else `inviteOnly`.
    public var joinRule: JoinRule?
    /// Whether an added inbox must accept before it becomes active.
    public var invitesNeedConsent: Bool
    /// Whether joins through a link are active at once or reviewed.
    public var admission: Admission
    /// One of Agora's group styles, presetting the rules above.
    public var style: GroupStyle?
    /// Whether every commit must be signed with a key recorded for its actor (SPEC section 14);
    /// fixed at creation. Every member then needs a claimed key when it is added.
    public var requireSignatures: Bool

    /// Options with XMTP's defaults: all-members permissions, empty metadata.
    public init(
        groupId: GroupID? = nil, permissions: GroupPermissionMode = .allMembers, name: String = "",
        description: String = "", imageUrl: String = "", appData: String = "",
        disappearingMessages: DisappearingMessages? = nil, memberLimit: Int? = nil,
        leaveRule: LeaveRule? = nil, joinRule: JoinRule? = nil, invitesNeedConsent: Bool = false,
        admission: Admission = .auto, style: GroupStyle? = nil, requireSignatures: Bool = false
    ) {
        self.requireSignatures = requireSignatures
        self.groupId = groupId
        self.permissions = permissions
        self.name = name
        self.description = description
        self.imageUrl = imageUrl
        self.appData = appData
        self.disappearingMessages = disappearingMessages
        self.memberLimit = memberLimit
        self.leaveRule = leaveRule
        self.joinRule = joinRule
        self.invitesNeedConsent = invitesNeedConsent
        self.admission = admission
        self.style = style
    }

    /// The `create` change for a group with `members` and the inboxes claiming `identities`
    /// besides the creator. The identities go unresolved: the store resolves them inside the
    /// commit, so the log records the inboxes they named then.
    ///
    /// A group's settings are written out even at their defaults, as they were before `create`
    /// could leave them out: a group takes the same defaults either way, and its commit 0 stays
    /// as it was.
    func creation(members: [InboxID], identities: [PublicIdentity] = []) -> CreateConversation {
        CreateConversation(
            kind: .group, members: members, identities: identities.map { ResolvedIdentity($0, inbox: nil) },
            policySet: permissions.choice, name: name, description: description, imageURL: imageUrl, appData: appData,
            disappearingMessages: disappearingMessages, memberLimit: memberLimit, leaveRule: leaveRule,
            joinRule: joinRule, invitesNeedConsent: invitesNeedConsent, admission: admission, style: style,
            requireSignatures: requireSignatures)
    }
}
