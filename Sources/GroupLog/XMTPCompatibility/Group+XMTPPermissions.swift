/// XMTPiOS's per-action permission updates; each is `updatePermission(kind:policy:metadataField:)`
/// and only a super admin may make it.
///
/// Each throws `GroupLogError.invalidArgument` for `.unknown`, and `GroupLogError.rejected`
/// with `permissionDenied` for a caller that is not a super admin, `invalidPolicy` for `.allow`
/// on an admin slot, `dmForbidden` in a DM.
extension Group {
    /// Sets who may add members (XMTPiOS's `updateAddMemberPermission(newPermissionOption:)`).
    @discardableResult
    public func updateAddMemberPermission(newPermissionOption: PermissionOption) async throws(GroupLogError) -> CommitReceipt {
        try await updatePermission(kind: .addMember, policy: newPermissionOption)
    }

    /// Sets who may remove members (XMTPiOS's `updateRemoveMemberPermission(newPermissionOption:)`).
    @discardableResult
    public func updateRemoveMemberPermission(newPermissionOption: PermissionOption) async throws(GroupLogError) -> CommitReceipt {
        try await updatePermission(kind: .removeMember, policy: newPermissionOption)
    }

    /// Sets who may grant admin (XMTPiOS's `updateAddAdminPermission(newPermissionOption:)`).
    @discardableResult
    public func updateAddAdminPermission(newPermissionOption: PermissionOption) async throws(GroupLogError) -> CommitReceipt {
        try await updatePermission(kind: .addAdmin, policy: newPermissionOption)
    }

    /// Sets who may revoke admin (XMTPiOS's `updateRemoveAdminPermission(newPermissionOption:)`).
    @discardableResult
    public func updateRemoveAdminPermission(newPermissionOption: PermissionOption) async throws(GroupLogError) -> CommitReceipt {
        try await updatePermission(kind: .removeAdmin, policy: newPermissionOption)
    }

    /// Sets who may update the name (XMTPiOS's `updateNamePermission(newPermissionOption:)`).
    @discardableResult
    public func updateNamePermission(newPermissionOption: PermissionOption) async throws(GroupLogError) -> CommitReceipt {
        try await updatePermission(kind: .updateMetadata, policy: newPermissionOption, metadataField: .groupName)
    }

    /// Sets who may update the description (XMTPiOS's
    /// `updateDescriptionPermission(newPermissionOption:)`).
    @discardableResult
    public func updateDescriptionPermission(newPermissionOption: PermissionOption) async throws(GroupLogError) -> CommitReceipt {
        try await updatePermission(kind: .updateMetadata, policy: newPermissionOption, metadataField: .description)
    }

    /// Sets who may update the image URL (XMTPiOS's
    /// `updateImageUrlPermission(newPermissionOption:)`).
    @discardableResult
    public func updateImageUrlPermission(newPermissionOption: PermissionOption) async throws(GroupLogError) -> CommitReceipt {
        try await updatePermission(kind: .updateMetadata, policy: newPermissionOption, metadataField: .imageUrlSquare)
    }
}
