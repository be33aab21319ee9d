import GroupCodec
import GroupCore
import GroupTestSupport
import Testing

/// The roster under churn heavy enough to compact its storage: members removed and re-added
/// round after round, so that most stored places belong to records that moved. Reads, the
/// snapshot's canonical record order and a snapshot's round trip must not notice.
struct RosterChurnTests {
    /// Every current member, read `limit` at a time until the cursor runs out.
    static func paged(_ state: GroupState, limit: Int) -> [InboxID] {
        var inboxes: [InboxID] = []
        var cursor: MemberCursor?
        repeat {
            let page = state.members(after: cursor, limit: limit)
            inboxes += page.members.map(\.inbox)
            cursor = page.next
        } while cursor != nil && inboxes.count <= state.memberCount
        return inboxes
    }

    @Test func readsAndSnapshotsSurviveCompaction() throws {
        let everyone = (0..<150).map { InboxID.named("c\($0)") }
        var group = TestGroup(.alix, CreateConversation(members: Array(everyone.prefix(100)), memberLimit: 1_000))
        try #require(group.commit(.alix, .addAdmin(everyone[3])) == .applied)
        // An independent model of the join order: a re-added inbox goes last.
        var model = [InboxID.alix] + everyone.prefix(100)
        for round in 0..<4 {
            // Remove all but a few, then bring them back with some newcomers: each round moves
            // about ninety records to the end, so the moved places soon outnumber the records.
            let leaving = model.filter { $0 != .alix && $0 != everyone[3] }.dropLast(round + 2)
            try #require(group.commit(.alix, .removeMembers(inboxes: Array(leaving), withMessages: false)) == .applied)
            model.removeAll { leaving.contains($0) }
            let arriving = Array(leaving.reversed()) + everyone[(100 + round * 10)..<(110 + round * 10)]
            try #require(group.commit(.alix, .addMembers(inboxes: arriving, identities: [])) == .applied)
            model += arriving

            let state = try #require(group.state)
            #expect(Self.paged(state, limit: 9) == model, "round \(round)")
            #expect(state.allMembers.map(\.inbox) == model, "round \(round)")
            #expect(state.memberCount == model.count)
            #expect(state.listAdmins() == [everyone[3]])
            let ordinals = state.records.map(\.ordinal)
            #expect(zip(ordinals, ordinals.dropFirst()).allSatisfy { $0 < $1 }, "records leave the ordinal order in round \(round)")
            #expect(state.recordCount == Set(state.records.map(\.inbox)).count)
            #expect(state.formerMembers.map(\.inbox) == state.records.filter { !$0.isCurrent }.map(\.inbox))

            let bytes = StateCodec.encode(state)
            let restored = try StateCodec.decode(bytes)
            #expect(restored == state, "round \(round)")
            #expect(StateCodec.encode(restored) == bytes, "round \(round)")
            #expect(Self.paged(restored, limit: 4) == model, "round \(round)")
            // The snapshot encoding writes the roster as flat arrays, ghosts left out.
            let loaded = try SnapshotCodec.encode(state).withUnsafeBytes { try SnapshotCodec.decode($0) }
            #expect(loaded == state && StateCodec.encode(loaded) == bytes, "round \(round)")
            #expect(Self.paged(loaded, limit: 4) == model && loaded.listAdmins() == [everyone[3]], "round \(round)")
        }
    }

    @Test func longAddersReadBackUnchanged() throws {
        // Long inbox IDs live on the heap; the records of one batch all name the same adder,
        // whose bytes the roster holds once.
        let adder = InboxID.named(String(repeating: "a", count: 64))
        let batch = (0..<20).map { InboxID.named(String(repeating: "b", count: 60) + "\($0)") }
        var group = TestGroup(adder, CreateConversation())
        try #require(group.commit(adder, .addMembers(inboxes: batch, identities: [])) == .applied)
        let state = try #require(group.state)
        let restored = try StateCodec.decode(StateCodec.encode(state))
        #expect(restored == state)
        #expect(restored.records.map(\.addedBy) == state.records.map(\.addedBy))
        #expect(StateCodec.hash(restored) == StateCodec.hash(state))
    }
}
