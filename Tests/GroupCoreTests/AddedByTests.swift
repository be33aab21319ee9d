import GroupCore
import GroupTestSupport
import Testing

/// `addedBy` (XMTP's `addedByInboxId`, SPEC section 13) against the `adder` the state records:
/// the creator's record names the creator itself, yet it was added by no one.
struct AddedByTests {
    @Test func theCreatorWasAddedByNoOneAndItsListedMembersByTheCreator() throws {
        let caro = ResolvedIdentity(.handle("caro.eth"), inbox: .caro)
        let group = TestGroup(.alix, CreateConversation(members: [.bo], identities: [caro]))
        let state = try #require(group.state)
        let creator = try #require(state.member(.alix))
        #expect(creator.adder == .alix, "the record as encoded keeps the creator as its own adder")
        #expect(creator.addedBy == nil)
        #expect(state.creator == .alix)
        #expect(state.member(.bo)?.addedBy == .alix)
        #expect(state.member(.caro)?.addedBy == .alix)
    }

    @Test func addedByIsTheLatestAdderAndNilForAJoin() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .davon], joinRule: .open))
        try #require(group.commit(.bo, .add(.caro)) == .applied)
        #expect(group.state?.member(.caro)?.addedBy == .bo)
        try #require(group.commit(.alix, .remove(.caro)) == .applied)
        #expect(group.state?.member(.caro)?.addedBy == .bo, "a former member keeps its adder")
        try #require(group.commit(.davon, .add(.caro)) == .applied)
        #expect(group.state?.member(.caro)?.addedBy == .davon, "re-added, it has its new adder")
        try #require(group.commit(.alix, .remove(.caro)) == .applied)
        try #require(group.commit(.caro, .join(link: nil)) == .applied)
        let joined = try #require(group.state?.member(.caro))
        #expect(joined.addedBy == nil && joined.adder == nil, "a join has no adder")
        #expect(group.state?.member(.eri)?.addedBy == nil)
    }

    @Test func theCreatorStaysTheCreatorAfterItLeaves() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo], leaveRule: .direct))
        try #require(group.commit(.alix, .transferOwnership(.bo)) == .applied)
        try #require(group.commit(.alix, .leave) == .applied)
        let state = try #require(group.state)
        #expect(state.creator == .alix)
        #expect(state.member(.alix)?.isCurrent == false)
        #expect(state.member(.alix)?.addedBy == nil)
    }
}
