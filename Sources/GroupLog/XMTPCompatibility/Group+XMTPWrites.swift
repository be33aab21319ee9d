import GroupStore

/// XMTPiOS's `Group` writes, taking inbox IDs as text. Each is one commit by the acting inbox,
/// made through the library's own calls, and throws with nothing written.
extension Group {
    /// Adds `inboxIds` in one commit (XMTPiOS's `addMembers(inboxIds:)`).
    /// - Throws: `GroupLogError.invalidArgument` for an empty list or text that is no inbox ID;
    ///   `GroupLogError.rejected` (`permissionDenied`, `alreadyMember`, `duplicateInbox`,
    ///   `memberLimitExceeded`, `banned`).
    @discardableResult
    public func addMembers(inboxIds: [InboxId]) async throws(GroupLogError) -> GroupMembershipResult {
        let inboxes = try InboxID.xmtp(inboxIds)
        try await addMembers(members: inboxes)
        return GroupMembershipResult(addedMembers: inboxes.map(\.rawValue))
    }

    /// Removes `inboxIds` in one commit (XMTPiOS's `removeMembers(inboxIds:)`).
    /// - Throws: `GroupLogError.invalidArgument` for an empty list or text that is no inbox ID;
    ///   `GroupLogError.rejected` (`permissionDenied`, `memberNotFound`, `superAdminCannotBeRemoved`).
    @discardableResult
    public func removeMembers(inboxIds: [InboxId]) async throws(GroupLogError) -> CommitReceipt {
        try await removeMembers(members: InboxID.xmtp(inboxIds))
    }

    /// Adds the inboxes claiming `identities` in one commit (XMTPiOS's
    /// `addMembersByIdentity(identities:)`); the result names the inboxes they resolved to.
    /// - Throws: `GroupLogError.invalidArgument` for an empty list; `GroupLogError.rejected`
    ///   (`identityNotFound`, and the refusals of `addMembers(inboxIds:)`).
    @discardableResult
    public func addMembersByIdentity(identities: [PublicIdentity]) async throws(GroupLogError) -> GroupMembershipResult {
        try await addMembers(members: identities)
        // The commit resolved every identity; a claim never moves to another inbox, so the
        // directory still names the inboxes it added.
        let inboxes = try store.reading { store throws(StoreError) in
            var inboxes: [InboxID] = []
            for identity in identities {
                if let inbox = try store.inbox(claiming: identity) { inboxes.append(inbox) }
            }
            return inboxes
        }
        return GroupMembershipResult(addedMembers: inboxes.map(\.rawValue))
    }

    /// Makes `inboxId` an admin (XMTPiOS's `addAdmin(inboxId:)`).
    /// - Throws: `GroupLogError.invalidArgument` for text that is no inbox ID; otherwise as
    ///   `addAdmin(inboxId:)` with an `InboxID`.
    @discardableResult
    public func addAdmin(inboxId: InboxId) async throws(GroupLogError) -> CommitReceipt {
        try await addAdmin(inboxId: InboxID(xmtp: inboxId))
    }

    /// Revokes `inboxId`'s admin role (XMTPiOS's `removeAdmin(inboxId:)`).
    /// - Throws: `GroupLogError.invalidArgument` for text that is no inbox ID;
    ///   `GroupLogError.rejected` (`permissionDenied`, `notAnAdmin`, `memberNotFound`).
    @discardableResult
    public func removeAdmin(inboxId: InboxId) async throws(GroupLogError) -> CommitReceipt {
        try await removeAdmin(inboxId: InboxID(xmtp: inboxId))
    }

    /// Makes `inboxId` a super admin; only a super admin may (XMTPiOS's `addSuperAdmin(inboxId:)`).
    /// - Throws: `GroupLogError.invalidArgument` for text that is no inbox ID;
    ///   `GroupLogError.rejected` (`permissionDenied`, `alreadyHasRole`, `memberNotFound`).
    @discardableResult
    public func addSuperAdmin(inboxId: InboxId) async throws(GroupLogError) -> CommitReceipt {
        try await addSuperAdmin(inboxId: InboxID(xmtp: inboxId))
    }

    /// Revokes `inboxId`'s super admin role (XMTPiOS's `removeSuperAdmin(inboxId:)`).
    /// - Throws: `GroupLogError.invalidArgument` for text that is no inbox ID;
    ///   `GroupLogError.rejected` (`permissionDenied`, `notASuperAdmin`, `lastSuperAdmin`).
    @discardableResult
    public func removeSuperAdmin(inboxId: InboxId) async throws(GroupLogError) -> CommitReceipt {
        try await removeSuperAdmin(inboxId: InboxID(xmtp: inboxId))
    }

    /// Sets the image URL (XMTPiOS's `updateImageUrl(imageUrl:)`).
    /// - Throws: `GroupLogError.rejected` (`permissionDenied`, `tooLong` over 2,048 bytes).
    @discardableResult
    public func updateImageUrl(imageUrl: String) async throws(GroupLogError) -> CommitReceipt {
        try await updateImageUrl(url: imageUrl)
    }

    /// Sets the app data, only if it still holds `expectedAppData` when one is given
    /// (XMTPiOS's `updateAppData(appData:expectedAppData:)`).
    /// - Throws: `GroupLogError.rejected` (`appDataSuperseded`, `permissionDenied`, `tooLong`).
    @discardableResult
    public func updateAppData(appData: String, expectedAppData: String? = nil) async throws(GroupLogError) -> CommitReceipt {
        try await updateAppData(appData, expected: expectedAppData)
    }

    /// Turns disappearing messages off (XMTPiOS's `clearDisappearingMessageSettings()`).
    /// - Throws: `GroupLogError.rejected` (`permissionDenied` under the disappearing-messages policy).
    @discardableResult
    public func clearDisappearingMessageSettings() async throws(GroupLogError) -> CommitReceipt {
        try await updateDisappearingMessageSettings(nil)
    }

    /// Leaves the group as its leave rule allows (XMTPiOS's `leaveGroup()`): under the
    /// `request` rule (the default) it asks a super admin to remove the acting inbox
    /// (`requestRemoval()`, the member is `pendingRemove` until then); under `direct` it leaves
    /// at once (`leave()`).
    /// - Throws: `GroupLogError.rejected` (`superAdminCannotLeave`, `onlyMemberCannotLeave`,
    ///   `dmCannotLeave`, `alreadyPendingRemoval`, `notAMember`).
    @discardableResult
    public func leaveGroup() async throws(GroupLogError) -> CommitReceipt {
        switch try current().0.settings.leaveRule {
        case .direct: try await leave()
        case .request: try await requestRemoval()
        }
    }
}
