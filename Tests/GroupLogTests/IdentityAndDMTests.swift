import Foundation
@testable import GroupLog
import GroupStore
import GroupTestSupport
import Testing

/// Members named by public identity in `create` and `removeMembers`, disappearing messages at
/// creation, and finding or creating the one DM of a pair (issue 12).
struct IdentityAndDMTests {
    let named = GroupID.named("team")

    /// The commits of `group`'s log, as the store recorded them.
    func log(_ store: GroupLogStore, _ group: GroupID) throws -> [Commit] {
        try store.open().commits(of: group).map(\.commit)
    }

    // MARK: newGroupWithIdentities

    @Test func newGroupWithIdentitiesRecordsTheResolvedInboxes() async throws {
        try await withStore { store in
            try await store.claim(.handle("caro.eth"), for: .caro)
            try await store.claim(.account("0xd4"), for: .davon)
            let group = try await store.conversations(as: .alix).newGroupWithIdentities(
                identities: [.handle("caro.eth"), .account("0xd4")], options: CreateGroupOptions(groupId: named, name: "Team"))
            #expect(group.groupId == named)
            let members = try await group.members()
            #expect(members.map(\.inbox) == [.alix, .caro, .davon])
            #expect(try await group.superAdmins() == [.alix])
            #expect(try await group.state().name == "Team")
            // The log names the inboxes the identities resolved to, so replay needs no directory.
            guard case let .create(request) = try #require(try log(store, named).first?.changes.first) else {
                Issue.record("commit 0 is not a create")
                return
            }
            #expect(request.identities == [
                ResolvedIdentity(.handle("caro.eth"), inbox: .caro), ResolvedIdentity(.account("0xd4"), inbox: .davon),
            ])
            #expect(request.members.isEmpty)
        }
    }

    @Test func newGroupWithAnUnclaimedIdentityWritesNothing() async throws {
        try await withStore { store in
            try await store.claim(.handle("caro.eth"), for: .caro)
            let alix = store.conversations(as: .alix)
            let unclaimed = await error { () async throws(GroupLogError) in
                try await alix.newGroupWithIdentities(
                    identities: [.handle("caro.eth"), .handle("nobody")], options: CreateGroupOptions(groupId: named))
            }
            #expect(unclaimed == .rejected(CommitRejection(changeIndex: 0, reason: .identityNotFound(.handle("nobody")))))
            #expect(try await alix.findGroup(groupId: named) == nil)
            #expect(try await alix.groups().isEmpty)
        }
    }

    @Test func newGroupWithIdentitiesRefusesTheCreatorAndDuplicates() async throws {
        try await withStore { store in
            try await store.claim(.handle("alix.eth"), for: .alix)
            try await store.claim(.handle("caro.eth"), for: .caro)
            try await store.claim(.account("0xc4"), for: .caro)
            let alix = store.conversations(as: .alix)
            let creator = await error { () async throws(GroupLogError) in
                try await alix.newGroupWithIdentities(identities: [.handle("alix.eth")], options: CreateGroupOptions(groupId: named))
            }
            #expect(creator?.code == "duplicateInbox")
            let twice = await error { () async throws(GroupLogError) in
                try await alix.newGroupWithIdentities(
                    identities: [.handle("caro.eth"), .account("0xc4")], options: CreateGroupOptions(groupId: named))
            }
            #expect(twice?.code == "duplicateInbox")
            #expect(try await alix.findGroup(groupId: named) == nil)
        }
    }

    // MARK: removeMembersByIdentity

    @Test func removeMembersByIdentityRecordsTheResolvedInboxes() async throws {
        try await withStore { store in
            try await store.claim(.handle("caro.eth"), for: .caro)
            let group = try await store.conversations(as: .alix)
                .newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named))
            let receipt = try await group.removeMembersByIdentity(identities: [.handle("caro.eth")])
            #expect(receipt.sequence == 1)
            #expect(try await group.members().map(\.inbox) == [.alix, .bo])
            let commit = try #require(try log(store, named).last)
            #expect(commit.changes == [
                .removeMembers(inboxes: [], identities: [ResolvedIdentity(.handle("caro.eth"), inbox: .caro)], withMessages: false),
            ])
        }
    }

    @Test func removeMembersByIdentityRefusals() async throws {
        try await withStore { store in
            try await store.claim(.handle("bo.eth"), for: .bo)
            try await store.claim(.account("0xb0"), for: .bo)
            try await store.claim(.handle("gus.eth"), for: .gus)
            let group = try await store.conversations(as: .alix)
                .newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named))
            let unclaimed = await error { () async throws(GroupLogError) in
                try await group.removeMembersByIdentity(identities: [.handle("bo.eth"), .handle("nobody")])
            }
            #expect(unclaimed?.code == "identityNotFound")
            let twice = await error { () async throws(GroupLogError) in
                try await group.removeMembersByIdentity(identities: [.handle("bo.eth"), .account("0xb0")])
            }
            #expect(twice?.code == "duplicateInbox")
            let stranger = await error { () async throws(GroupLogError) in
                try await group.removeMembersByIdentity(identities: [.handle("gus.eth")])
            }
            #expect(stranger?.code == "memberNotFound")
            let denied = await error { () async throws(GroupLogError) in
                try await group.acting(as: .caro).removeMembersByIdentity(identities: [.handle("bo.eth")])
            }
            #expect(denied?.code == "permissionDenied")
            let empty = await error { () async throws(GroupLogError) in try await group.removeMembersByIdentity(identities: []) }
            #expect(empty == .invalidArgument("removeMembers needs at least one member"))
            #expect(try await group.state().sequence == 0)
            #expect(try await group.members().map(\.inbox) == [.alix, .bo, .caro])
        }
    }

    // MARK: Disappearing messages at creation

    @Test func disappearingMessagesAtCreation() async throws {
        try await withStore { store in
            let settings = DisappearingMessages(fromNs: 1_000, inNs: 86_400_000_000_000)
            let alix = store.conversations(as: .alix)
            let group = try await alix.newGroup(
                with: [.bo], options: CreateGroupOptions(groupId: named, disappearingMessages: settings))
            #expect(try await group.state().disappearingMessages == settings)
            #expect(try await alix.newGroup(with: [.bo]).state().disappearingMessages == nil)

            let dm = try await alix.newConversation(with: .caro, disappearingMessages: settings)
            #expect(try await dm.state().disappearingMessages == settings)
            let found = try await alix.findOrCreateDm(with: .davon, disappearingMessages: settings)
            #expect(try await found.state().disappearingMessages == settings)
            try await store.claim(.handle("eri.eth"), for: .eri)
            let byIdentity = try await alix.findOrCreateDmWithIdentity(.handle("eri.eth"), disappearingMessages: settings)
            #expect(try await byIdentity.state().disappearingMessages == settings)
            // A DM that exists is returned as it is.
            let again = try await alix.findOrCreateDm(with: .davon, disappearingMessages: DisappearingMessages(fromNs: 5, inNs: 5))
            #expect(again.id == found.id)
            #expect(try await again.state().disappearingMessages == settings)
            #expect(try await alix.findOrCreateDm(with: .fen).state().disappearingMessages == nil)
        }
    }

    @Test func negativeDisappearingMessagesAreRefusedAndNothingIsWritten() async throws {
        try await withStore { store async throws in
            let bad = DisappearingMessages(fromNs: -1, inNs: 10)
            let alix = store.conversations(as: .alix)
            let group = await error { () async throws(GroupLogError) in
                try await alix.newGroup(with: [.bo], options: CreateGroupOptions(groupId: named, disappearingMessages: bad))
            }
            #expect(group?.code == "invalidArgument")
            let dm = await error { () async throws(GroupLogError) in
                try await alix.newConversation(with: .bo, groupId: .named("dm"), disappearingMessages: bad)
            }
            #expect(dm?.code == "invalidArgument")
            let found = await error { () async throws(GroupLogError) in try await alix.findOrCreateDm(with: .bo, disappearingMessages: bad) }
            #expect(found?.code == "invalidArgument")
            #expect(try await alix.groups().isEmpty)
            #expect(try await alix.findDmByInboxId(.bo) == nil)
        }
    }

    // MARK: Finding and creating DMs

    @Test func findOrCreateDmMakesOneDMUnderThePairsID() async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            #expect(try await alix.findDmByInboxId(.bo) == nil)
            let dm = try await alix.findOrCreateDm(with: .bo)
            #expect(dm.groupId == GroupID.dm(between: .alix, and: .bo))
            #expect(dm.inboxId == .alix)
            #expect(try await dm.state().kind == .dm)
            #expect(try await dm.members().map(\.inbox) == [.alix, .bo])
            // Found again, from either side, and never made twice.
            #expect(try await alix.findOrCreateDm(with: .bo).id == dm.id)
            let fromBo = try await store.conversations(as: .bo).findOrCreateDm(with: .alix)
            #expect(fromBo.id == dm.id && fromBo.inboxId == .bo)
            #expect(try await alix.findDmByInboxId(.bo)?.id == dm.id)
            #expect(try await store.conversations(as: .bo).findDmByInboxId(.alix)?.id == dm.id)
            #expect(try store.open().dms(between: .alix, and: .bo) == [dm.groupId])
            #expect(try await dm.state().sequence == 0)
            // Another pair is another DM.
            #expect(try await alix.findDmByInboxId(.caro) == nil)
            #expect(try await alix.findOrCreateDm(with: .caro).id != dm.id)
        }
    }

    @Test func findOrCreateDmReturnsTheOldestExistingDM() async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            let first = try await alix.newConversation(with: .bo, groupId: .named("first"))
            _ = try await alix.newConversation(with: .bo, groupId: .named("second"))
            // A group with the two of them is no DM.
            _ = try await alix.newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            #expect(try await alix.findOrCreateDm(with: .bo).id == first.id)
            #expect(try await alix.findDmByInboxId(.bo)?.id == first.id)
            #expect(try await alix.findGroup(groupId: GroupID.dm(between: .alix, and: .bo)) == nil)
        }
    }

    @Test func findOrCreateDmWithOneselfIsRefused() async throws {
        try await withStore { store in
            try await store.claim(.handle("alix.eth"), for: .alix)
            let alix = store.conversations(as: .alix)
            let direct = await error { () async throws(GroupLogError) in try await alix.findOrCreateDm(with: .alix) }
            #expect(direct?.code == "invalidCommit")
            let byIdentity = await error { () async throws(GroupLogError) in try await alix.findOrCreateDmWithIdentity(.handle("alix.eth")) }
            #expect(byIdentity?.code == "invalidCommit")
            #expect(try await alix.groups().isEmpty)
        }
    }

    @Test func findOrCreateDmWithIdentity() async throws {
        try await withStore { store in
            try await store.claim(.handle("bo.eth"), for: .bo)
            try await store.claim(.account("0xb0"), for: .bo)
            let alix = store.conversations(as: .alix)
            #expect(try await alix.findDmByIdentity(.handle("bo.eth")) == nil)
            let dm = try await alix.findOrCreateDmWithIdentity(.handle("bo.eth"))
            #expect(dm.groupId == GroupID.dm(between: .alix, and: .bo))
            #expect(try await dm.peerInboxId() == .bo)
            guard case let .create(request) = try #require(try log(store, dm.groupId).first?.changes.first) else {
                Issue.record("commit 0 is not a create")
                return
            }
            #expect(request.kind == .dm && request.members.isEmpty)
            #expect(request.identities == [ResolvedIdentity(.handle("bo.eth"), inbox: .bo)])
            // Any identity of the peer, or its inbox, finds the same DM.
            #expect(try await alix.findOrCreateDmWithIdentity(.account("0xb0")).id == dm.id)
            #expect(try await alix.findOrCreateDm(with: .bo).id == dm.id)
            #expect(try await alix.findDmByIdentity(.account("0xb0"))?.id == dm.id)
            #expect(try store.open().dms(between: .alix, and: .bo) == [dm.groupId])
        }
    }

    @Test func findOrCreateDmWithAnUnclaimedIdentityWritesNothing() async throws {
        try await withStore { store async throws in
            let alix = store.conversations(as: .alix)
            let unclaimed = await error { () async throws(GroupLogError) in try await alix.findOrCreateDmWithIdentity(.handle("nobody")) }
            #expect(unclaimed == .rejected(CommitRejection(changeIndex: 0, reason: .identityNotFound(.handle("nobody")))))
            #expect(try await alix.findDmByIdentity(.handle("nobody")) == nil)
            #expect(try await alix.groups().isEmpty)
            #expect(try store.open().groups().isEmpty)
        }
    }

    @Test func findDmByIdentityOfAClaimedInboxWithNoDM() async throws {
        try await withStore { store in
            try await store.claim(.handle("bo.eth"), for: .bo)
            let alix = store.conversations(as: .alix)
            _ = try await alix.findOrCreateDm(with: .caro)
            #expect(try await alix.findDmByIdentity(.handle("bo.eth")) == nil)
            // Bo's DM with caro is not alix's.
            _ = try await store.conversations(as: .bo).findOrCreateDm(with: .caro)
            #expect(try await alix.findDmByIdentity(.handle("bo.eth")) == nil)
            #expect(try await alix.findDmByInboxId(.bo) == nil)
        }
    }

    /// The path a writer takes when another one made the DM between its look-up and its submit.
    @Test func creatingADMAnotherWriterMadeReturnsTheirs() async throws {
        try await withStore { store in
            let theirs = try await store.conversations(as: .bo).findOrCreateDm(with: .alix)
            let alix = store.conversations(as: .alix)
            let mine = try alix.createDM(with: .bo, CreateConversation(kind: .dm, members: [.bo]))
            #expect(mine.id == theirs.id && mine.inboxId == .alix)
            #expect(try store.open().dms(between: .alix, and: .bo) == [theirs.groupId])
            #expect(try await theirs.state().sequence == 0)
        }
    }

    @Test func aGroupHoldingThePairsIDIsNotTakenForTheirDM() async throws {
        try await withStore { store in
            let pairID = GroupID.dm(between: .alix, and: .bo)
            let alix = store.conversations(as: .alix)
            _ = try await alix.newGroup(with: [.bo], options: CreateGroupOptions(groupId: pairID))
            let taken = await error { () async throws(GroupLogError) in try await alix.findOrCreateDm(with: .bo) }
            #expect(taken == .store(.sequenceConflict(pairID, expected: 0, actual: 1)))
            #expect(try await alix.findDmByInboxId(.bo) == nil)
            #expect(try await alix.findGroup(groupId: pairID)?.state().kind == .group)
        }
    }

    @Test func concurrentFindOrCreateDmMakesOneDM() async throws {
        try await withStore { store in
            let peers: [InboxID] = [.bo, .caro, .davon, .eri]
            for peer in peers {
                let start = StartLine(count: 8)
                let ids = try await withThrowingTaskGroup(of: GroupID.self) { tasks in
                    for task in 0..<8 {
                        // Half from each side: the pair's ID is the same whoever asks.
                        let conversations = store.conversations(as: task.isMultiple(of: 2) ? .alix : peer)
                        let other = task.isMultiple(of: 2) ? peer : .alix
                        tasks.addTask {
                            await start.arrive()
                            return try await conversations.findOrCreateDm(with: other).groupId
                        }
                    }
                    var ids: [GroupID] = []
                    for try await id in tasks { ids.append(id) }
                    return ids
                }
                let pairID = GroupID.dm(between: .alix, and: peer)
                #expect(ids == Array(repeating: pairID, count: 8))
                #expect(try store.open().dms(between: .alix, and: peer) == [pairID])
                #expect(try store.open().headSequence(of: pairID) == 0)
            }
            #expect(try store.open().groups().count == peers.count)
        }
    }

    /// `grouplog submit --expect-sequence 0` processes create the pair's DM while tasks of this
    /// process find or create it: one DM, one commit.
    @Test func findOrCreateDmRacesAnotherProcess() async throws {
        guard let binary = StreamBinary.path else {
            Issue.record("the grouplog binary was not found next to the test bundle (looked in \(StreamBinary.places.map(\.path))); build it with `swift build --build-tests`")
            return
        }
        try await withStore { store in
            let pairID = GroupID.dm(between: .alix, and: .bo)
            let children = try (0..<3).map { _ in
                let child = Process()
                child.executableURL = URL(fileURLWithPath: binary)
                child.arguments = [
                    "--store", store.path, "submit", pairID.rawValue, "--actor", "bo", "--expect-sequence", "0",
                    "--changes", #"[{"op": "create", "kind": "dm", "members": ["alix"]}]"#,
                ]
                child.standardInput = FileHandle.nullDevice
                child.standardOutput = FileHandle.nullDevice
                child.standardError = FileHandle.nullDevice
                try child.run()
                return child
            }
            let ids = try await withThrowingTaskGroup(of: GroupID.self) { tasks in
                for _ in 0..<4 {
                    tasks.addTask { try await store.conversations(as: .alix).findOrCreateDm(with: .bo).groupId }
                }
                var ids: [GroupID] = []
                for try await id in tasks { ids.append(id) }
                return ids
            }
            for child in children { child.waitUntilExit() }
            #expect(ids == Array(repeating: pairID, count: 4))
            // Exit 0: it made the DM; 3: sequenceConflict, someone else had.
            let statuses = children.map(\.terminationStatus)
            #expect(statuses.allSatisfy { $0 == 0 || $0 == 3 }, "child exit statuses \(statuses)")
            #expect(statuses.filter { $0 == 0 }.count <= 1)
            #expect(try store.open().dms(between: .alix, and: .bo) == [pairID])
            #expect(try store.open().headSequence(of: pairID) == 0)
            let creator = try await store.conversations(as: .alix).findDmByInboxId(.bo)?.creatorInbox()
            #expect(creator == (statuses.contains(0) ? .bo : .alix))
        }
    }
}

/// Holds tasks until `count` of them have arrived, then lets them all go at once, so that their
/// look-ups run while the first one's submit is still being written.
actor StartLine {
    private let count: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { self.count = count }

    func arrive() async {
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            guard waiting.count == count else { return }
            for waiter in waiting { waiter.resume() }
            waiting = []
        }
    }
}
