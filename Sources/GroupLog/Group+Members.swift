/// Membership (XMTP's member methods, with Swift's `members:` label).
extension Group {
    /// The current members, in join order, each with its handles as the store's directory holds
    /// them now and the inbox that added it.
    public func members() async throws(GroupLogError) -> [Member] {
        let records = try current().0.allMembers
        let directory = try store.reading { store throws(StoreError) in try store.directory(for: records.map(\.inbox)) }
        return records.map { record in
            let handles = directory.handles(of: record.inbox)
            return Member(inboxId: record.inbox, role: record.role, state: record.state,
                          handle: handles.handle, otherHandles: handles.otherHandles, addedByInboxId: record.addedBy)
        }
    }

    /// Adds `members` in one commit.
    /// - Throws: `GroupLogError.invalidArgument` for an empty list; `GroupLogError.rejected`
    ///   (`permissionDenied`, `alreadyMember`, `memberLimitExceeded`, ...), nothing written.
    @discardableResult
    public func addMembers(members: [InboxID]) async throws(GroupLogError) -> CommitReceipt {
        guard !members.isEmpty else { throw .invalidArgument("addMembers needs at least one member") }
        return try submit(.addMembers(inboxes: members, identities: []))
    }

    /// Adds the inboxes claiming `members` (handles and accounts together) in one commit.
    /// - Throws: `GroupLogError.rejected` with `identityNotFound` when no inbox claims one of
    ///   them, nothing written.
    @discardableResult
    public func addMembers(members: [PublicIdentity]) async throws(GroupLogError) -> CommitReceipt {
        guard !members.isEmpty else { throw .invalidArgument("addMembers needs at least one member") }
        // The store resolves the identities inside the commit, so the log records the inboxes.
        let identities = members.map { ResolvedIdentity($0, inbox: nil) }
        return try submit(.addMembers(inboxes: [], identities: identities))
    }

    /// Removes `members` in one commit.
    @discardableResult
    public func removeMembers(members: [InboxID]) async throws(GroupLogError) -> CommitReceipt {
        guard !members.isEmpty else { throw .invalidArgument("removeMembers needs at least one member") }
        return try submit(.removeMembers(inboxes: members, withMessages: false))
    }

    /// Removes the inboxes claiming `members` in one commit.
    /// - Throws: `GroupLogError.rejected` with `identityNotFound` when no inbox claims one of
    ///   them, nothing written.
    @discardableResult
    public func removeMembers(members: [PublicIdentity]) async throws(GroupLogError) -> CommitReceipt {
        guard !members.isEmpty else { throw .invalidArgument("removeMembers needs at least one member") }
        var inboxes: [InboxID] = []
        for identity in members {
            let owner = try store.reading { store throws(StoreError) in try store.inbox(claiming: identity) }
            guard let owner else {
                throw .rejected(CommitRejection(changeIndex: 0, reason: .identityNotFound(identity)))
            }
            inboxes.append(owner)
        }
        return try submit(.removeMembers(inboxes: inboxes, withMessages: false))
    }

    /// Asks to leave; a super admin then removes the member, and `state()` reports
    /// `pendingRemoval` meanwhile.
    /// - Throws: `GroupLogError.rejected` for a super admin, the only member or a DM.
    @discardableResult
    public func requestRemoval() async throws(GroupLogError) -> CommitReceipt {
        try submit(.requestRemoval)
    }
}
