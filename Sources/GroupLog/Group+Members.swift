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
                          handle: handles.handle, otherHandles: handles.otherHandles, addedByInboxId: record.addedBy,
                          identities: directory.identities(of: record.inbox), signingKeys: record.keys)
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

    /// Removes the inboxes claiming `members` (handles and accounts together) in one commit.
    ///
    /// The store resolves the identities inside the commit, as `addMembers(members:)` does, so the
    /// log records the inboxes they named then.
    /// - Throws: `GroupLogError.invalidArgument` for an empty list; `GroupLogError.rejected` with
    ///   `identityNotFound` when no inbox claims one of them, `duplicateInbox` when two name the
    ///   same inbox, and the refusals of `removeMembers(members:)` for inboxes; nothing written.
    @discardableResult
    public func removeMembers(members: [PublicIdentity]) async throws(GroupLogError) -> CommitReceipt {
        guard !members.isEmpty else { throw .invalidArgument("removeMembers needs at least one member") }
        let identities = members.map { ResolvedIdentity($0, inbox: nil) }
        return try submit(.removeMembers(inboxes: [], identities: identities, withMessages: false))
    }

    /// Removes the inboxes claiming `identities` in one commit (XMTP's `removeMembersByIdentity`);
    /// the same as `removeMembers(members:)` with identities.
    /// - Throws: as `removeMembers(members:)` does.
    @discardableResult
    public func removeMembersByIdentity(identities: [PublicIdentity]) async throws(GroupLogError) -> CommitReceipt {
        try await removeMembers(members: identities)
    }

    /// Asks to leave; a super admin then removes the member, and `state()` reports
    /// `pendingRemoval` meanwhile.
    /// - Throws: `GroupLogError.rejected` for a super admin, the only member or a DM.
    @discardableResult
    public func requestRemoval() async throws(GroupLogError) -> CommitReceipt {
        try submit(.requestRemoval)
    }
}
