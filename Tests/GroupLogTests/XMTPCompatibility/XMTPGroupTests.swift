@testable import GroupLog
import GroupTestSupport
import Testing

/// XMTPiOS's `Group` calls over a real store: inbox IDs as text, synchronous reads, every
/// write's success and its rejection.
struct XMTPGroupTests {
    @Test func newGroupTakesTextAndReadsSynchronously() async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            let group = try await alix.newGroup(
                with: ["bo", "caro"], permissions: .adminOnly, name: "Team", imageUrl: "i", description: "d",
                disappearingMessageSettings: DisappearingMessageSettings(disappearStartingAtNs: 1, retentionDurationInNs: 2),
                appData: "x")
            #expect(group.id == group.groupId.rawValue)
            #expect(group.clientInboxId == "alix")
            #expect(try group.name() == "Team" && group.description() == "d" && group.imageUrl() == "i" && group.appData() == "x")
            #expect(group.disappearingMessageSettings?.retentionDurationInNs == 2)
            #expect(try group.isDisappearingMessagesEnabled())
            #expect(try group.listSuperAdmins() == ["alix"])
            #expect(try group.listAdmins() == [])
            #expect(try group.isSuperAdmin(inboxId: "alix") && !group.isAdmin(inboxId: "bo"))
            #expect(try group.permissionPolicySet().addMemberPolicy == .admin)
            #expect(try await group.members.map(\.inboxId) == ["alix", "bo", "caro"])
            #expect(try await group.members.map(\.permissionLevel) == [.SuperAdmin, .Member, .Member])
            #expect(try await group.peerInboxIds == ["bo", "caro"])
            #expect(try await group.creatorInboxId() == "alix")
            #expect(try await group.isCreator())
            #expect(try group.acting(as: .bo).addedByInboxId() == "alix")
            #expect(try group.addedByInboxId() == "alix")
            #expect(try group.isActive())
            #expect(try group.membershipState == .allowed)
            #expect(group.createdAtNs > 0 && group.lastActivityAtNs == group.createdAtNs)
            try await group.sync()
            #expect(Set([group, group.acting(as: .bo)]).count == 1)
        }
    }

    @Test(arguments: ["", "has space", "0xabc", String(repeating: "a", count: 129)])
    func badInboxIdTextIsInvalidArgument(_ text: String) async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            #expect(await error { () async throws(GroupLogError) in try await alix.newGroup(with: [text]) }?.isInvalidArgument == true)
            let group = try await alix.newGroup(with: ["bo"])
            #expect(await error { () async throws(GroupLogError) in try await group.addMembers(inboxIds: [text]) }?.isInvalidArgument == true)
            #expect(await error { () async throws(GroupLogError) in try await group.removeMembers(inboxIds: [text]) }?.isInvalidArgument == true)
            #expect(await error { () async throws(GroupLogError) in try await group.addAdmin(inboxId: text) }?.isInvalidArgument == true)
            #expect(await error { () async throws(GroupLogError) in try await group.removeAdmin(inboxId: text) }?.isInvalidArgument == true)
            #expect(await error { () async throws(GroupLogError) in try await group.addSuperAdmin(inboxId: text) }?.isInvalidArgument == true)
            #expect(await error { () async throws(GroupLogError) in try await group.removeSuperAdmin(inboxId: text) }?.isInvalidArgument == true)
            #expect(await error { () async throws(GroupLogError) in try group.isAdmin(inboxId: text) }?.isInvalidArgument == true)
            #expect(await error { () async throws(GroupLogError) in try group.isSuperAdmin(inboxId: text) }?.isInvalidArgument == true)
            #expect(await error { () async throws(GroupLogError) in try await alix.findOrCreateDm(with: text) }?.isInvalidArgument == true)
            #expect(await error { () async throws(GroupLogError) in try alix.findDmByInboxId(inboxId: text) }?.isInvalidArgument == true)
            #expect(try await group.state().sequence == 0)
        }
    }

    @Test func membershipWritesAndTheirRejections() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: ["bo"])
            let result = try await group.addMembers(inboxIds: ["caro", "davon"])
            #expect(result.addedMembers == ["caro", "davon"] && result.removedMembers.isEmpty && result.failedInstallationIds.isEmpty)
            #expect(await error { () async throws(GroupLogError) in try await group.addMembers(inboxIds: ["caro"]) }?.code == "alreadyMember")
            try await group.removeMembers(inboxIds: ["davon"])
            #expect(await error { () async throws(GroupLogError) in try await group.removeMembers(inboxIds: ["davon"]) }?.code == "memberNotFound")
            // removeMember is admin only in the all-members preset.
            #expect(await error { () async throws(GroupLogError) in try await group.acting(as: .bo).removeMembers(inboxIds: ["caro"]) }?.code == "permissionDenied")

            try await store.claim(.account("0xe1"), for: .eri)
            let byIdentity = try await group.addMembersByIdentity(identities: [PublicIdentity(kind: .ethereum, identifier: "0xe1")])
            #expect(byIdentity.addedMembers == ["eri"])
            #expect(try await group.members.first { $0.inboxId == "eri" }?.identities == [.account("0xe1")])
            #expect(await error { () async throws(GroupLogError) in try await group.addMembersByIdentity(identities: [.account("0xnobody")]) }?.code == "identityNotFound")
            try await group.removeMembersByIdentity(identities: [.account("0xe1")])
            #expect(try await group.members.map(\.inboxId) == ["alix", "bo", "caro"])
        }
    }

    @Test func adminWritesAndTheirRejections() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: ["bo", "caro"])
            #expect(await error { () async throws(GroupLogError) in try await group.acting(as: .bo).addAdmin(inboxId: "caro") }?.code == "permissionDenied")
            try await group.addAdmin(inboxId: "bo")
            #expect(try group.isAdmin(inboxId: "bo") && group.listAdmins() == ["bo"])
            try await group.removeAdmin(inboxId: "bo")
            #expect(await error { () async throws(GroupLogError) in try await group.removeAdmin(inboxId: "bo") }?.code == "notAnAdmin")
            try await group.addSuperAdmin(inboxId: "caro")
            #expect(try group.listSuperAdmins() == ["alix", "caro"])
            try await group.removeSuperAdmin(inboxId: "caro")
            #expect(await error { () async throws(GroupLogError) in try await group.removeSuperAdmin(inboxId: "alix") }?.code == "lastSuperAdmin")
            #expect(await error { () async throws(GroupLogError) in try await group.acting(as: .bo).addSuperAdmin(inboxId: "bo") }?.code == "permissionDenied")
        }
    }

    @Test func metadataWritesAndTheirRejections() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: ["bo"], permissions: .adminOnly)
            try await group.updateName(name: "n")
            try await group.updateDescription(description: "d")
            try await group.updateImageUrl(imageUrl: "u")
            try await group.updateAppData(appData: "a")
            try await group.updateAppData(appData: "b", expectedAppData: "a")
            #expect(try group.name() == "n" && group.description() == "d" && group.imageUrl() == "u" && group.appData() == "b")
            #expect(await error { () async throws(GroupLogError) in try await group.updateAppData(appData: "c", expectedAppData: "a") }?.code == "appDataSuperseded")
            let bo = group.acting(as: .bo)
            #expect(await error { () async throws(GroupLogError) in try await bo.updateImageUrl(imageUrl: "v") }?.code == "permissionDenied")
            #expect(await error { () async throws(GroupLogError) in try await bo.updateAppData(appData: "v") }?.code == "permissionDenied")
            #expect(await error { () async throws(GroupLogError) in try await group.updateImageUrl(imageUrl: String(repeating: "u", count: 2_049)) }?.code == "tooLong")

            try await group.updateDisappearingMessageSettings(DisappearingMessageSettings(disappearStartingAtNs: 5, retentionDurationInNs: 6))
            #expect(group.disappearingMessageSettings == DisappearingMessages(fromNs: 5, inNs: 6))
            #expect(await error { () async throws(GroupLogError) in try await bo.clearDisappearingMessageSettings() }?.code == "permissionDenied")
            try await group.clearDisappearingMessageSettings()
            #expect(group.disappearingMessageSettings == nil)
            #expect(try !group.isDisappearingMessagesEnabled())
        }
    }

    @Test func permissionUpdatesAndTheirRejections() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: ["bo"])
            try await group.updateAddMemberPermission(newPermissionOption: .admin)
            try await group.updateRemoveMemberPermission(newPermissionOption: .superAdmin)
            try await group.updateAddAdminPermission(newPermissionOption: .admin)
            try await group.updateRemoveAdminPermission(newPermissionOption: .admin)
            try await group.updateNamePermission(newPermissionOption: .deny)
            try await group.updateDescriptionPermission(newPermissionOption: .admin)
            try await group.updateImageUrlPermission(newPermissionOption: .superAdmin)
            let set = try group.permissionPolicySet()
            #expect([set.addMemberPolicy, set.removeMemberPolicy, set.addAdminPolicy, set.removeAdminPolicy,
                     set.updateGroupNamePolicy, set.updateGroupDescriptionPolicy, set.updateGroupImagePolicy]
                == [.admin, .superAdmin, .admin, .admin, .deny, .admin, .superAdmin])
            #expect(await error { () async throws(GroupLogError) in try await group.acting(as: .bo).updateNamePermission(newPermissionOption: .allow) }?.code == "permissionDenied")
            #expect(await error { () async throws(GroupLogError) in try await group.updateAddAdminPermission(newPermissionOption: .allow) }?.code == "invalidPolicy")
            #expect(await error { () async throws(GroupLogError) in try await group.updateAddMemberPermission(newPermissionOption: .unknown) }?.isInvalidArgument == true)
        }
    }

    @Test func aPolicyXMTPCannotNameReadsUnknown() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: ["bo"])
            try await group.updatePermission(kind: .addMember, policy: .admin)
            _ = try group.submit(.updatePermission(slot: .addMember, policy: .moderatorOnly))
            #expect(try group.permissionPolicySet().addMemberPolicy == .unknown)
        }
    }

    @Test func leaveGroupFollowsTheLeaveRule() async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            let requested = try await alix.newGroup(with: ["bo", "caro"])
            try await requested.acting(as: .bo).leaveGroup()
            #expect(try requested.acting(as: .bo).membershipState == .pendingRemove)
            #expect(try requested.acting(as: .bo).isActive())
            #expect(await error { () async throws(GroupLogError) in try await requested.acting(as: .bo).leaveGroup() }?.code == "alreadyPendingRemoval")
            try await requested.removeMembers(inboxIds: ["bo"])
            #expect(try requested.acting(as: .bo).membershipState == .rejected)
            #expect(try !requested.acting(as: .bo).isActive())

            let direct = try await alix.newGroup(with: [.bo, .caro], options: CreateGroupOptions(leaveRule: .direct))
            try await direct.acting(as: .bo).leaveGroup()
            #expect(try direct.acting(as: .bo).membershipState == .rejected)
            #expect(await error { () async throws(GroupLogError) in try await direct.leaveGroup() }?.code == "superAdminCannotLeave")

            let invited = try await alix.newGroup(with: [.bo], options: CreateGroupOptions(invitesNeedConsent: true))
            try await invited.addMembers(inboxIds: ["caro"])
            #expect(try invited.acting(as: .caro).membershipState == .pending)
            #expect(try invited.acting(as: .gus).membershipState == .rejected)
            #expect(await error { () throws(GroupLogError) in try invited.acting(as: .gus).addedByInboxId() }?.isInvalidArgument == true)
        }
    }

    @Test func readsOfAClosedStoreThrow() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: ["bo"])
            store.close()
            #expect(await error { () throws(GroupLogError) in try group.listAdmins() } == .closed)
            #expect(await error { () throws(GroupLogError) in try group.name() } == .closed)
            #expect(group.disappearingMessageSettings == nil && group.createdAtNs == 0)
        }
    }
}

extension GroupLogError {
    /// Whether this is `.invalidArgument`.
    var isInvalidArgument: Bool {
        if case .invalidArgument = self { return true }
        return false
    }
}
