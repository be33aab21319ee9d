import GroupLog
import Testing

/// ComingFromXMTPiOS.md's "Make a client" example, as written there, so that it cannot drift
/// from the API.
struct ComingFromXMTPiOSExampleTests {
    @Test func makeAClient() async throws {
        try await withStore { store in
            let alix: InboxId = "alix", bo: InboxId = "bo"
            try await store.claim(PublicIdentity(kind: .ethereum, identifier: "0xa11ce"), for: try InboxID(alix))
            let alixConversations = try store.conversations(as: alix)
            let group = try await alixConversations.newGroup(with: [bo])

            #expect(try await group.members.map(\.inboxId) == [alix, bo])
            #expect(try group.isSuperAdmin(inboxId: alix))
            // Another inbox's conversations see the group at once: sync() has nothing to fetch.
            #expect(try store.conversations(as: bo).listGroups().map(\.id) == [group.id])
            let dm = try await store.conversations(as: bo)
                .findOrCreateDmWithIdentity(with: PublicIdentity(kind: .ethereum, identifier: "0xa11ce"))
            #expect(try dm.peerInboxId == alix)
        }
    }
}
