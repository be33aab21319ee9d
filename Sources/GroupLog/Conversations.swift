import Foundation

/// The conversations of one acting inbox (XMTP's `client.conversations`).
public struct Conversations: Sendable {
    /// The store the conversations live in.
    public let store: GroupLogStore
    /// The inbox that creates, reads and writes.
    public let inboxId: InboxID
    /// The key that signs every commit made through these conversations and the `Group`
    /// handles they give (SPEC section 14); nil writes them unsigned.
    public let signingKey: SigningKey?

    /// Conversations of `inboxId` in `store`, signing with `signingKey` when one is given.
    public init(store: GroupLogStore, inboxId: InboxID, signingKey: SigningKey? = nil) {
        self.store = store
        self.inboxId = inboxId
        self.signingKey = signingKey
    }

    /// A handle on `id` for the acting inbox, signing as these conversations do.
    func handle(_ id: GroupID) -> Group {
        Group(id: id, inboxId: inboxId, store: store, signingKey: signingKey)
    }

    /// Creates a group with the acting inbox as its super admin and `members` as members.
    /// - Throws: `GroupLogError.rejected` when the reducer refuses the `create` (a duplicate
    ///   member, text over its limit, a bad policy), nothing written.
    public func newGroup(
        with members: [InboxID], options: CreateGroupOptions = CreateGroupOptions()
    ) async throws(GroupLogError) -> Group {
        try options.permissions.check()
        return try create(options.groupId, options.creation(members: members))
    }

    /// Creates a group with the acting inbox as its super admin and the inboxes claiming
    /// `identities` (handles and accounts together) as members (XMTP's `newGroupWithIdentities`).
    ///
    /// The store resolves the identities inside the `create` commit, so the log records the
    /// inboxes they named then and replay never consults the directory.
    /// - Throws: `GroupLogError.rejected` with `identityNotFound` when no inbox claims one of
    ///   them, `duplicateInbox` when two name the same inbox or one names the creator, and the
    ///   refusals of `newGroup(with:options:)`; nothing written.
    public func newGroupWithIdentities(
        identities: [PublicIdentity], options: CreateGroupOptions = CreateGroupOptions()
    ) async throws(GroupLogError) -> Group {
        try options.permissions.check()
        return try create(options.groupId, options.creation(members: [], identities: identities))
    }

    /// Creates a DM between the acting inbox and `peer`, even when the two already have one;
    /// `findOrCreateDm(with:disappearingMessages:requireSignatures:)` returns that one instead.
    /// - Parameters:
    ///   - peer: the other participant.
    ///   - groupId: the DM's ID; nil draws a fresh one.
    ///   - disappearingMessages: the settings the DM starts with; nil leaves them off.
    ///   - requireSignatures: whether the DM requires every commit signed (SPEC section 14).
    /// - Throws: `GroupLogError.rejected` (`invalidCommit` when `peer` is the acting inbox,
    ///   `invalidArgument` for negative settings), nothing written.
    public func newConversation(
        with peer: InboxID, groupId: GroupID? = nil, disappearingMessages: DisappearingMessages? = nil,
        requireSignatures: Bool = false
    ) async throws(GroupLogError) -> Group {
        try create(groupId, CreateConversation(
            kind: .dm, members: [peer], disappearingMessages: disappearingMessages, requireSignatures: requireSignatures))
    }

    /// The conversation with this ID, or nil when the store holds none.
    public func findGroup(groupId: GroupID) async throws(GroupLogError) -> Group? {
        try group(groupId)
    }

    /// The conversation with this ID, or nil when the store holds none; a synchronous read.
    func group(_ groupId: GroupID) throws(GroupLogError) -> Group? {
        let open = try store.open()
        do throws(StoreError) {
            guard try open.state(of: groupId).state != nil else { return nil }
        } catch {
            if case .groupNotFound = error { return nil }
            throw GroupLogError(error)
        }
        return handle(groupId)
    }

    /// The conversation with this ID text, or nil when the store holds none (XMTPiOS's
    /// `findGroup(groupId:)`, synchronous as there).
    /// - Throws: `GroupLogError.invalidArgument` when the text is not a group ID.
    public func findGroup(groupId: String) throws(GroupLogError) -> Group? {
        try group(GroupID(checking: groupId))
    }

    /// The conversations the acting inbox is a current member of, in group ID order, groups and
    /// DMs alike (XMTPiOS's `list()` returns them as `Conversation`s).
    public func groups() async throws(GroupLogError) -> [Group] {
        try memberGroups()
    }

    /// The conversations the acting inbox is a current member of; a synchronous read.
    func memberGroups() throws(GroupLogError) -> [Group] {
        let inbox = inboxId
        return try store.reading { store throws(StoreError) in try store.groups(containing: inbox) }
            .map(handle)
    }

    func create(_ groupId: GroupID?, _ request: CreateConversation) throws(GroupLogError) -> Group {
        // The core draws no random numbers; an app-level ID may (32 hex digits, a valid group ID).
        let id = groupId ?? GroupID(unchecked: UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))
        _ = try store.submit(to: id, actor: inboxId, changes: [.create(request)], signingKey: signingKey)
        return handle(id)
    }
}
