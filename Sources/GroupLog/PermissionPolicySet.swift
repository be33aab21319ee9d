/// The nine policies of an XMTP custom permission set (XMTPiOS's `PermissionPolicySet`).
public struct PermissionPolicySet: Equatable, Sendable {
    /// Who may add members.
    public var addMemberPolicy: PermissionPolicy
    /// Who may remove members.
    public var removeMemberPolicy: PermissionPolicy
    /// Who may grant admin; never `.allow` (the reducer refuses it with `invalidPolicy`).
    public var addAdminPolicy: PermissionPolicy
    /// Who may revoke admin; never `.allow`.
    public var removeAdminPolicy: PermissionPolicy
    /// Who may update the name.
    public var updateGroupNamePolicy: PermissionPolicy
    /// Who may update the description.
    public var updateGroupDescriptionPolicy: PermissionPolicy
    /// Who may update the image URL.
    public var updateGroupImagePolicy: PermissionPolicy
    /// Who may update disappearing-message settings.
    public var updateMessageDisappearingPolicy: PermissionPolicy
    /// Who may update app data.
    public var updateAppDataPolicy: PermissionPolicy

    /// A set with every policy given; the defaults are those of XMTP's all-members preset.
    public init(
        addMemberPolicy: PermissionPolicy = .allow, removeMemberPolicy: PermissionPolicy = .admin,
        addAdminPolicy: PermissionPolicy = .superAdmin, removeAdminPolicy: PermissionPolicy = .superAdmin,
        updateGroupNamePolicy: PermissionPolicy = .allow, updateGroupDescriptionPolicy: PermissionPolicy = .allow,
        updateGroupImagePolicy: PermissionPolicy = .allow, updateMessageDisappearingPolicy: PermissionPolicy = .admin,
        updateAppDataPolicy: PermissionPolicy = .allow
    ) {
        self.addMemberPolicy = addMemberPolicy
        self.removeMemberPolicy = removeMemberPolicy
        self.addAdminPolicy = addAdminPolicy
        self.removeAdminPolicy = removeAdminPolicy
        self.updateGroupNamePolicy = updateGroupNamePolicy
        self.updateGroupDescriptionPolicy = updateGroupDescriptionPolicy
        self.updateGroupImagePolicy = updateGroupImagePolicy
        self.updateMessageDisappearingPolicy = updateMessageDisappearingPolicy
        self.updateAppDataPolicy = updateAppDataPolicy
    }

    /// The nine XMTP slots of GroupCore with their policies.
    public var slots: [PolicySlot: Policy] {
        [
            .addMember: addMemberPolicy.policy, .removeMember: removeMemberPolicy.policy,
            .addAdmin: addAdminPolicy.policy, .removeAdmin: removeAdminPolicy.policy,
            .updateName: updateGroupNamePolicy.policy, .updateDescription: updateGroupDescriptionPolicy.policy,
            .updateImageURL: updateGroupImagePolicy.policy,
            .updateDisappearingMessages: updateMessageDisappearingPolicy.policy,
            .updateAppData: updateAppDataPolicy.policy,
        ]
    }

    /// The nine policies in slot order.
    var policies: [PermissionPolicy] {
        [addMemberPolicy, removeMemberPolicy, addAdminPolicy, removeAdminPolicy, updateGroupNamePolicy,
         updateGroupDescriptionPolicy, updateGroupImagePolicy, updateMessageDisappearingPolicy, updateAppDataPolicy]
    }
}
