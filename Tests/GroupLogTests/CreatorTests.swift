import GroupLog
import GroupTestSupport
import Testing

/// Who created a conversation, who added each member, and a DM's peer.
struct CreatorTests {
    let named = GroupID.named("team")

    @Test func creatorStaysTheCreator() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            #expect(try await group.creatorInbox() == .alix)
            #expect(try await group.isCreator())
            #expect(try await !group.acting(as: .bo).isCreator())
            #expect(try await group.acting(as: .gus).creatorInbox() == .alix)
            // Handing the group over changes the super admin, not the creator.
            try await group.transferOwnership(to: .bo)
            #expect(try await group.superAdmins() == [.bo])
            #expect(try await group.isCreator())
            #expect(try await !group.acting(as: .bo).isCreator())
        }
    }

    @Test func creatorOfAMissingGroupThrows() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [], options: CreateGroupOptions(groupId: named))
            store.close()
            #expect(await error { () async throws(GroupLogError) in try await group.creatorInbox() } == .closed)
        }
    }

    @Test func membersShowWhoAddedThem() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix)
                .newGroup(with: [.bo], options: CreateGroupOptions(groupId: named, joinRule: .open))
            try await group.acting(as: .bo).addMembers(members: [.caro])
            try await group.acting(as: .davon).join()
            let addedBy = try await group.members().map { [$0.inbox: $0.addedByInboxId] }
            #expect(addedBy == [[.alix: nil], [.bo: .alix], [.caro: .bo], [.davon: nil]])
        }
    }

    @Test func dmParticipantsAreAddedByTheCreator() async throws {
        try await withStore { store in
            let dm = try await store.conversations(as: .alix).newConversation(with: .bo, groupId: .named("dm"))
            let members = try await dm.members()
            #expect(members.map(\.inbox) == [.alix, .bo])
            #expect(members.map(\.addedByInboxId) == [nil, .alix])
            #expect(try await dm.creatorInbox() == .alix)
            #expect(try await dm.acting(as: .bo).isCreator() == false)
        }
    }

    @Test func peerInboxIdOfADM() async throws {
        try await withStore { store in
            let dm = try await store.conversations(as: .alix).newConversation(with: .bo, groupId: .named("dm"))
            #expect(try await dm.peerInboxId() == .bo)
            #expect(try await dm.acting(as: .bo).peerInboxId() == .alix)
            let outsider = await error { () async throws(GroupLogError) in try await dm.acting(as: .caro).peerInboxId() }
            #expect(outsider == .invalidArgument("caro is not a participant of the DM dm"))
        }
    }

    @Test func aGroupHasNoPeer() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            let peer = await error { () async throws(GroupLogError) in try await group.peerInboxId() }
            #expect(peer == .invalidArgument("team is a group, not a DM: it has no peer"))
        }
    }
}
