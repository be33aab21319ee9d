/// One current member of a conversation, as `Group.members()` lists it.
public struct Member: Equatable, Sendable {
    /// The member's inbox.
    public let inboxId: InboxID
    /// Its role.
    public let role: Role
    /// Active, invited, pending approval or pending removal.
    public let state: MemberState

    /// A member with these fields.
    public init(inboxId: InboxID, role: Role, state: MemberState) {
        self.inboxId = inboxId
        self.role = role
        self.state = state
    }
}
