/// A handle on one conversation, opened as an acting inbox (XMTP's `Group`).
///
/// Reads see the latest durable commit. Writes are made by `inboxId`, one commit per call, and
/// either return the commit's receipt or throw with nothing written.
public struct Group: Sendable {
    /// The conversation's ID (`id` is the same ID as text, as XMTPiOS's `Group.id`).
    public let groupId: GroupID
    /// The inbox that reads and writes through this handle.
    public let inboxId: InboxID
    /// The store the conversation lives in.
    public let store: GroupLogStore

    /// A handle on `id` acting as `inboxId`; `Conversations` makes these.
    init(id: GroupID, inboxId: InboxID, store: GroupLogStore) {
        self.groupId = id
        self.inboxId = inboxId
        self.store = store
    }

    /// The conversation's state for the acting inbox.
    public func state() async throws(GroupLogError) -> GroupSnapshot {
        let (state, sequence) = try current()
        return GroupSnapshot(state, sequence: sequence, for: inboxId)
    }

    /// The same conversation acting as another inbox.
    public func acting(as inbox: InboxID) -> Group {
        Group(id: groupId, inboxId: inbox, store: store)
    }

    /// The state at the head and its sequence.
    func current() throws(GroupLogError) -> (GroupState, UInt64) {
        let group = groupId
        let stored = try store.reading { store throws(StoreError) in try store.state(of: group) }
        guard let state = stored.state else { throw .store(.groupNotFound(group)) }
        return (state, stored.sequence)
    }

    /// Submits `changes` as one commit by the acting inbox.
    func submit(_ changes: Change...) throws(GroupLogError) -> CommitReceipt {
        try store.submit(to: groupId, actor: inboxId, changes: changes)
    }
}
