import GroupCore
import GroupTestSupport
import Testing

/// The lifecycle's reads (SPEC section 9, "Queries"): who blocks the group, pending join
/// requests, open invitations and the mutes still running.
struct LifecycleReadTests {
    @Test func readsListWhoWaitsWhoIsInvitedWhoBlocksAndWhoIsMuted() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], joinRule: .approval, invitesNeedConsent: true))
        #expect(group.commit(.davon, .join(link: nil), at: 2_002) == .applied)
        #expect(group.commit(.alix, .addMembers(inboxes: [.eri, .fen], identities: []), .mute(inboxes: [.bo], until: 3_000), at: 2_003) == .applied)
        #expect(group.commit(.caro, .blockGroup(true), at: 2_004) == .applied)
        let state = try #require(group.state)
        #expect(state.pendingJoinRequests() == [.davon])
        #expect(state.openInvitations() == [.eri, .fen])
        #expect(state.groupBlockers() == [.caro])
        #expect(state.mutes(at: 2_004).map(\.inbox) == [.bo])
        #expect(state.mutes(at: 2_004).map(\.until) == [3_000])
        #expect(state.mutes(at: 3_000).isEmpty, "a mute ends at its until time")

        #expect(group.commit(.alix, .approveJoin(.davon, role: nil), at: 2_005) == .applied)
        #expect(group.commit(.eri, .acceptInvitation, at: 2_006) == .applied)
        #expect(group.commit(.caro, .blockGroup(false), at: 2_007) == .applied)
        let later = try #require(group.state)
        #expect(later.pendingJoinRequests().isEmpty)
        #expect(later.openInvitations() == [.fen])
        #expect(later.groupBlockers().isEmpty)
    }
}
