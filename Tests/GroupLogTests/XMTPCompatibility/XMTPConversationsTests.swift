@testable import GroupLog
import GroupTestSupport
import Synchronization
import Testing

/// XMTPiOS's `Conversations`, `Conversation` and `Dm` calls over a real store.
struct XMTPConversationsTests {
    @Test func customPermissionGroupsAndTheirRejections() async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            let set = PermissionPolicySet(
                addMemberPolicy: .admin, removeMemberPolicy: .admin, addAdminPolicy: .superAdmin,
                removeAdminPolicy: .superAdmin, updateGroupNamePolicy: .deny, updateGroupDescriptionPolicy: .allow,
                updateGroupImagePolicy: .allow, updateMessageDisappearingPolicy: .admin, updateAppDataPolicy: .allow)
            let group = try await alix.newGroupCustomPermissions(with: ["bo"], permissionPolicySet: set, name: "c")
            #expect(try group.permissionPolicySet() == set)
            #expect(await error { () async throws(GroupLogError) in try await group.updateName(name: "x") }?.code == "permissionDenied")
            var bad = set
            bad.addAdminPolicy = .allow
            #expect(await error { () async throws(GroupLogError) in try await alix.newGroupCustomPermissions(with: ["bo"], permissionPolicySet: bad) }?.code == "invalidPolicy")
            bad.addAdminPolicy = .unknown
            #expect(await error { () async throws(GroupLogError) in try await alix.newGroupCustomPermissions(with: ["bo"], permissionPolicySet: bad) }?.isInvalidArgument == true)

            try await store.claim(.account("0xb0"), for: .bo)
            let byIdentity = try await alix.newGroupWithIdentities(with: [.account("0xb0")], permissions: .adminOnly, name: "i")
            #expect(try await byIdentity.members.map(\.inboxId) == ["alix", "bo"])
            #expect(try byIdentity.permissionPolicySet().addMemberPolicy == .admin)
            let customByIdentity = try await alix.newGroupCustomPermissionsWithIdentities(with: [.account("0xb0")], permissionPolicySet: set)
            #expect(try customByIdentity.permissionPolicySet() == set)
            #expect(await error { () async throws(GroupLogError) in try await alix.newGroupWithIdentities(with: [.account("0xnone")]) }?.code == "identityNotFound")
            #expect(await error { () async throws(GroupLogError) in try await alix.newGroupCustomPermissionsWithIdentities(with: [.account("0xnone")], permissionPolicySet: set) }?.code == "identityNotFound")
            #expect(await error { () async throws(GroupLogError) in try await alix.newGroup(with: ["bo", "bo"]) }?.code == "duplicateInbox")
        }
    }

    @Test func dmsAreFoundOrCreated() async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            let settings = DisappearingMessageSettings(disappearStartingAtNs: 1, retentionDurationInNs: 9)
            let dm = try await alix.findOrCreateDm(with: "bo", disappearingMessageSettings: settings)
            #expect(try dm.peerInboxId == "bo")
            #expect(try await store.conversations(as: .bo).findOrCreateDm(with: "alix") == dm)
            #expect(try await alix.newConversation(with: "bo") == .dm(dm))
            #expect(try alix.findDmByInboxId(inboxId: "bo") == dm)
            #expect(try alix.findDmByInboxId(inboxId: "caro") == nil)
            #expect(dm.disappearingMessageSettings == settings)
            #expect(try dm.isDisappearingMessagesEnabled() && dm.isActive() && dm.addedByInboxId() == "alix")
            #expect(try await dm.isCreator())
            #expect(try await dm.creatorInboxId() == "alix")
            #expect(try await dm.members.map(\.inboxId) == ["alix", "bo"])
            #expect(dm.id == dm.group.id && dm.clientInboxId == "alix" && dm.createdAtNs == dm.lastActivityAtNs)
            try await store.conversations(as: .bo).findOrCreateDm(with: "alix").clearDisappearingMessageSettings()
            #expect(dm.disappearingMessageSettings == nil)
            try await dm.updateDisappearingMessageSettings(settings)
            try await dm.sync()
            #expect(await error { () async throws(GroupLogError) in try await alix.findOrCreateDm(with: "alix") }?.code == "invalidCommit")

            try await store.claim(.handle("caro.eth"), for: .caro)
            let withCaro = try await alix.findOrCreateDmWithIdentity(with: .handle("caro.eth"))
            #expect(try withCaro.peerInboxId == "caro")
            #expect(try await alix.newConversationWithIdentity(with: .handle("caro.eth")) == .dm(withCaro))
            #expect(try await alix.findDmByIdentity(publicIdentity: .handle("caro.eth")) == withCaro)
            #expect(await error { () async throws(GroupLogError) in try await alix.findDmByIdentity(publicIdentity: .handle("nobody")) }?.code == "identityNotFound")
            #expect(await error { () async throws(GroupLogError) in try await alix.findOrCreateDmWithIdentity(with: .handle("nobody")) }?.code == "identityNotFound")
            #expect(await error { () async throws(GroupLogError) in try await alix.newConversationWithIdentity(with: .handle("nobody")) }?.code == "identityNotFound")
            // A DM refuses what a DM never allows.
            #expect(await error { () async throws(GroupLogError) in try await dm.group.leaveGroup() }?.code == "dmCannotLeave")
            #expect(await error { () throws(GroupLogError) in try Dm(dm.group.acting(as: .gus)).peerInboxId }?.isInvalidArgument == true)
        }
    }

    @Test func findAndListConversations() async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            let first = try await alix.newGroup(with: ["bo"], name: "first")
            let dm = try await alix.findOrCreateDm(with: "caro")
            let second = try await alix.newGroup(with: ["caro"], name: "second")
            #expect(try alix.listGroups() == [second, first])
            #expect(try alix.listGroups(limit: 1) == [second])
            #expect(try alix.listGroups(createdAfterNs: first.createdAtNs) == [second])
            #expect(try alix.listGroups(createdBeforeNs: second.createdAtNs, orderBy: .createdAt) == [first])
            #expect(try alix.listGroups(consentStates: [.denied]).isEmpty)
            #expect(try alix.listDms() == [dm])
            #expect(try await alix.list() == [.group(second), .dm(dm), .group(first)])
            #expect(try await alix.list().map(\.type) == [.group, .dm, .group])
            #expect(try await alix.syncAllConversations() == GroupSyncSummary(numEligible: 3, numSynced: 3))
            try await alix.sync()

            #expect(try await alix.findConversation(conversationId: first.id) == .group(first))
            #expect(try await alix.findConversation(conversationId: dm.id) == .dm(dm))
            #expect(try await alix.findConversation(conversationId: "missing") == nil)
            #expect(await error { () async throws(GroupLogError) in try await alix.findConversation(conversationId: "bad id") }?.isInvalidArgument == true)
            #expect(try alix.findGroup(groupId: first.id) == first)
            #expect(await error { () throws(GroupLogError) in try alix.findGroup(groupId: "") }?.isInvalidArgument == true)

            let conversation = Conversation.group(first)
            #expect(conversation.id == first.id && conversation.clientInboxId == "alix")
            #expect(try await conversation.isCreator())
            #expect(try await conversation.members().count == 2)
            try await conversation.updateDisappearingMessageSettings(DisappearingMessageSettings(disappearStartingAtNs: 0, retentionDurationInNs: 1))
            #expect(try conversation.isDisappearingMessagesEnabled() && conversation.disappearingMessageSettings != nil)
            try await conversation.clearDisappearingMessageSettings()
            #expect(await error { () async throws(GroupLogError) in try await Conversation.group(first.acting(as: .bo)).updateDisappearingMessageSettings(nil) }?.code == "permissionDenied")
            try await conversation.sync()
            #expect(conversation.createdAtNs == first.createdAtNs && conversation.lastActivityAtNs == first.createdAtNs)
        }
    }

    @Test func streamDeliversNewConversationsOnly() async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            _ = try await alix.newGroup(with: ["bo"])
            let closed = ClosedFlag()
            let groups = alix.stream(type: .groups, onClose: { closed.set() })
            let all = alix.stream()
            let madeByBo = try await store.conversations(as: .bo).newGroup(with: ["alix"])
            let dm = try await alix.findOrCreateDm(with: "caro")
            var groupIterator = groups.makeAsyncIterator()
            #expect(try await groupIterator.next() == .group(madeByBo))
            // Made in the same millisecond, the two may come in either order.
            var allIterator = all.makeAsyncIterator()
            let both = [try await allIterator.next(), try await allIterator.next()]
            #expect(Set(both.compactMap(\.self)) == [.group(madeByBo), .dm(dm)])
            let following = Task { for try await _ in groups {} }
            following.cancel()
            _ = await following.result
            #expect(closed.isSet)
        }
    }

    @Test func streamOfAClosedStoreFinishesWithTheError() async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            let stream = alix.stream()
            store.close()
            var iterator = stream.makeAsyncIterator()
            await #expect(throws: GroupLogError.closed) { _ = try await iterator.next() }
        }
    }
}

/// Set once by a stream's `onClose`.
final class ClosedFlag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
