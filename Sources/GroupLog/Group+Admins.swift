/// Admin roles (XMTP's admin methods, with Swift's `inboxId:` label).
extension Group {
    /// Whether `inboxId` is an admin.
    public func isAdmin(inboxId: InboxID) async throws(GroupLogError) -> Bool {
        try current().0.isAdmin(inboxId)
    }

    /// Whether `inboxId` is a super admin.
    public func isSuperAdmin(inboxId: InboxID) async throws(GroupLogError) -> Bool {
        try current().0.isSuperAdmin(inboxId)
    }

    /// The admins, in join order (XMTPiOS's `listAdmins()` returns them as text).
    public func admins() async throws(GroupLogError) -> [InboxID] {
        try current().0.listAdmins()
    }

    /// The super admins, in join order (XMTPiOS's `listSuperAdmins()` returns them as text).
    public func superAdmins() async throws(GroupLogError) -> [InboxID] {
        try current().0.listSuperAdmins()
    }

    /// Makes `inboxId` an admin.
    /// - Throws: `GroupLogError.rejected` (`permissionDenied` under the add-admin policy,
    ///   `memberNotFound`, `alreadyHasRole`, `dmForbidden`), nothing written.
    @discardableResult
    public func addAdmin(inboxId: InboxID) async throws(GroupLogError) -> CommitReceipt {
        try submit(.addAdmin(inboxId))
    }

    /// Makes `inboxId` a super admin; only a super admin may.
    @discardableResult
    public func addSuperAdmin(inboxId: InboxID) async throws(GroupLogError) -> CommitReceipt {
        try submit(.addSuperAdmin(inboxId))
    }

    /// Revokes `inboxId`'s admin role.
    @discardableResult
    public func removeAdmin(inboxId: InboxID) async throws(GroupLogError) -> CommitReceipt {
        try submit(.removeAdmin(inboxId))
    }

    /// Revokes `inboxId`'s super admin role; the last super admin keeps it (`lastSuperAdmin`).
    @discardableResult
    public func removeSuperAdmin(inboxId: InboxID) async throws(GroupLogError) -> CommitReceipt {
        try submit(.removeSuperAdmin(inboxId))
    }
}
