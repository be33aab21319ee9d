import GroupCore
import GroupTestSupport
import Testing

/// SPEC section 8: the actor check looks at the state before the commit, the leaving refusals at
/// the running state, so an earlier change of the same commit decides them.
struct LeavingInOneCommitTests {
    @Test(arguments: [Change.leave, .requestRemoval])
    func aMemberThatLeftEarlierInTheCommitIsNotAMember(then second: Change) throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], leaveRule: .direct))
        let before = group.state
        let outcome = group.commit(.bo, .leave, second)
        // Not wrongLeaveRule for requestRemoval, nor a second memberLeft for leave.
        #expect(outcome.rejection?.reason == .notAMember(.bo))
        #expect(outcome.changeIndex == 1)
        #expect(group.state == before, "the whole commit is rejected")
        #expect(group.commit(.bo, .leave) == .applied)
    }

    @Test(arguments: [(LeaveRule.direct, Change.leave), (.request, .requestRemoval)])
    func aSuperAdminThatDemotedItselfEarlierInTheCommitMayLeave(rule: LeaveRule, leaving: Change) throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], leaveRule: rule))
        try #require(group.commit(.alix, .addSuperAdmin(.bo)) == .applied)
        #expect(group.commit(.alix, leaving).rejection?.reason == .superAdminCannotLeave)
        #expect(group.commit(.alix, .removeSuperAdmin(.alix), leaving) == .applied)
        let alix = try #require(group.state?.member(.alix))
        #expect(rule == .direct ? !alix.isCurrent : alix.state == .pendingRemoval)
    }
}
