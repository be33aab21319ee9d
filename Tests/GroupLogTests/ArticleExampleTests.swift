import GroupLog
import Testing

/// The examples of the DocC articles for identities, DMs, creators and field policies, as
/// written there, with what they print checked, so that they cannot drift from the API.
struct ArticleExampleTests {
    /// GettingStarted.md: "Name members by identity", "Direct messages" and the creator reads.
    @Test func gettingStartedExamples() async throws {
        try await withStore { store in
            let alix = try InboxID("alix"), bo = try InboxID("bo"), caro = try InboxID("caro")
            let conversations = store.conversations(as: alix)
            let group = try await conversations.newGroup(with: [bo], options: CreateGroupOptions(name: "Team"))

            try await store.claim(.handle("caro.eth"), for: caro)
            let team = try await conversations.newGroupWithIdentities(
                identities: [try PublicIdentity(.handle, "caro.eth")],
                options: CreateGroupOptions(name: "Team", disappearingMessages: DisappearingMessages(fromNs: 0, inNs: 86_400_000_000_000)))
            #expect(try await team.members().map(\.inbox) == [alix, caro])
            #expect(try await team.state().disappearingMessages?.inNs == 86_400_000_000_000)
            try await team.removeMembersByIdentity(identities: [try PublicIdentity(.handle, "caro.eth")])
            #expect(try await team.members().map(\.inbox) == [alix])

            let chat = try await conversations.findOrCreateDm(with: bo)
            #expect(try await store.conversations(as: bo).findOrCreateDm(with: alix).id == chat.id)
            #expect(try await chat.peerInboxId() == bo)
            #expect(try await conversations.findDmByIdentity(try PublicIdentity(.handle, "nobody")) == nil)

            try await group.addAdmin(inboxId: bo)
            let lines = try await group.members().map { "\($0.inboxId) added by \($0.addedByInboxId.map(\.rawValue) ?? "nobody")" }
            #expect(lines == ["alix added by nobody", "bo added by alix"])
            #expect("\(try await group.creatorInbox()) \(try await group.acting(as: bo).isCreator())" == "alix false")
        }
    }

    /// ConfigurableFields.md: "Changing a field's policies".
    @Test func configurableFieldsExample() async throws {
        try await withConfiguredStore { store in
            let group = try await store.conversations(as: try InboxID("alix")).newGroup(with: [])
            guard let category = try await group.metadataField(name: "GROUP_CATEGORY")?.field else {
                Issue.record("GROUP_CATEGORY is not registered")
                return
            }
            try await group.updateFieldPolicy(field: category, operation: .insert, policy: .allowAll)
            try await group.updateFieldPolicy(
                field: .name("SHARED_FILES"), operation: .delete, policy: .any([.author, .moderatorOnly]))
            #expect(try await group.metadataField(name: "GROUP_CATEGORY")?.insert == .allowAll)
            #expect(try await group.metadataField(name: "SHARED_FILES")?.delete == .any([.author, .moderatorOnly]))
        }
    }
}
