import GroupLog
import GroupTestSupport
import Testing

/// `Group.updateFieldPolicy(field:operation:policy:)`: a super admin changes who may write a
/// registered field (SPEC section 11).
struct FieldPolicyTests {
    let named = GroupID.named("fields")

    func team(_ store: GroupLogStore) async throws -> Group {
        try await store.conversations(as: .alix).newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named))
    }

    @Test func superAdminOpensAFieldToMembers() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            let category = try #require(try await group.metadataField(name: "GROUP_CATEGORY")?.field)
            let bo = group.acting(as: .bo)
            let before = await error { () async throws(GroupLogError) in
                try await bo.updateMetadataField(field: category, operation: .replace(.string("design")))
            }
            #expect(before?.code == "permissionDenied")

            // By component ID, as the descriptor gives it.
            let receipt = try await group.updateFieldPolicy(field: category, operation: .insert, policy: .allowAll)
            #expect(receipt.sequence == 1)
            let descriptor = try #require(try await group.metadataField(name: "GROUP_CATEGORY"))
            #expect(descriptor.insert == .allowAll && descriptor.update == .adminOnly && descriptor.delete == .adminOnly)
            try await bo.updateMetadataField(field: category, operation: .replace(.string("design")))
            let update = await error { () async throws(GroupLogError) in
                try await bo.updateMetadataField(field: category, operation: .replace(.string("ops")))
            }
            #expect(update?.code == "permissionDenied")

            // By name, with a combinator.
            try await group.updateFieldPolicy(
                field: .name("GROUP_CATEGORY"), operation: .update, policy: .any([.adminOnly, .moderatorOnly, .allowAll]))
            try await bo.updateMetadataField(field: category, operation: .replace(.string("ops")))
            #expect(try await group.metadataValue(field: category) == .scalar(.string("ops")))
        }
    }

    @Test func theEventNamesTheFieldOperationAndPolicy() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            let topics = try #require(try await group.metadataField(name: "TOPICS"))
            try await group.updateFieldPolicy(field: topics.field, operation: .delete, policy: .author)
            let events = try await collect(group.streamEvents(from: 1), count: 1)
            #expect(events.first?.events == [.fieldPolicyChanged(topics.id, .delete, .author)])
        }
    }

    @Test func onlyASuperAdminMayChangeAFieldPolicy() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            try await group.addAdmin(inboxId: .bo)
            for inbox in [InboxID.bo, .caro] {
                let denied = await error { () async throws(GroupLogError) in
                    try await group.acting(as: inbox).updateFieldPolicy(field: .name("GROUP_CATEGORY"), operation: .insert, policy: .allowAll)
                }
                #expect(denied?.code == "permissionDenied", "as \(inbox)")
            }
            #expect(try await group.state().sequence == 1)
            #expect(try await group.metadataField(name: "GROUP_CATEGORY")?.insert == .adminOnly)
        }
    }

    @Test func fieldPolicyRejections() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            let unknown = await error { () async throws(GroupLogError) in
                try await group.updateFieldPolicy(field: .name("NOT_A_FIELD"), operation: .insert, policy: .allowAll)
            }
            #expect(unknown?.code == "unknownField")
            let unregistered = await error { () async throws(GroupLogError) in
                try await group.updateFieldPolicy(field: .id(ComponentID(0xC0FF)), operation: .insert, policy: .allowAll)
            }
            #expect(unregistered?.code == "unknownField")
            let immutable = await error { () async throws(GroupLogError) in
                try await group.updateFieldPolicy(field: .name("GROUP_ORIGIN"), operation: .update, policy: .adminOnly)
            }
            #expect(immutable?.code == "immutableField")
            let empty = await error { () async throws(GroupLogError) in
                try await group.updateFieldPolicy(field: .name("GROUP_CATEGORY"), operation: .insert, policy: .any([]))
            }
            #expect(empty?.code == "invalidPolicy")
            #expect(try await group.state().sequence == 0)
        }
    }

    @Test func aDMForbidsFieldPolicyChanges() async throws {
        try await withConfiguredStore { store in
            let dm = try await store.conversations(as: .alix).findOrCreateDm(with: .bo)
            let forbidden = await error { () async throws(GroupLogError) in
                try await dm.updateFieldPolicy(field: metadataFieldRef(field: .userDisplayName), operation: .insert, policy: .allowAll)
            }
            #expect(forbidden?.code == "dmForbidden")
            #expect(try await dm.state().sequence == 0)
        }
    }
}
