/// XMTPiOS's `Member` reads: the inbox as text and the XMTP permission level.
extension Member {
    /// The member's inbox ID as text (XMTPiOS's `Member.inboxId`); `inbox` is the same inbox typed.
    public var inboxId: InboxId { inbox.rawValue }

    /// The member's role as XMTP names it (XMTPiOS's `Member.permissionLevel`): moderators,
    /// members and observers are all `.Member`.
    public var permissionLevel: PermissionLevel { PermissionLevel(role) }
}
