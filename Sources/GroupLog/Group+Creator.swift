/// Who made a conversation and who is on the other side of a DM (XMTP's `creatorInboxId()` as `creatorInbox()`,
/// `isCreator()` and a DM's `peerInboxId`).
extension Group {
    /// The inbox that committed the conversation's `create`. It stays the creator whatever
    /// becomes of its role or membership.
    /// XMTPiOS's `creatorInboxId()` returns the same inbox as text.
    public func creatorInbox() async throws(GroupLogError) -> InboxID {
        try current().0.creator
    }

    /// Whether the acting inbox created the conversation.
    public func isCreator() async throws(GroupLogError) -> Bool {
        try current().0.creator == inboxId
    }

    /// The other participant of a DM, as the acting inbox sees it.
    /// - Throws: `GroupLogError.invalidArgument` for a group, or when the acting inbox is not one
    ///   of the DM's two participants.
    public func peerInboxId() async throws(GroupLogError) -> InboxID {
        try peer()
    }

    /// The other participant of a DM; a synchronous read.
    func peer() throws(GroupLogError) -> InboxID {
        let state = try current().0
        guard state.kind == .dm else { throw .invalidArgument("\(groupId) is a group, not a DM: it has no peer") }
        let participants = state.allMembers.map(\.inbox)
        guard participants.contains(inboxId), let peer = participants.first(where: { $0 != inboxId }) else {
            throw .invalidArgument("\(inboxId) is not a participant of the DM \(groupId)")
        }
        return peer
    }
}
