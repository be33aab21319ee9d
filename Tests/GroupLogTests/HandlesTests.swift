import GroupLog
import GroupTestSupport
import Testing

/// Identities claimed through the store: adding members by handle or account, and the handles
/// `members()` shows.
struct HandlesTests {
    @Test func membersAddedByClaimedIdentitiesShowTheirHandles() async throws {
        try await withStore { store in
            try await store.claim(.handle("caro.old"), for: .caro)
            try await store.claim(.handle("caro.eth"), for: .caro)
            try await store.claim(.account("0xd4"), for: .davon)
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo])
            try await group.addMembers(members: [.handle("caro.eth"), .account("0xd4")])
            let members = try await group.members()
            #expect(members.map(\.inbox) == [.alix, .bo, .caro, .davon])
            let caro = try #require(members.first { $0.inbox == .caro })
            #expect(caro.handle == "caro.eth" && caro.otherHandles == ["caro.old"])
            let bo = try #require(members.first { $0.inbox == .bo })
            #expect(bo.handle == nil && bo.otherHandles.isEmpty)
        }
    }

    @Test func aHandleAnotherInboxHoldsIsRefused() async throws {
        try await withStore { store in
            try await store.claim(.handle("bo.eth"), for: .bo)
            try await store.claim(.handle("bo.eth"), for: .bo)
            let taken = await error { () async throws(GroupLogError) in try await store.claim(.handle("bo.eth"), for: .caro) }
            guard case .store(.identityClaimed)? = taken else {
                Issue.record("expected identityClaimed, got \(String(describing: taken))")
                return
            }
        }
    }
}
