/// XMTPiOS's `Conversations` calls that make and find conversations, taking inbox IDs as text.
/// Each is one of the library's calls; a DM found or made is the pair's one DM, as
/// `findOrCreateDm(with:disappearingMessages:requireSignatures:)` finds and makes it.
extension Conversations {
    /// Creates a group with the acting inbox as super admin and `inboxIds` as members
    /// (XMTPiOS's `newGroup(with:permissions:name:imageUrl:description:disappearingMessageSettings:appData:)`).
    /// - Throws: `GroupLogError.invalidArgument` for text that is no inbox ID;
    ///   `GroupLogError.rejected` (`duplicateInbox`, `tooLong`, `memberLimitExceeded`), nothing written.
    public func newGroup(
        with inboxIds: [InboxId], permissions: GroupPermissionPreconfiguration = .allMembers, name: String = "",
        imageUrl: String = "", description: String = "",
        disappearingMessageSettings: DisappearingMessageSettings? = nil, appData: String? = nil
    ) async throws(GroupLogError) -> Group {
        try await newGroup(with: InboxID.xmtp(inboxIds), options: Self.options(
            permissions.mode, name, imageUrl, description, disappearingMessageSettings, appData))
    }

    /// Creates a group with nine explicit policies (XMTPiOS's
    /// `newGroupCustomPermissions(with:permissionPolicySet:name:imageUrl:description:disappearingMessageSettings:appData:)`).
    /// - Throws: `GroupLogError.invalidArgument` for text that is no inbox ID or an `.unknown`
    ///   policy; `GroupLogError.rejected` (`invalidPolicy` for `.allow` on an admin slot, and the
    ///   refusals of `newGroup(with:permissions:...)`), nothing written.
    public func newGroupCustomPermissions(
        with inboxIds: [InboxId], permissionPolicySet: PermissionPolicySet, name: String = "",
        imageUrl: String = "", description: String = "",
        disappearingMessageSettings: DisappearingMessageSettings? = nil, appData: String? = nil
    ) async throws(GroupLogError) -> Group {
        try await newGroup(with: InboxID.xmtp(inboxIds), options: Self.options(
            .custom(permissionPolicySet), name, imageUrl, description, disappearingMessageSettings, appData))
    }

    /// Creates a group with the inboxes claiming `identities` as members (XMTPiOS's
    /// `newGroupWithIdentities(with:permissions:name:imageUrl:description:disappearingMessageSettings:appData:)`).
    /// - Throws: `GroupLogError.rejected` (`identityNotFound`, `duplicateInbox`, `tooLong`),
    ///   nothing written.
    public func newGroupWithIdentities(
        with identities: [PublicIdentity], permissions: GroupPermissionPreconfiguration = .allMembers,
        name: String = "", imageUrl: String = "", description: String = "",
        disappearingMessageSettings: DisappearingMessageSettings? = nil, appData: String? = nil
    ) async throws(GroupLogError) -> Group {
        try await newGroupWithIdentities(identities: identities, options: Self.options(
            permissions.mode, name, imageUrl, description, disappearingMessageSettings, appData))
    }

    /// Creates a group with nine explicit policies and the inboxes claiming `identities` as
    /// members (XMTPiOS's `newGroupCustomPermissionsWithIdentities(with:permissionPolicySet:...)`).
    /// - Throws: as `newGroupCustomPermissions(with:permissionPolicySet:...)` and
    ///   `newGroupWithIdentities(with:permissions:...)`.
    public func newGroupCustomPermissionsWithIdentities(
        with identities: [PublicIdentity], permissionPolicySet: PermissionPolicySet, name: String = "",
        imageUrl: String = "", description: String = "",
        disappearingMessageSettings: DisappearingMessageSettings? = nil, appData: String? = nil
    ) async throws(GroupLogError) -> Group {
        try await newGroupWithIdentities(identities: identities, options: Self.options(
            .custom(permissionPolicySet), name, imageUrl, description, disappearingMessageSettings, appData))
    }

    /// The DM with `peerInboxId`, made now when the two have none (XMTPiOS's
    /// `findOrCreateDm(with:disappearingMessageSettings:)`).
    /// - Throws: `GroupLogError.invalidArgument` for text that is no inbox ID;
    ///   `GroupLogError.rejected` (`invalidCommit` when it is the acting inbox), nothing written.
    public func findOrCreateDm(
        with peerInboxId: InboxId, disappearingMessageSettings: DisappearingMessageSettings? = nil
    ) async throws(GroupLogError) -> Dm {
        Dm(try await findOrCreateDm(with: InboxID(xmtp: peerInboxId), disappearingMessages: disappearingMessageSettings))
    }

    /// The DM with `peerInboxId` as a `Conversation`, made now when the two have none
    /// (XMTPiOS's `newConversation(with:disappearingMessageSettings:)`, which finds or creates).
    /// - Throws: as `findOrCreateDm(with:disappearingMessageSettings:)`.
    public func newConversation(
        with peerInboxId: InboxId, disappearingMessageSettings: DisappearingMessageSettings? = nil
    ) async throws(GroupLogError) -> Conversation {
        .dm(try await findOrCreateDm(with: peerInboxId, disappearingMessageSettings: disappearingMessageSettings))
    }

    /// The DM with the inbox claiming `peerIdentity`, made now when the two have none
    /// (XMTPiOS's `findOrCreateDmWithIdentity(with:disappearingMessageSettings:)`).
    /// - Throws: `GroupLogError.rejected` (`identityNotFound` when no inbox claims it,
    ///   `invalidCommit` when the acting inbox does), nothing written.
    public func findOrCreateDmWithIdentity(
        with peerIdentity: PublicIdentity, disappearingMessageSettings: DisappearingMessageSettings? = nil
    ) async throws(GroupLogError) -> Dm {
        Dm(try await findOrCreateDmWithIdentity(peerIdentity, disappearingMessages: disappearingMessageSettings))
    }

    /// The DM with the inbox claiming `peerIdentity` as a `Conversation`, made now when the two
    /// have none (XMTPiOS's `newConversationWithIdentity(with:disappearingMessageSettings:)`).
    /// - Throws: as `findOrCreateDmWithIdentity(with:disappearingMessageSettings:)`.
    public func newConversationWithIdentity(
        with peerIdentity: PublicIdentity, disappearingMessageSettings: DisappearingMessageSettings? = nil
    ) async throws(GroupLogError) -> Conversation {
        .dm(try await findOrCreateDmWithIdentity(with: peerIdentity, disappearingMessageSettings: disappearingMessageSettings))
    }

    /// The group or DM with this ID text, or nil when the store holds none (XMTPiOS's
    /// `findConversation(conversationId:)`).
    /// - Throws: `GroupLogError.invalidArgument` when the text is not a group ID.
    public func findConversation(conversationId: String) async throws(GroupLogError) -> Conversation? {
        guard let group = try group(GroupID(checking: conversationId)) else { return nil }
        return try Conversation(group)
    }

    /// The DM with `inboxId` (the oldest, when there are several), or nil (XMTPiOS's
    /// `findDmByInboxId(inboxId:)`, synchronous as there).
    /// - Throws: `GroupLogError.invalidArgument` for text that is no inbox ID.
    public func findDmByInboxId(inboxId: InboxId) throws(GroupLogError) -> Dm? {
        try dm(with: InboxID(xmtp: inboxId)).map(Dm.init)
    }

    /// The DM with the inbox claiming `publicIdentity`, or nil when the two have none
    /// (XMTPiOS's `findDmByIdentity(publicIdentity:)`).
    /// - Throws: `GroupLogError.rejected` with `identityNotFound` when no inbox claims it, as
    ///   XMTPiOS throws when it finds no inbox (`findDmByIdentity(_:)` returns nil instead).
    public func findDmByIdentity(publicIdentity: PublicIdentity) async throws(GroupLogError) -> Dm? {
        guard let owner = try owner(of: publicIdentity) else { throw Self.unclaimed(publicIdentity) }
        return try dm(with: owner).map(Dm.init)
    }

    /// Create options from XMTP's arguments; nil app data is empty, as XMTP starts it.
    static func options(
        _ permissions: GroupPermissionMode, _ name: String, _ imageUrl: String, _ description: String,
        _ settings: DisappearingMessageSettings?, _ appData: String?
    ) -> CreateGroupOptions {
        CreateGroupOptions(
            permissions: permissions, name: name, description: description, imageUrl: imageUrl,
            appData: appData ?? "", disappearingMessages: settings)
    }
}
