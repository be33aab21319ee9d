import Testing
import GroupLog

/// The README's library example, as written there, so that it cannot drift from the API.
struct ReadmeExampleTests {
    @Test func theReadmeExampleRunsAsItSays() async throws {
        try await withStore { store in
            let alix = try InboxID("alix"), bo = try InboxID("bo")
            let group = try await store.conversations(as: alix).newGroup(with: [bo], options: CreateGroupOptions(name: "Team"))
            try await group.addAdmin(inboxId: bo)
            try await group.updateName(name: "Team (renamed)")
            var refusal: GroupLogError?
            do throws(GroupLogError) {
                try await group.acting(as: bo).addSuperAdmin(inboxId: bo)
            } catch {
                refusal = error
            }
            #expect(refusal?.code == "permissionDenied")
            #expect(try await group.state().name == "Team (renamed)")
        }
    }

    /// The README's XMTPiOS example: XMTP's names, inbox IDs as text.
    @Test func theReadmeXMTPExampleRunsAsItSays() async throws {
        try await withStore { store in
            let alixConversations = try store.conversations(as: "alix")
            let group = try await alixConversations.newGroup(with: ["bo"], permissions: .adminOnly, name: "Team")
            try await group.addAdmin(inboxId: "bo")
            #expect(try group.listAdmins() == ["bo"])
            #expect(try group.permissionPolicySet().addMemberPolicy == .admin)
            #expect("\(try group.permissionPolicySet().addMemberPolicy)" == "admin")
        }
    }
}
