import GroupLog
import GroupTestSupport
import Synchronization
import Testing

/// Creating, finding and listing conversations; the closed store; concurrent writers.
struct ConversationsTests {
    @Test func dmForbidsMembershipChanges() async throws {
        try await withStore { store in
            let dm = try await store.conversations(as: .alix).newConversation(with: .bo, groupId: .named("dm"))
            #expect(try await dm.state().kind == .dm)
            try await dm.acting(as: .bo).updateName(name: "us")
            let add = await error { () async throws(GroupLogError) in try await dm.addMembers(members: [.caro]) }
            #expect(add?.code == "dmForbidden")
        }
    }

    @Test func findAndList() async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            _ = try await alix.newGroup(with: [.bo], options: CreateGroupOptions(groupId: .named("b")))
            _ = try await alix.newGroup(with: [], options: CreateGroupOptions(groupId: .named("a")))
            let drawn = try await alix.newGroup(with: [])
            #expect(try await alix.findGroup(groupId: "b")?.groupId == .named("b"))
            #expect(try await alix.findGroup(groupId: .named("missing")) == nil)
            #expect(try await alix.findGroup(groupId: drawn.id)?.id == drawn.id)
            let bad = await error { () async throws(GroupLogError) in try alix.findGroup(groupId: "has space") }
            #expect(bad?.description.hasPrefix("invalid argument: group ID") == true)
            #expect(try await alix.groups().map(\.groupId).sorted() == [.named("a"), .named("b"), drawn.groupId].sorted())
            #expect(try await store.conversations(as: .bo).groups().map(\.groupId) == [.named("b")])
            #expect(throws: GroupLogError.self) { try store.conversations(as: "") }
        }
    }

    @Test func closedStoreThrows() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [], options: CreateGroupOptions(groupId: .named("g")))
            store.close()
            #expect(store.isClosed)
            #expect(await error { () async throws(GroupLogError) in try await group.updateName(name: "x") } == .closed)
            #expect(await error { () async throws(GroupLogError) in try await group.state() } == .closed)
            #expect(await error { () async throws(GroupLogError) in try await store.conversations(as: .alix).list() } == .closed)
            store.close()
        }
    }

    @Test func badOptionsThrow() {
        #expect(throws: GroupLogError.invalidArgument("snapshotInterval must be at least 1")) {
            try GroupLogStore(path: "/tmp/unused-grouplog", options: .init(snapshotInterval: 0))
        }
        #expect(throws: GroupLogError.self) {
            try GroupLogStore(path: "/tmp/unused-grouplog", options: .init(configurationFile: "/nonexistent/config.toml"))
        }
        #expect(throws: GroupLogError.self) {
            try GroupLogStore(path: "/nonexistent/dir/store", options: .init(create: false))
        }
    }

    @Test func concurrentWritersAreAllAcknowledgedWithGaplessSequences() async throws {
        try await withStore { store in
            let inboxes = (0..<16).map { InboxID.named("writer\($0)") }
            let group = try await store.conversations(as: .alix)
                .newGroup(with: inboxes, options: CreateGroupOptions(groupId: .named("busy")))
            let sequences = try await withThrowingTaskGroup(of: [UInt64].self) { tasks in
                for inbox in inboxes {
                    tasks.addTask {
                        var mine: [UInt64] = []
                        for round in 0..<20 {
                            mine.append(try await group.acting(as: inbox).updateName(name: "\(inbox) \(round)").sequence)
                        }
                        return mine
                    }
                }
                var all: [UInt64] = []
                for try await mine in tasks { all += mine }
                return all
            }
            #expect(sequences.sorted() == Array(1...320))
            #expect(try await group.state().sequence == 320)
        }
    }
}
