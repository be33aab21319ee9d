/// A handle on one conversation, opened as an acting inbox (XMTP's `Group`).
///
/// Reads see the latest durable commit. Writes are made by `inboxId`, one commit per call, and
/// either return the commit's receipt or throw with nothing written. A handle with a
/// `signingKey` signs every commit it writes with it (SPEC section 14), as an MLS client signs
/// its commits with its signature key.
public struct Group: Sendable {
    /// The conversation's ID (`id` is the same ID as text, as XMTPiOS's `Group.id`).
    public let groupId: GroupID
    /// The inbox that reads and writes through this handle.
    public let inboxId: InboxID
    /// The store the conversation lives in.
    public let store: GroupLogStore
    /// The key that signs every commit this handle writes; nil writes them unsigned.
    public let signingKey: SigningKey?

    /// A handle on `id` acting as `inboxId`; `Conversations` makes these.
    init(id: GroupID, inboxId: InboxID, store: GroupLogStore, signingKey: SigningKey? = nil) {
        self.groupId = id
        self.inboxId = inboxId
        self.store = store
        self.signingKey = signingKey
    }

    /// The conversation's state for the acting inbox.
    public func state() async throws(GroupLogError) -> GroupSnapshot {
        let (state, sequence) = try current()
        return GroupSnapshot(state, sequence: sequence, for: inboxId)
    }

    /// The same conversation acting as another inbox, writing unsigned commits: this handle's
    /// key is its inbox's, never another's.
    public func acting(as inbox: InboxID) -> Group {
        Group(id: groupId, inboxId: inbox, store: store)
    }

    /// The same conversation acting as `inbox`, signing every commit it writes with `key`. In a
    /// group that requires signatures the key must be one recorded for `inbox` in the group
    /// (else `wrongSigningKey`); in any other, a valid signature is recorded whatever its key,
    /// and the audit tools show whose it is.
    public func acting(as inbox: InboxID, signingWith key: SigningKey) -> Group {
        Group(id: groupId, inboxId: inbox, store: store, signingKey: key)
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
        try store.submit(to: groupId, actor: inboxId, changes: changes, signingKey: signingKey)
    }
}
