/// The SimpleX/Agora lifecycle (SPEC section 9): invitations, joins, links, roles, ownership,
/// leaving and deletion, named in XMTP's style.
extension Group {
    // MARK: Invitations

    /// Accepts the acting inbox's open invitation; it becomes an active member.
    /// - Throws: `GroupLogError.rejected` (`notInvited` without an open invitation), nothing written.
    @discardableResult
    public func acceptInvitation() async throws(GroupLogError) -> CommitReceipt {
        try submit(.acceptInvitation)
    }

    /// Declines the acting inbox's open invitation; it becomes a former member (recorded as left).
    /// - Throws: `GroupLogError.rejected` (`notInvited` without an open invitation), nothing written.
    @discardableResult
    public func declineInvitation() async throws(GroupLogError) -> CommitReceipt {
        try submit(.declineInvitation)
    }

    /// The inboxes invited and not yet answering, in the order they were invited.
    public func openInvitations() async throws(GroupLogError) -> [InboxID] {
        try current().0.openInvitations()
    }

    // MARK: Joining

    /// Joins the group as the acting inbox, which must not be a member: get the handle with
    /// `Conversations.findGroup(groupId:)` or `acting(as:)`.
    ///
    /// Through a link, the inbox gets the link's role and the group's admission setting decides
    /// whether it is active at once or pending approval; without one, the join rule decides.
    /// - Parameter link: the link's ID; nil joins by the group's join rule.
    /// - Throws: `GroupLogError.invalidArgument` for an empty link; `GroupLogError.rejected`
    ///   (`alreadyMember`, `banned`, `linkNotFound`, `joinNotAllowed`, `memberLimitExceeded`),
    ///   nothing written.
    @discardableResult
    public func join(link: String? = nil) async throws(GroupLogError) -> CommitReceipt {
        if let link { try Group.requireLink(link, for: "join") }
        return try submit(.join(link: link))
    }

    /// Admits `inboxId`'s pending join request.
    /// - Parameters:
    ///   - inboxId: the inbox whose request is admitted.
    ///   - role: the role to grant, at most moderator; nil grants the role it asked for.
    /// - Throws: `GroupLogError.rejected` (`permissionDenied` under the approve-joins policy,
    ///   `joinRequestNotFound`, `invalidRole`), nothing written.
    @discardableResult
    public func approveJoin(inboxId: InboxID, role: Role? = nil) async throws(GroupLogError) -> CommitReceipt {
        try submit(.approveJoin(inboxId, role: role))
    }

    /// Refuses `inboxId`'s pending join request; it becomes a former member (recorded as removed).
    /// - Throws: `GroupLogError.rejected` (`permissionDenied`, `joinRequestNotFound`), nothing written.
    @discardableResult
    public func rejectJoin(inboxId: InboxID) async throws(GroupLogError) -> CommitReceipt {
        try submit(.rejectJoin(inboxId))
    }

    /// The inboxes waiting for approval of their join, in the order they asked.
    public func pendingJoinRequests() async throws(GroupLogError) -> [InboxID] {
        try current().0.pendingJoinRequests()
    }

    // MARK: Links

    /// Creates a group link that joins with `role`.
    /// - Throws: `GroupLogError.invalidArgument` for an empty ID; `GroupLogError.rejected`
    ///   (`permissionDenied` under the manage-links policy, `linkExists`, `invalidRole` above
    ///   moderator), nothing written.
    @discardableResult
    public func createLink(_ id: String, role: Role = .member) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireLink(id, for: "createLink")
        return try submit(.createLink(id, role: role))
    }

    /// Changes the role a join through the link `id` gives.
    /// - Throws: `GroupLogError.invalidArgument` for an empty ID; `GroupLogError.rejected`
    ///   (`permissionDenied`, `linkNotFound`, `invalidRole`), nothing written.
    @discardableResult
    public func updateLinkRole(_ id: String, role: Role) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireLink(id, for: "updateLinkRole")
        return try submit(.updateLinkRole(id, role: role))
    }

    /// Deletes the link `id`; later joins through it fail with `linkNotFound`.
    /// - Throws: `GroupLogError.invalidArgument` for an empty ID; `GroupLogError.rejected`
    ///   (`permissionDenied`, `linkNotFound`), nothing written.
    @discardableResult
    public func deleteLink(_ id: String) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireLink(id, for: "deleteLink")
        return try submit(.deleteLink(id))
    }

    /// The group's links, in ID order.
    public func links() async throws(GroupLogError) -> [GroupLink] {
        // The state keeps a dictionary; sort so the order is stable.
        try current().0.links.sorted { $0.key < $1.key }.map { GroupLink(id: $0.key, role: $0.value) }
    }

    // MARK: Roles, ownership, leaving, deletion

    /// Sets the role of `inboxIds`, each below the acting inbox's role, in one commit.
    /// - Parameters:
    ///   - inboxIds: the members whose role changes.
    ///   - role: at most moderator; admins and super admins have their own calls.
    /// - Throws: `GroupLogError.invalidArgument` for an empty list; `GroupLogError.rejected`
    ///   (`permissionDenied` under the set-role policy or the seniority rule, `memberNotFound`,
    ///   `invalidRole`), nothing written.
    @discardableResult
    public func updateRole(inboxIds: [InboxID], role: Role) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireInboxes(inboxIds, for: "updateRole")
        return try submit(.setRole(inboxes: inboxIds, role: role))
    }

    /// Hands the acting super admin's ownership to `inboxId`, which becomes a super admin while
    /// the acting inbox becomes a member, in one commit.
    /// - Throws: `GroupLogError.rejected` (`permissionDenied` for a caller that is not a super
    ///   admin, `alreadyHasRole` for a super admin, `memberNotFound`, `dmForbidden`), nothing written.
    @discardableResult
    public func transferOwnership(to inboxId: InboxID) async throws(GroupLogError) -> CommitReceipt {
        try submit(.transferOwnership(inboxId))
    }

    /// Leaves the group at once, under the `direct` leave rule; with the `request` rule use
    /// `requestRemoval()`.
    /// - Throws: `GroupLogError.rejected` (`wrongLeaveRule`, `superAdminCannotLeave`,
    ///   `onlyMemberCannotLeave`, `dmCannotLeave`), nothing written.
    @discardableResult
    public func leave() async throws(GroupLogError) -> CommitReceipt {
        try submit(.leave)
    }

    /// Ends the group: every later write is rejected with `groupDeleted`, and reads keep its
    /// last members for audit.
    /// - Throws: `GroupLogError.rejected` (`permissionDenied` for a caller that is not a super
    ///   admin, `dmForbidden`), nothing written.
    @discardableResult
    public func deleteGroup() async throws(GroupLogError) -> CommitReceipt {
        try submit(.deleteGroup)
    }
}

extension Group {
    /// Refuses an empty inbox list before it reaches the store.
    static func requireInboxes(_ inboxIds: [InboxID], for call: String) throws(GroupLogError) {
        guard !inboxIds.isEmpty else { throw .invalidArgument("\(call) needs at least one inbox") }
    }

    /// Refuses an empty link ID before it reaches the store; the reducer checks the rest.
    static func requireLink(_ id: String, for call: String) throws(GroupLogError) {
        guard !id.isEmpty else { throw .invalidArgument("\(call) needs a link ID") }
    }
}
