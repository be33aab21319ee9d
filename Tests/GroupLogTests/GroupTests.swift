import GroupLog
import GroupTestSupport
import Testing

/// The conversation handle: members, admins, metadata and rejections, over a real store.
struct GroupTests {
    let named = GroupID.named("team")

    @Test func newGroupMakesTheCreatorSuperAdmin() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix)
                .newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named, name: "Team"))
            #expect(group.groupId == named)
            #expect(try await group.superAdmins() == [.alix])
            #expect(try await group.isSuperAdmin(inboxId: .alix))
            #expect(try await group.admins() == [])
            let members = try await group.members()
            #expect(members.map(\.inbox) == [.alix, .bo, .caro])
            #expect(members.map(\.role) == [.superAdmin, .member, .member])
            let state = try await group.state()
            #expect(state.name == "Team")
            #expect(state.membershipState == .active)
            #expect(state.sequence == 0)
        }
    }

    @Test func addAndRemoveMembers() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            let added = try await group.addMembers(members: [.caro, .davon])
            #expect(added.sequence == 1)
            let removed = try await group.removeMembers(members: [.caro])
            #expect(removed.sequence == 2)
            #expect(try await group.members().map(\.inbox) == [.alix, .bo, .davon])
            let again = await error { () async throws(GroupLogError) in try await group.addMembers(members: [.bo]) }
            #expect(again?.code == "alreadyMember")
            let empty = await error { () async throws(GroupLogError) in try await group.addMembers(members: [InboxID]()) }
            #expect(empty == .invalidArgument("addMembers needs at least one member"))
        }
    }

    @Test func addMembersByIdentity() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [], options: CreateGroupOptions(groupId: named))
            let handle = try PublicIdentity(.handle, "@caro")
            let nobody = try PublicIdentity(.handle, "@nobody")
            let unclaimed = await error { () async throws(GroupLogError) in try await group.addMembers(members: [handle]) }
            #expect(unclaimed?.code == "identityNotFound")
            #expect(try await group.state().sequence == 0)
            let removeUnclaimed = await error { () async throws(GroupLogError) in try await group.removeMembers(members: [nobody]) }
            #expect(removeUnclaimed?.code == "identityNotFound")
        }
    }

    @Test func memberCannotAddAdminAndNothingIsWritten() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named))
            let bo = group.acting(as: .bo)
            let denied = await error { () async throws(GroupLogError) in try await bo.addAdmin(inboxId: .caro) }
            #expect(denied?.code == "permissionDenied")
            #expect(denied?.description.hasPrefix("rejected permissionDenied") == true)
            #expect(try await group.state().sequence == 0)
            #expect(try await !group.isAdmin(inboxId: .caro))
        }
    }

    @Test func superAdminGrantsAndRevokesRoles() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named))
            try await group.addAdmin(inboxId: .bo)
            #expect(try await group.admins() == [.bo])
            let adminGrant = await error { () async throws(GroupLogError) in
                try await group.acting(as: .bo).addSuperAdmin(inboxId: .caro)
            }
            #expect(adminGrant?.code == "permissionDenied")
            try await group.addSuperAdmin(inboxId: .caro)
            #expect(try await group.superAdmins() == [.alix, .caro])
            try await group.removeSuperAdmin(inboxId: .caro)
            try await group.removeAdmin(inboxId: .bo)
            #expect(try await group.admins() == [])
            #expect(try await group.superAdmins() == [.alix])
            let last = await error { () async throws(GroupLogError) in try await group.removeSuperAdmin(inboxId: .alix) }
            #expect(last?.code == "lastSuperAdmin")
        }
    }

    @Test func metadataUpdatesShowInState() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            try await group.updateName(name: "Design")
            try await group.updateDescription(description: "Weekly crits")
            try await group.updateImageUrl(url: "https://example.com/d.png")
            try await group.acting(as: .bo).updateAppData("v1")
            let superseded = await error { () async throws(GroupLogError) in try await group.updateAppData("v2", expected: "v0") }
            #expect(superseded?.code == "appDataSuperseded")
            try await group.updateAppData("v2", expected: "v1")
            let state = try await group.state()
            #expect(state.name == "Design")
            #expect(state.description == "Weekly crits")
            #expect(state.imageUrl == "https://example.com/d.png")
            #expect(state.appData == "v2")
            #expect(state.sequence == 5)
            let tooLong = await error { () async throws(GroupLogError) in
                try await group.updateName(name: String(repeating: "x", count: 101))
            }
            #expect(tooLong?.code == "tooLong")
        }
    }

    @Test func adminOnlyPermissionsRefuseMembersMetadata() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix)
                .newGroup(with: [.bo], options: CreateGroupOptions(groupId: named, permissions: .adminOnly))
            let denied = await error { () async throws(GroupLogError) in try await group.acting(as: .bo).updateName(name: "x") }
            #expect(denied?.code == "permissionDenied")
            let custom = PermissionPolicySet(updateGroupNamePolicy: .deny)
            let locked = try await store.conversations(as: .alix)
                .newGroup(with: [], options: CreateGroupOptions(groupId: .named("locked"), permissions: .custom(custom)))
            let lockedName = await error { () async throws(GroupLogError) in try await locked.updateName(name: "x") }
            #expect(lockedName?.code == "permissionDenied")
        }
    }

    @Test func requestRemovalMarksPending() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            let bo = group.acting(as: .bo)
            try await bo.requestRemoval()
            #expect(try await bo.state().membershipState == .pendingRemoval)
            let owner = await error { () async throws(GroupLogError) in try await group.requestRemoval() }
            #expect(owner?.code == "superAdminCannotLeave")
        }
    }
}
