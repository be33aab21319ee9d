import GroupLog
import GroupTestSupport
import Testing

/// `updatePermission(kind:policy:metadataField:)` over a real store.
struct PermissionsTests {
    let named = GroupID.named("perms")

    func team(_ store: GroupLogStore) async throws -> Group {
        try await store.conversations(as: .alix).newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named))
    }

    @Test(arguments: MetadataFieldKind.allCases)
    func metadataFieldSetsItsSlot(field: MetadataFieldKind) async throws {
        try await withStore { store in
            let group = try await team(store)
            let receipt = try await group.updatePermission(kind: .updateMetadata, policy: .deny, metadataField: field)
            #expect(receipt.sequence == 1)
            #expect(try await group.state().permissions[field.slot] == .denyAll)
        }
    }

    @Test(arguments: [
        (PermissionUpdateKind.addMember, PolicySlot.addMember), (.removeMember, .removeMember),
        (.addAdmin, .addAdmin), (.removeAdmin, .removeAdmin),
    ])
    func kindSetsItsSlot(kind: PermissionUpdateKind, slot: PolicySlot) async throws {
        try await withStore { store in
            let group = try await team(store)
            try await group.updatePermission(kind: kind, policy: .superAdmin)
            #expect(try await group.state().permissions[slot] == .superAdminOnly)
        }
    }

    @Test func invalidCombinationsWriteNothing() async throws {
        try await withStore { store in
            let group = try await team(store)
            let missing = await error { () async throws(GroupLogError) in
                try await group.updatePermission(kind: .updateMetadata, policy: .admin)
            }
            #expect(missing == .invalidArgument("updatePermission of updateMetadata needs a metadataField"))
            let misplaced = await error { () async throws(GroupLogError) in
                try await group.updatePermission(kind: .addMember, policy: .admin, metadataField: .groupName)
            }
            #expect(misplaced == .invalidArgument("updatePermission of addMember takes no metadataField (got groupName)"))
            let allowAdmins = await error { () async throws(GroupLogError) in
                try await group.updatePermission(kind: .addAdmin, policy: .allow)
            }
            #expect(allowAdmins?.code == "invalidPolicy")
            #expect(try await group.state().sequence == 0)
        }
    }

    @Test func onlyASuperAdminUpdatesPermissions() async throws {
        try await withStore { store in
            let group = try await team(store)
            try await group.addAdmin(inboxId: .bo)
            let denied = await error { () async throws(GroupLogError) in
                try await group.acting(as: .bo).updatePermission(kind: .addMember, policy: .deny)
            }
            #expect(denied?.code == "permissionDenied")
            #expect(try await group.state().sequence == 1)
            #expect(try await group.state().permissions[.addMember] == .allowAll)
        }
    }

    @Test func tightenedPolicyRejectsALaterCommit() async throws {
        try await withStore { store in
            let group = try await team(store)
            let bo = group.acting(as: .bo)
            try await bo.updateName(name: "Bo's")
            try await group.updatePermission(kind: .updateMetadata, policy: .superAdmin, metadataField: .groupName)
            let denied = await error { () async throws(GroupLogError) in try await bo.updateName(name: "Again") }
            #expect(denied?.code == "permissionDenied")
            #expect(try await group.state().name == "Bo's")
            try await group.updateName(name: "Alix's")

            try await group.updatePermission(kind: .addMember, policy: .deny)
            let nobody = await error { () async throws(GroupLogError) in try await group.addMembers(members: [.davon]) }
            #expect(nobody?.code == "permissionDenied")

            try await group.updatePermission(kind: .updateMetadata, policy: .deny, metadataField: .appData)
            let appData = await error { () async throws(GroupLogError) in try await group.updateAppData("x") }
            #expect(appData?.code == "permissionDenied")
            #expect(try await group.state().sequence == 5)
        }
    }
}
