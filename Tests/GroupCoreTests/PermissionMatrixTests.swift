import GroupCore
import GroupTestSupport
import Testing

/// Every slot a change of SPEC sections 5-8 and 10 uses, under every base policy, for an actor
/// of every role, judged through real commits and compared with an expectation written out
/// from SPEC section 5 (never by asking `Policy.permits`).
struct PermissionMatrixTests {
    /// A change governed by one slot, aimed at a subject that is never the actor.
    enum Action: String, CaseIterable, Sendable {
        case addMember, removeMember, addAdmin, removeAdmin, updateName, updateDescription, updateImageURL
        case updateAppData, updateDisappearingMessages, setRole

        /// The slot SPEC section 5's table names for the action.
        var slot: PolicySlot {
            switch self {
            case .addMember: .addMember
            case .removeMember: .removeMember
            case .addAdmin: .addAdmin
            case .removeAdmin: .removeAdmin
            case .updateName: .updateName
            case .updateDescription: .updateDescription
            case .updateImageURL: .updateImageURL
            case .updateAppData: .updateAppData
            case .updateDisappearingMessages: .updateDisappearingMessages
            case .setRole: .setRole
            }
        }

        /// Whether the action's subject is an inbox that is not a current member.
        var subjectIsOutsider: Bool { self == .addMember }

        /// Whether the setup commits use the slot, so a create-time policy could block them.
        var setupUsesSlot: Bool { self == .addAdmin || self == .removeAdmin || self == .setRole }
    }

    /// How the policy under test gets into the group.
    enum Route: String, CaseIterable, Sendable {
        /// The owner commits `updatePermission` after the roles are set up.
        case updatePermission
        /// The `create` commit gives a custom set holding the policy.
        case customSetAtCreate
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let action: Action
        let policy: Policy
        let role: Role
        let route: Route

        var testDescription: String { "\(action.rawValue) under \(policy) by \(role) via \(route.rawValue)" }
    }

    static let basePolicies: [Policy] = [.allowAll, .denyAll, .moderatorOnly, .adminOnly, .superAdminOnly, .selfOnly, .formerMember]

    static let cases: [Case] = Route.allCases.flatMap { route in
        Action.allCases.filter { route == .updatePermission || !$0.setupUsesSlot }.flatMap { action in
            basePolicies.flatMap { policy in Role.allCases.map { Case(action: action, policy: policy, role: $0, route: route) } }
        }
    }

    /// SPEC section 5, written out: whether an actor of `role` passes `policy` for `action`,
    /// whose subject is another inbox (a newcomer for addMember, a current member otherwise,
    /// none for metadata).
    static func expectedToPass(_ policy: Policy, role: Role, action: Action) -> Bool {
        // Section 3: an observer is read-only, whatever a policy says.
        if role == .observer { return false }
        switch policy {
        case .allowAll: return true // "any active member with role member or above"
        case .denyAll: return false // "nobody, super admins included"
        case .moderatorOnly: return [Role.moderator, .admin, .superAdmin].contains(role)
        case .adminOnly: return [Role.admin, .superAdmin].contains(role)
        case .superAdminOnly: return role == .superAdmin
        case .selfOnly: return false // the subject is never the actor here
        case .formerMember: return action.subjectIsOutsider // "the subject is an inbox that is not a current member"
        default: preconditionFailure("the matrix uses base policies only")
        }
    }

    /// The policies of the allMembers column of SPEC section 5's table, for the nine XMTP slots.
    static let allMembersXMTPSlots: [PolicySlot: Policy] = [
        .addMember: .allowAll, .removeMember: .adminOnly, .addAdmin: .superAdminOnly, .removeAdmin: .superAdminOnly,
        .updateName: .allowAll, .updateDescription: .allowAll, .updateImageURL: .allowAll, .updateAppData: .allowAll,
        .updateDisappearingMessages: .adminOnly,
    ]

    static let owner = InboxID.named("owner")
    static let actor = InboxID.named("actor")
    /// A plain member, the subject of removeMember and addAdmin.
    static let target = InboxID.named("target")
    /// Made admin in setup, the subject of removeAdmin.
    static let adminTarget = InboxID.named("admin-target")
    /// Made observer in setup, the subject of setRole (to member, which any role from member up
    /// may grant it by seniority).
    static let low = InboxID.named("low")
    /// Not a member, the subject of addMember.
    static let newcomer = InboxID.named("newcomer")

    static func change(for action: Action) -> Change {
        switch action {
        case .addMember: .add(newcomer)
        case .removeMember: .remove(target)
        case .addAdmin: .addAdmin(target)
        case .removeAdmin: .removeAdmin(adminTarget)
        case .updateName: .updateName("renamed")
        case .updateDescription: .updateDescription("described")
        case .updateImageURL: .updateImageURL("https://img.example/x.png")
        case .updateAppData: .updateAppData(data: "app", expected: nil)
        case .updateDisappearingMessages: .updateDisappearingMessages(DisappearingMessages(fromNs: 1, inNs: 2))
        case .setRole: .assign(.member, to: low)
        }
    }

    /// The owner's changes that give the actor its role and the subjects theirs.
    static func setupChanges(actorRole: Role) -> [Change] {
        var changes: [Change] = [.addAdmin(adminTarget), .assign(.observer, to: low)]
        switch actorRole {
        case .observer: changes.append(.assign(.observer, to: actor))
        case .member: break
        case .moderator: changes.append(.assign(.moderator, to: actor))
        case .admin: changes.append(.addAdmin(actor))
        case .superAdmin: changes.append(.addSuperAdmin(actor))
        }
        return changes
    }

    @Test(arguments: cases)
    func policyDecides(_ matrix: Case) throws {
        var request = CreateConversation(members: [Self.actor, Self.target, Self.adminTarget, Self.low])
        if matrix.route == .customSetAtCreate {
            var slots = Self.allMembersXMTPSlots
            slots[matrix.action.slot] = matrix.policy
            request.policySet = .custom(slots)
        }
        var group = TestGroup(Self.owner, request)
        try #require(group.lastOutcome == .applied)
        try #require(group.commit(Self.owner, Self.setupChanges(actorRole: matrix.role)) == .applied)
        try #require(group.state?.member(Self.actor)?.role == matrix.role)

        if matrix.route == .updatePermission {
            let outcome = group.commit(Self.owner, .updatePermission(slot: matrix.action.slot, policy: matrix.policy))
            if matrix.policy == .allowAll && (matrix.action == .addAdmin || matrix.action == .removeAdmin) {
                // SPEC section 5: addAdmin and removeAdmin can never be allowAll.
                #expect(outcome.code == "invalidPolicy")
                #expect(outcome.changeIndex == 0)
                #expect(group.state?.policies[matrix.action.slot] == .superAdminOnly)
                return
            }
            try #require(outcome == .applied)
        }
        #expect(group.state?.policies[matrix.action.slot] == matrix.policy)

        let before = try #require(group.state)
        let outcome = group.commit(Self.actor, Self.change(for: matrix.action))
        if Self.expectedToPass(matrix.policy, role: matrix.role, action: matrix.action) {
            #expect(outcome == .applied)
            let after = try #require(group.state)
            #expect(Self.effectIsVisible(of: matrix.action, before: before, after: after))
        } else {
            #expect(outcome.code == "permissionDenied")
            #expect(outcome.changeIndex == 0)
            #expect(group.state == before)
        }
    }

    /// Whether `after` shows what the action does, read through the public reads.
    static func effectIsVisible(of action: Action, before: GroupState, after: GroupState) -> Bool {
        switch action {
        case .addMember: after.member(newcomer)?.isCurrent == true && before.member(newcomer) == nil
        case .removeMember: after.member(target)?.isCurrent == false
        case .addAdmin: after.isAdmin(target) && !before.isAdmin(target)
        case .removeAdmin: !after.isAdmin(adminTarget) && after.member(adminTarget)?.role == .member
        case .updateName: after.metadata.name == "renamed"
        case .updateDescription: after.metadata.description == "described"
        case .updateImageURL: after.metadata.imageURL == "https://img.example/x.png"
        case .updateAppData: after.metadata.appData == "app"
        case .updateDisappearingMessages: after.metadata.disappearingMessages == DisappearingMessages(fromNs: 1, inNs: 2)
        case .setRole: after.member(low)?.role == .member && before.member(low)?.role == .observer
        }
    }

    // MARK: Slots that cannot hold a policy

    static let allowAllHidingPlaces: [Policy] = [
        .allowAll, .any([.allowAll]), .any([.denyAll, .allowAll]), .all([.superAdminOnly, .allowAll]),
        .any([.adminOnly, .all([.superAdminOnly, .any([.allowAll])])]),
    ]

    @Test(arguments: [PolicySlot.addAdmin, .removeAdmin], allowAllHidingPlaces)
    func adminSlotsRefuseAllowAllLater(slot: PolicySlot, policy: Policy) throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        let before = try #require(group.state)
        let outcome = group.commit(.alix, .updateName("first"), .updatePermission(slot: slot, policy: policy))
        #expect(outcome.code == "invalidPolicy")
        #expect(outcome.changeIndex == 1)
        #expect(group.state == before)
    }

    @Test(arguments: [PolicySlot.addAdmin, .removeAdmin], allowAllHidingPlaces)
    func adminSlotsRefuseAllowAllAtCreate(slot: PolicySlot, policy: Policy) {
        var slots = Self.allMembersXMTPSlots
        slots[slot] = policy
        let group = TestGroup(.alix, CreateConversation(members: [.bo], policySet: .custom(slots)))
        #expect(group.lastOutcome?.code == "invalidPolicy")
        #expect(group.lastOutcome?.changeIndex == 0)
        #expect(group.state == nil)
    }

    @Test(arguments: PolicySlot.allCases.filter { $0 != .addAdmin && $0 != .removeAdmin })
    func otherSlotsAcceptAllowAllInsideACombinator(slot: PolicySlot) {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        let policy = Policy.any([.adminOnly, .allowAll])
        #expect(group.commit(.alix, .updatePermission(slot: slot, policy: policy)) == .applied)
        #expect(group.state?.policies[slot] == policy)
    }

    // MARK: Combinators and the self policy

    @Test func emptyCombinatorsAreInvalid() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        for policy in [Policy.any([]), .all([]), .any([.adminOnly, .all([])])] {
            let outcome = group.commit(.alix, .updatePermission(slot: .updateName, policy: policy))
            #expect(outcome.code == "invalidPolicy", "\(policy)")
        }
        #expect(group.state?.policies[.updateName] == .allowAll)
    }

    @Test func combinatorsNeedEveryOrAnyPolicy() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try #require(group.commit(.alix, .addAdmin(.bo)) == .applied)
        // all(moderatorOnly, formerMember): bo is an admin, but the subject caro is a current member.
        try #require(group.commit(.alix, .updatePermission(slot: .removeMember, policy: .all([.moderatorOnly, .formerMember]))) == .applied)
        #expect(group.commit(.bo, .remove(.caro)).code == "permissionDenied")
        // any(denyAll, moderatorOnly): bo passes the second.
        try #require(group.commit(.alix, .updatePermission(slot: .removeMember, policy: .any([.denyAll, .moderatorOnly]))) == .applied)
        #expect(group.commit(.bo, .remove(.caro)) == .applied)
    }

    @Test func selfPolicyLetsAMemberRemoveItself() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try #require(group.commit(.alix, .updatePermission(slot: .removeMember, policy: .selfOnly)) == .applied)
        #expect(group.commit(.bo, .remove(.caro)).code == "permissionDenied")
        #expect(group.commit(.bo, .remove(.bo)) == .applied)
        #expect(group.state?.member(.bo)?.isCurrent == false)
    }

    @Test func denyAllBlocksSuperAdmins() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        try #require(group.commit(.alix, .updatePermission(slot: .updateName, policy: .denyAll)) == .applied)
        #expect(group.commit(.alix, .updateName("x")).code == "permissionDenied")
        // Updating policies stays a super admin power whatever the slots say (section 5).
        #expect(group.commit(.alix, .updatePermission(slot: .updateName, policy: .allowAll)) == .applied)
        #expect(group.commit(.alix, .updateName("x")) == .applied)
    }

    @Test(arguments: [Role.observer, .member, .moderator, .admin])
    func onlySuperAdminsUpdatePoliciesOrGrantSuperAdmin(role: Role) throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        let setup: Change = switch role {
        case .admin: .addAdmin(.bo)
        default: .assign(role, to: .bo)
        }
        try #require(group.commit(.alix, setup) == .applied)
        try #require(group.state?.member(.bo)?.role == role)
        for change in [Change.updatePermission(slot: .updateName, policy: .adminOnly), .addSuperAdmin(.caro),
                       .removeSuperAdmin(.alix), .transferOwnership(.caro)] {
            let outcome = group.commit(.bo, change)
            #expect(outcome.code == "permissionDenied", "\(change.op) by \(role)")
        }
    }

    @Test func styleReplacesTheAddMemberSlot() {
        let owner = TestGroup(.alix, CreateConversation(members: [.bo], style: .privateOnlyOwnerInvite))
        #expect(owner.state?.policies[.addMember] == .adminOnly)
        #expect(owner.state?.settings.leaveRule == .direct)
        let members = TestGroup(.alix, CreateConversation(members: [.bo], policySet: .adminOnly, style: .privateMemberCanInvite))
        #expect(members.state?.policies[.addMember] == .allowAll)
        let explicit = TestGroup(.alix, CreateConversation(members: [.bo], leaveRule: .request, joinRule: .open, style: .publicJoinNeedApproval))
        #expect(explicit.state?.settings.leaveRule == .request)
        #expect(explicit.state?.settings.joinRule == .open)
    }
}
