/// One current member of a conversation, as `Group.members()` and XMTPiOS's `Group.members`
/// list it.
public struct Member: Equatable, Sendable {
    /// The member's inbox (`inboxId` is the same inbox as text, as XMTPiOS's `Member.inboxId`).
    public let inbox: InboxID
    /// Its role.
    public let role: Role
    /// Active, invited, pending approval or pending removal.
    public let state: MemberState
    /// The inbox's current handle, the text that identifies the member to people; nil when it
    /// claims none.
    public let handle: String?
    /// The inbox's other handles, most recent first: secondary information only.
    public let otherHandles: [String]
    /// The inbox that added or invited it (XMTP's `addedByInboxId`): the creator for the members
    /// a group or DM was created with; nil for the creator itself and for an inbox that joined
    /// on its own.
    public let addedByInboxId: InboxID?
    /// The public identities the inbox claims in the store's directory, in claim order
    /// (XMTPiOS's `Member.identities`).
    public let identities: [PublicIdentity]
    /// The keys the conversation records for the member (SPEC section 14): those its commits
    /// may be signed with, oldest first.
    public let signingKeys: [PublicKey]

    /// A member with these fields.
    public init(
        inboxId: InboxID, role: Role, state: MemberState, handle: String? = nil, otherHandles: [String] = [],
        addedByInboxId: InboxID? = nil, identities: [PublicIdentity] = [], signingKeys: [PublicKey] = []
    ) {
        self.signingKeys = signingKeys
        self.inbox = inboxId
        self.role = role
        self.state = state
        self.handle = handle
        self.otherHandles = otherHandles
        self.addedByInboxId = addedByInboxId
        self.identities = identities
    }
}
