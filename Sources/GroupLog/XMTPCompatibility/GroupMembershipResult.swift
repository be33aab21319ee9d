/// What an `addMembers(inboxIds:)` or `addMembersByIdentity(identities:)` did (XMTPiOS's
/// `GroupMembershipResult`).
public struct GroupMembershipResult: Equatable, Sendable {
    /// The inboxes added (or invited, in a group whose invitations need consent), in order.
    public var addedMembers: [InboxId]
    /// The inboxes removed; always empty for an add.
    public var removedMembers: [InboxId]
    /// Always empty: GroupLog has no installations to fail.
    public var failedInstallationIds: [String]

    /// A result with these lists.
    public init(addedMembers: [InboxId], removedMembers: [InboxId] = [], failedInstallationIds: [String] = []) {
        self.addedMembers = addedMembers
        self.removedMembers = removedMembers
        self.failedInstallationIds = failedInstallationIds
    }
}
