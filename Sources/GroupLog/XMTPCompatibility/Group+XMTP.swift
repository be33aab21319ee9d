import Foundation

/// XMTPiOS's `Group` identity and reads, synchronous where XMTPiOS's are.
///
/// Reads see the latest durable commit of the store, so `sync()` has nothing to do.
extension Group: Identifiable, Hashable {
    /// The conversation's ID as text (XMTPiOS's `Group.id`); `groupId` is the same ID typed.
    public var id: String { groupId.rawValue }

    /// The acting inbox as text (XMTPiOS's `Group.clientInboxId`).
    public var clientInboxId: InboxId { inboxId.rawValue }

    /// Whether two handles are on the same conversation, whichever inbox acts (XMTPiOS's `==`).
    public static func == (lhs: Group, rhs: Group) -> Bool { lhs.groupId == rhs.groupId }

    /// Hashes the conversation's ID, as `==` compares it.
    public func hash(into hasher: inout Hasher) { groupId.hash(into: &hasher) }

    /// Does nothing: the store is local and every read is current (XMTPiOS's `sync()`).
    public func sync() async throws(GroupLogError) {}

    /// The disappearing-message settings, nil when off or when the read fails (XMTPiOS's
    /// `disappearingMessageSettings`).
    public var disappearingMessageSettings: DisappearingMessageSettings? {
        try? current().0.metadata.disappearingMessages
    }

    /// Whether messages disappear (XMTPiOS's `isDisappearingMessagesEnabled()`).
    public func isDisappearingMessagesEnabled() throws(GroupLogError) -> Bool {
        try current().0.metadata.disappearingMessages != nil
    }

    /// Whether the acting inbox is an active member (or one pending removal) of a group not
    /// deleted (XMTPiOS's `isActive()`).
    public func isActive() throws(GroupLogError) -> Bool {
        let state = try current().0
        guard !state.isDeleted, let record = state.member(inboxId) else { return false }
        return record.state == .active || record.state == .pendingRemoval
    }

    /// Where the acting inbox stands (XMTPiOS's `membershipState`); the mapping from GroupLog's
    /// member states is on `GroupMembershipState`.
    public var membershipState: GroupMembershipState {
        get throws(GroupLogError) { GroupMembershipState(try current().0.member(inboxId)?.state) }
    }

    /// The inbox that committed the `create`, as text (XMTPiOS's `creatorInboxId()`).
    public func creatorInboxId() async throws(GroupLogError) -> InboxId {
        try current().0.creator.rawValue
    }

    /// The inbox that added the acting inbox (XMTPiOS's `addedByInboxId()`): its own ID for the
    /// creator and for an inbox that joined on its own.
    /// - Throws: `GroupLogError.invalidArgument` when the acting inbox never was a member.
    public func addedByInboxId() throws(GroupLogError) -> InboxId {
        guard let record = try current().0.member(inboxId) else {
            throw .invalidArgument("\(inboxId) never was a member of \(groupId)")
        }
        return (record.addedBy ?? record.inbox).rawValue
    }

    /// The current members (XMTPiOS's `members`), as `members()` lists them.
    public var members: [Member] {
        get async throws(GroupLogError) { try await members() }
    }

    /// The current members other than the acting inbox, as text (XMTPiOS's `peerInboxIds`).
    public var peerInboxIds: [InboxId] {
        get async throws(GroupLogError) {
            try current().0.allMembers.map(\.inbox).filter { $0 != inboxId }.map(\.rawValue)
        }
    }

    /// When the conversation was created (XMTPiOS's `createdAt`); the Unix epoch when the read fails.
    public var createdAt: Date { Date(timeIntervalSince1970: Double(createdAtNs) / 1_000_000_000) }

    /// When the conversation was created, in nanoseconds since the Unix epoch (XMTPiOS's
    /// `createdAtNs`); 0 when the read fails.
    public var createdAtNs: Int64 { (try? current().0.createdAt).map { Int64($0) * 1_000_000 } ?? 0 }

    /// The conversation's last activity (XMTPiOS's `lastActivityAtNs`): GroupLog carries no
    /// messages, so its creation, as XMTP reports for a conversation without messages.
    public var lastActivityAtNs: Int64 { createdAtNs }

    /// The name (XMTPiOS's `name()`).
    public func name() throws(GroupLogError) -> String { try current().0.metadata.name }

    /// The description (XMTPiOS's `description()`).
    public func description() throws(GroupLogError) -> String { try current().0.metadata.description }

    /// The image URL (XMTPiOS's `imageUrl()`).
    public func imageUrl() throws(GroupLogError) -> String { try current().0.metadata.imageURL }

    /// The app data (XMTPiOS's `appData()`).
    public func appData() throws(GroupLogError) -> String { try current().0.metadata.appData }

    /// Whether `inboxId` is an admin (XMTPiOS's `isAdmin(inboxId:)`, synchronous).
    /// - Throws: `GroupLogError.invalidArgument` for text that is no inbox ID.
    public func isAdmin(inboxId: InboxId) throws(GroupLogError) -> Bool {
        try current().0.isAdmin(InboxID(xmtp: inboxId))
    }

    /// Whether `inboxId` is a super admin (XMTPiOS's `isSuperAdmin(inboxId:)`, synchronous).
    /// - Throws: `GroupLogError.invalidArgument` for text that is no inbox ID.
    public func isSuperAdmin(inboxId: InboxId) throws(GroupLogError) -> Bool {
        try current().0.isSuperAdmin(InboxID(xmtp: inboxId))
    }

    /// The admins as text, in join order (XMTPiOS's `listAdmins()`, synchronous).
    public func listAdmins() throws(GroupLogError) -> [InboxId] {
        try current().0.listAdmins().map(\.rawValue)
    }

    /// The super admins as text, in join order (XMTPiOS's `listSuperAdmins()`, synchronous).
    public func listSuperAdmins() throws(GroupLogError) -> [InboxId] {
        try current().0.listSuperAdmins().map(\.rawValue)
    }

    /// The nine XMTP policies (XMTPiOS's `permissionPolicySet()`); a slot holding a policy XMTP
    /// has no name for (moderator only, a combinator) reads `.unknown`.
    public func permissionPolicySet() throws(GroupLogError) -> PermissionPolicySet {
        let policies = try current().0.policies
        func option(_ slot: PolicySlot) -> PermissionOption { PermissionOption(policies[slot]) ?? .unknown }
        return PermissionPolicySet(
            addMemberPolicy: option(.addMember), removeMemberPolicy: option(.removeMember),
            addAdminPolicy: option(.addAdmin), removeAdminPolicy: option(.removeAdmin),
            updateGroupNamePolicy: option(.updateName), updateGroupDescriptionPolicy: option(.updateDescription),
            updateGroupImagePolicy: option(.updateImageURL),
            updateMessageDisappearingPolicy: option(.updateDisappearingMessages),
            updateAppDataPolicy: option(.updateAppData))
    }
}
