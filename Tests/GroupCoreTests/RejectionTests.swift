import GroupCore
import GroupTestSupport
import Testing

extension RejectionTests {
    /// One log whose last commit must be rejected with a given code at a given change.
    struct Scenario: Sendable, CustomTestStringConvertible {
        struct Step: Sendable {
            let actor: InboxID
            let changes: [Change]
            var time: Milliseconds?
            /// The code a setup step must be rejected with; nil when it must be applied.
            var rejected: String?
            /// The key the commit claims to be signed with (SPEC section 14); nil for unsigned.
            var signedBy: PublicKey?
        }

        let name: String
        let steps: [Step]
        let code: String
        /// Nil when the commit fails as a whole.
        let changeIndex: Int?

        var testDescription: String { "\(code): \(name)" }
    }
}

/// A small vocabulary for writing scenarios as lists of steps.
private func by(
    _ actor: InboxID, _ changes: Change..., at time: Milliseconds? = nil, rejected: String? = nil, signedBy key: PublicKey? = nil
) -> RejectionTests.Scenario.Step {
    RejectionTests.Scenario.Step(actor: actor, changes: changes, time: time, rejected: rejected, signedBy: key)
}

/// A group of alix (super admin) and bo that requires signatures, each with its key (the key of
/// `.filled(1)`, `.filled(2)`), signed by alix.
private func signedGroup() -> RejectionTests.Scenario.Step {
    by(.alix, .create(CreateConversation(members: [.bo], requireSignatures: true, keys: [.alix: [.filled(1)], .bo: [.filled(2)]])),
       signedBy: .filled(1))
}

private func group(_ members: InboxID..., by creator: InboxID = .alix, limit: Int? = nil, leaveRule: LeaveRule? = nil, consent: Bool = false) -> RejectionTests.Scenario.Step {
    by(creator, .create(CreateConversation(members: members, memberLimit: limit, leaveRule: leaveRule, invitesNeedConsent: consent)))
}

/// A group of alix (super admin) and `members` with a join rule.
private func joinable(_ members: InboxID..., rule: JoinRule) -> RejectionTests.Scenario.Step {
    by(.alix, .create(CreateConversation(members: members, joinRule: rule)))
}

private func dm(_ creator: InboxID, _ other: InboxID) -> RejectionTests.Scenario.Step {
    by(creator, .create(CreateConversation(kind: .dm, members: [other])))
}

/// A group of alix (super admin) and `members` that registers the fields of `RejectionTests.fields`.
private func groupWithFields(_ members: InboxID...) -> RejectionTests.Scenario.Step {
    by(.alix, .create(CreateConversation(members: members, fields: RejectionTests.fields)))
}

/// `updateMetadataField` naming the field by name.
private func write(_ field: String, _ mutation: FieldMutation) -> Change {
    .updateMetadataField(field: .name(field), mutation: mutation)
}

/// `updateUserData` with one entry.
private func userData(_ field: String, _ value: FieldValue?) -> Change {
    .updateUserData([UserFieldUpdate(field: .name(field), value: value)])
}

private func scenario(_ name: String, _ code: String, at index: Int?, _ steps: RejectionTests.Scenario.Step...) -> RejectionTests.Scenario {
    RejectionTests.Scenario(name: name, steps: steps, code: code, changeIndex: index)
}

/// Every error code the core can produce, asserted with its failing change, and the order of
/// checks of SPEC section 4.
struct RejectionTests {
    /// Codes no change of this version can produce: none, since the lifecycle of SPEC section 9
    /// made `groupDeleted` and `banned` reachable.
    static let unreachableCodes: Set<String> = []

    static let unknown = ResolvedIdentity(.handle("@nobody"), inbox: nil)

    /// Application fields for the field scenarios: one of a type this version does not
    /// support, and one in the immutable range.
    static let fields: [FieldDescriptor] = [
        FieldDescriptor(id: ComponentID(0xC001), name: "LIST", type: .unsupported("list"), insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0xFD00), name: "FOUNDED", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll),
    ]

    static let scenarios: [Scenario] = [
        scenario("a commit after a rejected commit 0", "groupNotFound", at: nil,
                 by(.alix, .updateName("no create"), rejected: "invalidCommit"), by(.alix, .updateName("x"))),
        scenario("create after commit 0", "invalidCommit", at: nil,
                 group(.bo), by(.alix, .create(CreateConversation(members: [.caro])))),
        scenario("create among other changes after commit 0", "invalidCommit", at: nil,
                 group(.bo), by(.alix, .updateName("x"), .create(CreateConversation(members: [.caro])))),
        scenario("commit 0 with a second change", "invalidCommit", at: nil,
                 by(.alix, .create(CreateConversation(members: [.bo])), .updateName("x"))),
        scenario("commit 0 that is not create", "invalidCommit", at: nil, by(.alix, .add(.bo))),
        scenario("a commit with no changes", "invalidCommit", at: nil, group(.bo), by(.alix)),
        scenario("a DM created with two members", "invalidCommit", at: 0,
                 by(.alix, .create(CreateConversation(kind: .dm, members: [.bo, .caro])))),
        scenario("a DM created alone", "invalidCommit", at: 0, by(.alix, .create(CreateConversation(kind: .dm)))),
        scenario("time earlier than the last applied commit", "timeWentBackwards", at: nil,
                 group(.bo), by(.alix, .updateName("a"), at: 5_000), by(.bo, .updateName("b"), at: 4_999)),
        scenario("adding a member to a DM", "dmForbidden", at: 1,
                 dm(.alix, .bo), by(.bo, .updateName("ok"), .add(.caro))),
        scenario("updating a permission in a DM", "dmForbidden", at: 0,
                 dm(.alix, .bo), by(.alix, .updatePermission(slot: .updateName, policy: .denyAll))),
        scenario("a non-member acting", "notAMember", at: 0, group(.bo), by(.caro, .updateName("x"))),
        scenario("a former member acting", "notAMember", at: 0,
                 group(.bo), by(.alix, .remove(.bo)), by(.bo, .updateName("x"))),
        scenario("a pending-removal member acting", "notActive", at: 0,
                 group(.bo, .caro), by(.bo, .requestRemoval), by(.bo, .updateName("x"))),
        scenario("an invited inbox acting", "notActive", at: 0,
                 group(.bo, consent: true), by(.alix, .add(.caro)), by(.caro, .updateName("x"))),
        scenario("a member granting super admin", "permissionDenied", at: 0,
                 group(.bo, .caro), by(.bo, .addSuperAdmin(.caro))),
        scenario("a member removing a member", "permissionDenied", at: 1,
                 group(.bo, .caro), by(.bo, .updateName("ok"), .remove(.caro))),
        scenario("allowAll in addAdmin", "invalidPolicy", at: 0,
                 group(.bo), by(.alix, .updatePermission(slot: .addAdmin, policy: .allowAll))),
        scenario("a custom set missing an XMTP slot", "invalidPolicy", at: 0,
                 by(.alix, .create(CreateConversation(members: [.bo], policySet: .custom([.addMember: .allowAll]))))),
        scenario("setRole to admin", "invalidRole", at: 0, group(.bo), by(.alix, .assign(.admin, to: .bo))),
        scenario("setRole to super admin", "invalidRole", at: 1,
                 group(.bo), by(.alix, .updateName("ok"), .assign(.superAdmin, to: .bo))),
        scenario("negative disappearing-message times", "invalidArgument", at: 0,
                 group(.bo), by(.alix, .updateDisappearingMessages(DisappearingMessages(fromNs: -1, inNs: 10)))),
        scenario("a member limit of zero", "invalidArgument", at: 0, group(.bo, limit: 0)),
        scenario("a name of 101 bytes", "tooLong", at: 0,
                 group(.bo), by(.bo, .updateName(String(repeating: "n", count: 101)))),
        scenario("a name of 51 two-byte characters", "tooLong", at: 0,
                 group(.bo), by(.bo, .updateName(String(repeating: "é", count: 51)))),
        scenario("a description of 1,001 bytes", "tooLong", at: 1,
                 group(.bo), by(.bo, .updateName("ok"), .updateDescription(String(repeating: "d", count: 1_001)))),
        scenario("an image URL of 2,049 bytes", "tooLong", at: 0,
                 group(.bo), by(.bo, .updateImageURL(String(repeating: "u", count: 2_049)))),
        scenario("app data of 8,193 bytes", "tooLong", at: 0,
                 group(.bo), by(.bo, .updateAppData(data: String(repeating: "a", count: 8_193), expected: nil))),
        scenario("a name of 101 bytes at create", "tooLong", at: 0,
                 by(.alix, .create(CreateConversation(members: [.bo], name: String(repeating: "n", count: 101))))),
        scenario("an identity no inbox claims", "identityNotFound", at: 0,
                 group(.bo), by(.alix, .addMembers(inboxes: [.caro], identities: [unknown]))),
        scenario("an inbox listed twice in addMembers", "duplicateInbox", at: 0, group(.bo), by(.alix, .add(.caro, .caro))),
        scenario("an inbox and an identity of the same inbox", "duplicateInbox", at: 0,
                 group(.bo), by(.alix, .addMembers(inboxes: [.caro], identities: [ResolvedIdentity(.handle("@caro"), inbox: .caro)]))),
        scenario("an inbox listed twice in removeMembers", "duplicateInbox", at: 0, group(.bo), by(.alix, .remove(.bo, .bo))),
        scenario("an inbox listed twice in setRole", "duplicateInbox", at: 0,
                 group(.bo), by(.alix, .assign(.moderator, to: .bo, .bo))),
        scenario("the creator listed in create", "duplicateInbox", at: 0, group(.bo, .alix)),
        scenario("a member listed twice in create", "duplicateInbox", at: 0, group(.bo, .bo)),
        scenario("removing a non-member", "memberNotFound", at: 0, group(.bo), by(.alix, .remove(.caro))),
        scenario("making a non-member admin", "memberNotFound", at: 0, group(.bo), by(.alix, .addAdmin(.caro))),
        scenario("removing admin from a non-member", "memberNotFound", at: 0, group(.bo), by(.alix, .removeAdmin(.caro))),
        scenario("removing super admin from a non-member", "memberNotFound", at: 0,
                 group(.bo), by(.alix, .removeSuperAdmin(.caro))),
        scenario("transferring ownership to a former member", "memberNotFound", at: 0,
                 group(.bo), by(.alix, .remove(.bo)), by(.alix, .transferOwnership(.bo))),
        scenario("adding a current member", "alreadyMember", at: 0, group(.bo), by(.alix, .add(.bo))),
        scenario("adding an invited inbox", "alreadyMember", at: 0,
                 group(.bo, consent: true), by(.alix, .add(.caro)), by(.alix, .add(.caro))),
        scenario("making an admin admin", "alreadyHasRole", at: 0,
                 group(.bo), by(.alix, .addAdmin(.bo)), by(.alix, .addAdmin(.bo))),
        scenario("making a super admin admin", "alreadyHasRole", at: 0, group(.bo), by(.alix, .addAdmin(.alix))),
        scenario("making a super admin super admin", "alreadyHasRole", at: 0, group(.bo), by(.alix, .addSuperAdmin(.alix))),
        scenario("transferring ownership to oneself", "alreadyHasRole", at: 0,
                 group(.bo), by(.alix, .transferOwnership(.alix))),
        scenario("transferring ownership to a super admin", "alreadyHasRole", at: 0,
                 group(.bo), by(.alix, .addSuperAdmin(.bo)), by(.alix, .transferOwnership(.bo))),
        scenario("removing admin from a member", "notAnAdmin", at: 0, group(.bo), by(.alix, .removeAdmin(.bo))),
        scenario("removing admin from a super admin", "notAnAdmin", at: 0, group(.bo), by(.alix, .removeAdmin(.alix))),
        scenario("removing super admin from an admin", "notASuperAdmin", at: 0,
                 group(.bo), by(.alix, .addAdmin(.bo)), by(.alix, .removeSuperAdmin(.bo))),
        scenario("removing a super admin", "superAdminCannotBeRemoved", at: 0,
                 group(.bo), by(.alix, .addSuperAdmin(.bo)), by(.alix, .remove(.bo))),
        scenario("demoting the last super admin", "lastSuperAdmin", at: 0, group(.bo), by(.alix, .removeSuperAdmin(.alix))),
        scenario("adding past the member limit", "memberLimitExceeded", at: 1,
                 group(.bo, limit: 3), by(.alix, .add(.caro), .add(.davon))),
        scenario("inviting past the member limit", "memberLimitExceeded", at: 0,
                 group(.bo, limit: 3, consent: true), by(.alix, .add(.caro)), by(.alix, .add(.davon))),
        scenario("creating past the member limit", "memberLimitExceeded", at: 0, group(.bo, .caro, limit: 2)),
        scenario("app data changed since it was read", "appDataSuperseded", at: 0,
                 group(.bo), by(.bo, .updateAppData(data: "new", expected: "old"))),
        scenario("the only member asking to leave", "onlyMemberCannotLeave", at: 0, group(), by(.alix, .requestRemoval)),
        scenario("the only member leaving", "onlyMemberCannotLeave", at: 0, group(leaveRule: .direct), by(.alix, .leave)),
        scenario("a DM participant asking to leave", "dmCannotLeave", at: 0, dm(.alix, .bo), by(.bo, .requestRemoval)),
        scenario("a DM participant leaving", "dmCannotLeave", at: 0, dm(.alix, .bo), by(.alix, .leave)),
        scenario("a super admin asking to leave", "superAdminCannotLeave", at: 0, group(.bo), by(.alix, .requestRemoval)),
        scenario("a super admin leaving", "superAdminCannotLeave", at: 0, group(.bo, leaveRule: .direct), by(.alix, .leave)),
        scenario("leave where the rule is request", "wrongLeaveRule", at: 0, group(.bo), by(.bo, .leave)),
        scenario("requestRemoval where the rule is direct", "wrongLeaveRule", at: 0,
                 group(.bo, leaveRule: .direct), by(.bo, .requestRemoval)),
        scenario("a second removal request", "alreadyPendingRemoval", at: 0,
                 group(.bo), by(.bo, .requestRemoval), by(.bo, .requestRemoval)),
        scenario("a removal request twice in one commit", "alreadyPendingRemoval", at: 1,
                 group(.bo), by(.bo, .requestRemoval, .requestRemoval)),
        scenario("writing a field the group never registered", "unknownField", at: 1,
                 group(.bo), by(.bo, .updateName("ok"), write("GROUP_CATEGORY", .replace(.string("x"))))),
        scenario("writing a field by an ID outside the field ranges", "unknownField", at: 0,
                 group(.bo), by(.bo, .updateMetadataField(field: .id(ComponentID(0x7FFF)), mutation: .replace(.string("x"))))),
        scenario("registering a name no configuration knows", "unknownField", at: 0,
                 group(.bo), by(.alix, .registerFields([.unknown(name: "GROUP_CATEGORY")]))),
        scenario("user data in a field that is not a user field", "notUserField", at: 0,
                 group(.bo), by(.bo, userData("ANNOUNCEMENT", .string("hi")))),
        scenario("a user field listed twice", "duplicateField", at: 0,
                 group(.bo), by(.bo, .updateUserData([
                     UserFieldUpdate(field: .name("USER_DISPLAY_NAME"), value: .string("Bo")),
                     UserFieldUpdate(field: .id(WellKnownFields.userDisplayName), value: nil),
                 ]))),
        scenario("bytes into a string field", "wrongType", at: 0,
                 group(.bo), by(.alix, write("ANNOUNCEMENT", .replace(.bytes([1]))))),
        scenario("a map delta on a scalar", "wrongType", at: 0,
                 group(.bo), by(.alix, write("WELCOME_MESSAGE", .mapDelta(.insert, key: .string("k"), value: .string("v"))))),
        scenario("a field of a type this version does not support", "unsupportedType", at: 0,
                 groupWithFields(.bo), by(.bo, write("LIST", .replace(.string("x"))))),
        scenario("inserting a map key that is present", "keyExists", at: 1,
                 group(.bo), by(.bo, write("SHARED_FILES", .mapDelta(.insert, key: .string("a.txt"), value: .bytes([1])))),
                 by(.bo, .updateName("ok"), write("SHARED_FILES", .mapDelta(.insert, key: .string("a.txt"), value: .bytes([2]))))),
        scenario("deleting a map key that is absent", "keyNotFound", at: 0,
                 group(.bo), by(.alix, write("GROUP_PREFERENCES", .mapDelta(.delete, key: .string("voice"), value: nil)))),
        scenario("writing an immutable field a second time", "immutableField", at: 0,
                 groupWithFields(.bo), by(.bo, write("FOUNDED", .replace(.string("2024")))),
                 by(.alix, write("FOUNDED", .replace(.string("2025"))))),
        scenario("registering a field that is registered", "fieldAlreadyRegistered", at: 0,
                 groupWithFields(.bo), by(.alix, .registerFields([.descriptor(fields[1])]))),
        // The lifecycle (SPEC section 9).
        scenario("a commit after deleteGroup", "groupDeleted", at: nil,
                 group(.bo), by(.alix, .deleteGroup), by(.alix, .updateName("x"))),
        scenario("a change after deleteGroup in the same commit", "groupDeleted", at: 1,
                 group(.bo), by(.alix, .deleteGroup, .updateName("x"))),
        scenario("joining a DM", "dmForbidden", at: 0, dm(.alix, .bo), by(.caro, .join(link: nil))),
        scenario("banning in a DM", "dmForbidden", at: 0, dm(.alix, .bo), by(.alix, .ban([.bo]))),
        scenario("deleting a DM", "dmForbidden", at: 0, dm(.alix, .bo), by(.alix, .deleteGroup)),
        scenario("a member deleting the group", "permissionDenied", at: 0, group(.bo), by(.bo, .deleteGroup)),
        scenario("a moderator blocking a moderator", "permissionDenied", at: 0,
                 group(.bo, .caro), by(.alix, .assign(.moderator, to: .bo, .caro)), by(.bo, .blockForAll(inboxes: [.caro], blocked: true))),
        scenario("a link granting admin", "invalidRole", at: 0, group(.bo), by(.alix, .createLink("team", role: .admin))),
        scenario("approving a join as admin", "invalidRole", at: 0,
                 joinable(.bo, rule: .approval), by(.caro, .join(link: nil)), by(.alix, .approveJoin(.caro, role: .admin))),
        scenario("a mute that ends at the commit's time", "invalidArgument", at: 0,
                 group(.bo), by(.alix, .mute(inboxes: [.bo], until: 2_000), at: 2_000)),
        scenario("blocking a non-member for all", "memberNotFound", at: 0,
                 group(.bo), by(.alix, .blockForAll(inboxes: [.caro], blocked: true))),
        scenario("putting a former member on the allow list", "memberNotFound", at: 0,
                 group(.bo), by(.alix, .remove(.bo)), by(.alix, .allowListAdd([.bo]))),
        scenario("a member joining", "alreadyMember", at: 0, joinable(.bo, rule: .open), by(.bo, .join(link: nil))),
        scenario("banning a super admin", "superAdminCannotBeRemoved", at: 0,
                 group(.bo), by(.alix, .addSuperAdmin(.bo)), by(.alix, .ban([.bo]))),
        scenario("adding a banned inbox", "banned", at: 0, group(.bo), by(.alix, .ban([.caro])), by(.alix, .add(.caro))),
        scenario("a banned inbox joining an open group", "banned", at: 0,
                 joinable(.bo, rule: .open), by(.alix, .ban([.caro])), by(.caro, .join(link: nil))),
        scenario("joining as the limit is reached", "memberLimitExceeded", at: 0,
                 by(.alix, .create(CreateConversation(members: [.bo], memberLimit: 2, joinRule: .open))), by(.caro, .join(link: nil))),
        scenario("a member accepting with no open invitation", "notInvited", at: 0, group(.bo), by(.bo, .acceptInvitation)),
        scenario("a non-member declining", "notInvited", at: 0, group(.bo), by(.caro, .declineInvitation)),
        scenario("joining an invite-only group without a link", "joinNotAllowed", at: 0, group(.bo), by(.caro, .join(link: nil))),
        scenario("approving an inbox that never asked", "joinRequestNotFound", at: 0,
                 joinable(.bo, rule: .approval), by(.alix, .approveJoin(.caro, role: nil))),
        scenario("rejecting a member's join", "joinRequestNotFound", at: 0,
                 joinable(.bo, rule: .approval), by(.alix, .rejectJoin(.bo))),
        scenario("creating a link twice in one commit", "linkExists", at: 1,
                 group(.bo), by(.alix, .createLink("team", role: .member), .createLink("team", role: .observer))),
        scenario("joining through a link that does not exist", "linkNotFound", at: 0,
                 joinable(.bo, rule: .open), by(.caro, .join(link: "team"))),
        scenario("deleting a link that does not exist", "linkNotFound", at: 0, group(.bo), by(.alix, .deleteLink("team"))),
        // Signed commits (SPEC section 14).
        scenario("an unsigned commit where signatures are required", "unsignedCommit", at: nil,
                 signedGroup(), by(.bo, .updateName("x"))),
        scenario("a commit signed with another member's key", "wrongSigningKey", at: nil,
                 signedGroup(), by(.bo, .updateName("x"), signedBy: .filled(1))),
        scenario("removing the last key where signatures are required", "invalidArgument", at: 0,
                 signedGroup(), by(.bo, .updateKeys(add: [], remove: [.filled(2)]), signedBy: .filled(2))),
        scenario("adding a key another member holds", "invalidArgument", at: 1,
                 signedGroup(), by(.bo, .updateName("x"), .updateKeys(add: [.filled(1)], remove: []), signedBy: .filled(2))),
    ]

    @Test(arguments: scenarios)
    func rejects(_ scenario: Scenario) throws {
        var log = TestGroup()
        for step in scenario.steps.dropLast() {
            let outcome = log.commit(step.actor, step.changes, at: step.time, signedBy: step.signedBy)
            try #require(outcome.code == step.rejected, "setup commit \(log.commits.count - 1): \(outcome)")
        }
        let before = log.state
        let last = try #require(scenario.steps.last)
        let outcome = log.commit(last.actor, last.changes, at: last.time, signedBy: last.signedBy)
        #expect(outcome.code == scenario.code)
        #expect(outcome.changeIndex == scenario.changeIndex)
        #expect(log.state == before, "a rejected commit changes nothing")
    }

    @Test func everyReachableCodeHasAScenario() {
        let covered = Set(Self.scenarios.map(\.code))
        let reachable = Set(Rejection.allCodes).subtracting(Self.unreachableCodes)
        #expect(reachable.subtracting(covered).sorted() == [])
        #expect(covered.subtracting(reachable).sorted() == [], "scenarios name codes Rejection.allCodes lacks")
    }

    // MARK: Order of checks (SPEC section 4)

    @Test func dmForbiddenComesBeforeTheActorChecks() {
        var dm = TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo]))
        let outcome = dm.commit(.caro, .remove(.bo))
        #expect(outcome.code == "dmForbidden")
        #expect(outcome.changeIndex == 0)
        // Changes a DM allows reach the actor check.
        #expect(dm.commit(.caro, .updateName("x")).code == "notAMember")
    }

    @Test func actorChecksComeBeforeAuthority() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon]))
        try #require(group.commit(.alix, .updatePermission(slot: .updateName, policy: .denyAll)) == .applied)
        #expect(group.commit(.eri, .updateName("x")).code == "notAMember")
        #expect(group.commit(.eri, .addSuperAdmin(.bo)).code == "notAMember")
        try #require(group.commit(.bo, .requestRemoval) == .applied)
        #expect(group.commit(.bo, .updateName("x")).code == "notActive")
        #expect(group.commit(.bo, .addSuperAdmin(.caro)).code == "notActive")
        #expect(group.commit(.bo, .updatePermission(slot: .updateName, policy: .allowAll)).code == "notActive")
    }

    @Test func authorityComesBeforeArgumentValues() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], policySet: .adminOnly))
        try #require(group.commit(.alix, .addAdmin(.caro), .updatePermission(slot: .updateDescription, policy: .allowAll)) == .applied)
        let cases: [(InboxID, Change)] = [
            (.bo, .assign(.admin, to: .caro)),
            (.bo, .remove(.davon, .davon)),
            (.bo, .addMembers(inboxes: [.davon], identities: [Self.unknown])),
            (.bo, .addMembers(inboxes: [], identities: [Self.unknown])),
            (.bo, .add(.eri, .eri)),
            (.bo, .updateName(String(repeating: "n", count: 101))),
            (.bo, .updateAppData(data: String(repeating: "a", count: 8_193), expected: "stale")),
            (.bo, .updateDisappearingMessages(DisappearingMessages(fromNs: -1, inNs: -1))),
            (.caro, .updatePermission(slot: .addAdmin, policy: .allowAll)),
            (.caro, .updatePermission(slot: .updateName, policy: .any([]))),
        ]
        for (actor, change) in cases {
            let outcome = group.commit(actor, .updateDescription("fine"), change)
            #expect(outcome.code == "permissionDenied", "\(change) by \(actor)")
            #expect(outcome.changeIndex == 1)
        }
    }

    @Test func argumentValuesComeBeforeSubjects() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try #require(group.commit(.alix, .addSuperAdmin(.caro)) == .applied)
        let cases: [(Change, String)] = [
            (.assign(.admin, to: .eri), "invalidRole"),
            (.assign(.superAdmin, to: .caro), "invalidRole"),
            (.remove(.eri, .eri), "duplicateInbox"),
            (.remove(.caro, .bo, .caro), "duplicateInbox"),
            (.assign(.moderator, to: .eri, .eri), "duplicateInbox"),
            (.add(.bo, .bo), "duplicateInbox"),
            (.addMembers(inboxes: [.bo], identities: [Self.unknown]), "identityNotFound"),
            (.updateAppData(data: String(repeating: "a", count: 8_193), expected: "stale"), "tooLong"),
        ]
        for (change, code) in cases {
            let outcome = group.commit(.alix, .updateName("ok"), change)
            #expect(outcome.code == code, "\(change)")
            #expect(outcome.changeIndex == 1)
        }
    }

    @Test func subjectsAreJudgedInArgumentOrder() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon]))
        try #require(group.commit(.alix, .addSuperAdmin(.bo), .addAdmin(.caro)) == .applied)

        let missingFirst = group.commit(.alix, .remove(.eri, .bo))
        #expect(missingFirst.rejection?.reason == .memberNotFound(.eri))
        let superAdminFirst = group.commit(.alix, .remove(.bo, .eri))
        #expect(superAdminFirst.rejection?.reason == .superAdminCannotBeRemoved(.bo))

        #expect(group.commit(.alix, .add(.eri, .caro, .davon)).rejection?.reason == .alreadyMember(.caro))
        #expect(group.commit(.alix, .add(.eri, .fen, .davon)).rejection?.reason == .alreadyMember(.davon))

        // Seniority is judged with the subject, in its turn.
        #expect(group.commit(.alix, .assign(.member, to: .eri, .caro)).rejection?.reason == .memberNotFound(.eri))
        #expect(group.commit(.alix, .assign(.member, to: .caro, .eri)).code == "permissionDenied")
        #expect(group.commit(.alix, .assign(.member, to: .davon, .eri)).rejection?.reason == .memberNotFound(.eri))
    }

    @Test func leavingFollowsItsOwnOrder() throws {
        // notAMember first, even where the group's rule or the DM would refuse.
        var request = TestGroup(.alix, CreateConversation(members: [.bo]))
        #expect(request.commit(.caro, .leave).code == "notAMember")
        #expect(request.commit(.caro, .requestRemoval).code == "notAMember")
        var dm = TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo]))
        #expect(dm.commit(.caro, .requestRemoval).code == "notAMember")

        // onlyMemberCannotLeave before superAdminCannotLeave and wrongLeaveRule.
        var alone = TestGroup(.alix, CreateConversation())
        #expect(alone.commit(.alix, .requestRemoval).code == "onlyMemberCannotLeave")
        #expect(alone.commit(.alix, .leave).code == "onlyMemberCannotLeave")

        // dmCannotLeave before wrongLeaveRule (a DM's rule is request).
        #expect(dm.commit(.bo, .leave).code == "dmCannotLeave")
        #expect(dm.commit(.bo, .requestRemoval).code == "dmCannotLeave")

        // superAdminCannotLeave before wrongLeaveRule.
        #expect(request.commit(.alix, .leave).code == "superAdminCannotLeave")
        var direct = TestGroup(.alix, CreateConversation(members: [.bo], leaveRule: .direct))
        #expect(direct.commit(.alix, .requestRemoval).code == "superAdminCannotLeave")

        // wrongLeaveRule, then alreadyPendingRemoval; leave by a pending member is notActive.
        #expect(request.commit(.bo, .leave).code == "wrongLeaveRule")
        #expect(direct.commit(.bo, .requestRemoval).code == "wrongLeaveRule")
        try #require(request.commit(.bo, .requestRemoval) == .applied)
        #expect(request.commit(.bo, .requestRemoval).code == "alreadyPendingRemoval")
        #expect(request.commit(.bo, .leave).code == "notActive")

        // An observer may leave: leaving needs no policy.
        try #require(direct.commit(.alix, .assign(.observer, to: .bo)) == .applied)
        #expect(direct.commit(.bo, .leave) == .applied)
        let leftAt = try #require(direct.commits.last).time
        #expect(direct.state?.member(.bo)?.state == .former(Departure(.left, at: leftAt)))
    }

    @Test func authorityComesFromTheStateBeforeTheCommit() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon]))
        try #require(group.commit(.alix, .assign(.moderator, to: .bo), .updatePermission(slot: .addAdmin, policy: .moderatorOnly)) == .applied)

        // A moderator who makes itself admin cannot use the new role in the same commit.
        let selfPromotion = group.commit(.bo, .addAdmin(.bo), .updateDisappearingMessages(nil))
        #expect(selfPromotion.code == "permissionDenied")
        #expect(selfPromotion.changeIndex == 1)
        #expect(group.state?.isAdmin(.bo) == false)

        // A policy changed in a commit governs only later commits...
        let loosened = group.commit(.alix, .updatePermission(slot: .updateName, policy: .denyAll), .updateName("still allowed"))
        #expect(loosened == .applied)
        #expect(group.state?.metadata.name == "still allowed")
        let reopened = group.commit(.alix, .updatePermission(slot: .updateName, policy: .allowAll), .updateName("not yet"))
        #expect(reopened.code == "permissionDenied")
        #expect(reopened.changeIndex == 1)

        // ...and a super admin who hands over ownership keeps its authority to the commit's end.
        let handover = group.commit(.alix, .transferOwnership(.caro), .addAdmin(.davon), .updatePermission(slot: .updateName, policy: .allowAll))
        #expect(handover == .applied)
        #expect(group.state?.isSuperAdmin(.caro) == true)
        #expect(group.state?.member(.alix)?.role == .member)
        #expect(group.state?.isAdmin(.davon) == true)
        #expect(group.commit(.alix, .addAdmin(.bo)).code == "permissionDenied")

        // Seniority uses the actor's role before the commit.
        let demoted = group.commit(.caro, .removeSuperAdmin(.caro), .assign(.moderator, to: .alix))
        #expect(demoted.code == "lastSuperAdmin")
        try #require(group.commit(.caro, .addSuperAdmin(.alix)) == .applied)
        #expect(group.commit(.caro, .removeSuperAdmin(.caro), .assign(.moderator, to: .bo)) == .applied)
    }

    @Test func subjectsComeFromTheRunningState() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        #expect(group.commit(.alix, .add(.davon), .addAdmin(.davon)) == .applied)
        #expect(group.state?.isAdmin(.davon) == true)

        let removedThenPromoted = group.commit(.alix, .remove(.caro), .addAdmin(.caro))
        #expect(removedThenPromoted.rejection?.reason == .memberNotFound(.caro))
        #expect(removedThenPromoted.changeIndex == 1)

        let twice = group.commit(.alix, .addAdmin(.bo), .addAdmin(.bo))
        #expect(twice.code == "alreadyHasRole")
        #expect(twice.changeIndex == 1)

        // Seniority compares with the subject's role as earlier changes left it.
        let promotedThenDemoted = group.commit(.alix, .addAdmin(.bo), .assign(.member, to: .bo))
        #expect(promotedThenDemoted.code == "permissionDenied")
        #expect(promotedThenDemoted.changeIndex == 1)

        #expect(group.commit(.alix, .remove(.caro), .add(.caro)) == .applied)
        #expect(group.commit(.alix, .updateAppData(data: "one", expected: nil), .updateAppData(data: "two", expected: "one")) == .applied)
        #expect(group.state?.metadata.appData == "two")
        let stale = group.commit(.alix, .updateAppData(data: "three", expected: "two"), .updateAppData(data: "four", expected: "two"))
        #expect(stale.code == "appDataSuperseded")
        #expect(stale.changeIndex == 1)

        // The member limit counts the members earlier changes added.
        var small = TestGroup(.alix, CreateConversation(members: [.bo], memberLimit: 3))
        #expect(small.commit(.alix, .remove(.bo), .add(.caro, .davon)) == .applied)
        #expect(small.state?.memberCount == 3)
    }

    @Test func theLastSuperAdminIsCountedWithinACommit() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try #require(group.commit(.alix, .addSuperAdmin(.bo)) == .applied)
        let both = group.commit(.alix, .removeSuperAdmin(.bo), .removeSuperAdmin(.alix))
        #expect(both.rejection?.reason == .lastSuperAdmin(.alix))
        #expect(both.changeIndex == 1)
        // A super admin added earlier in the commit counts too.
        #expect(group.commit(.alix, .addSuperAdmin(.caro), .removeSuperAdmin(.bo), .removeSuperAdmin(.alix)) == .applied)
        #expect(group.state?.listSuperAdmins() == [.caro])
        // Handing over ownership keeps the count.
        let handover = group.commit(.caro, .transferOwnership(.bo), .removeSuperAdmin(.bo))
        #expect(handover.rejection?.reason == .lastSuperAdmin(.bo))
        #expect(handover.changeIndex == 1)
    }

    @Test func textAtItsLimitIsAccepted() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo], name: String(repeating: "n", count: 100)))
        try #require(group.lastOutcome == .applied)
        #expect(group.commit(.bo, .updateName(String(repeating: "é", count: 50)), .updateDescription(String(repeating: "d", count: 1_000)),
                             .updateImageURL(String(repeating: "u", count: 2_048)), .updateAppData(data: String(repeating: "a", count: 8_192), expected: "")) == .applied)
        let state = try #require(group.state)
        #expect(state.metadata.name.utf8.count == 100)
        #expect(state.metadata.appData.count == 8_192)
        let over = group.commit(.bo, .updateAppData(data: String(repeating: "a", count: 8_192) + "a", expected: nil))
        #expect(over.rejection?.reason == .tooLong(field: "appData", bytes: 8_193, limit: 8_192))
    }

    @Test func disappearingMessagesTurnOnAndOff() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        #expect(group.state?.metadata.disappearingMessages == nil)
        let setting = DisappearingMessages(fromNs: 1_000, inNs: 86_400_000_000_000)
        try #require(group.commit(.alix, .updateDisappearingMessages(setting)) == .applied)
        #expect(group.state?.metadata.disappearingMessages == setting)
        #expect(group.commit(.bo, .updateDisappearingMessages(nil)).code == "permissionDenied")
        try #require(group.commit(.alix, .updateDisappearingMessages(nil)) == .applied)
        #expect(group.state?.metadata.disappearingMessages == nil)
    }

    static let dmForbiddenChanges: [Change] = [
        .add(.caro), .remove(.bo), .addAdmin(.bo), .removeAdmin(.bo), .addSuperAdmin(.bo), .removeSuperAdmin(.alix),
        .assign(.moderator, to: .bo), .transferOwnership(.bo), .updatePermission(slot: .updateName, policy: .adminOnly),
    ]

    @Test(arguments: dmForbiddenChanges)
    func aDMForbidsMembershipRoleAndPermissionChanges(_ change: Change) throws {
        var dm = TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo]))
        for actor in [InboxID.alix, .bo] {
            let outcome = dm.commit(actor, .updateName("fine"), change)
            #expect(outcome.code == "dmForbidden")
            #expect(outcome.changeIndex == 1)
        }
    }

    @Test func createIsOnlyForCommitZero() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        try #require(group.lastOutcome == .applied)
        let again = group.commit(.alix, .create(CreateConversation(members: [.caro])))
        #expect(again.code == "invalidCommit")
        #expect(again.changeIndex == nil)

        // The whole-commit check comes before timeWentBackwards and before the actor check.
        let early = group.commit(.eri, [.create(CreateConversation())], at: 1)
        #expect(early.code == "invalidCommit")
        #expect(early.changeIndex == nil)

        var headless = TestGroup()
        let notCreate = headless.commit(.alix, .add(.bo))
        #expect(notCreate.code == "invalidCommit")
        #expect(headless.state == nil)
    }

    @Test func timeMustNotGoBackwards() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]), builder: LogBuilder(start: 10_000))
        #expect(group.commit(.alix, [.updateName("same time")], at: 10_000) == .applied)
        let back = group.commit(.alix, [.updateName("earlier")], at: 9_999)
        #expect(back.rejection?.reason == .timeWentBackwards(time: 9_999, lastApplied: 10_000))
        #expect(back.changeIndex == nil)

        // timeWentBackwards comes before every change's checks.
        #expect(group.commit(.eri, [.updateName("x")], at: 5_000).code == "timeWentBackwards")
        #expect(group.commit(.alix, [.add(.bo)], at: 5_000).code == "timeWentBackwards")

        // A rejected commit does not move the clock: later commits are judged as if it were absent.
        #expect(group.commit(.bo, [.addSuperAdmin(.bo)], at: 50_000).code == "permissionDenied")
        #expect(group.commit(.alix, [.updateName("later")], at: 20_000) == .applied)
        #expect(group.state?.lastAppliedTime == 20_000)
    }

    @Test func aRejectedCommitZeroLeavesNoGroup() throws {
        var log = TestGroup()
        let zero = log.commit(.alix, .create(CreateConversation(members: [.bo, .bo])))
        #expect(zero.rejection?.reason == .duplicateInbox(.bo))
        #expect(zero.changeIndex == 0)
        let laterCommits: [(Change, Milliseconds?)] = [(.updateName("x"), nil), (.create(CreateConversation(members: [.bo])), nil), (.add(.caro), 1)]
        for (change, time) in laterCommits {
            // groupNotFound comes before every other check, timeWentBackwards included.
            let later = log.commit(.alix, [change], at: time)
            #expect(later.rejection?.reason == .groupNotFound)
            #expect(later.changeIndex == nil)
        }
        #expect(log.state == nil)
    }

    @Test func aRejectedCommitChangesNothing() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try #require(group.commit(.alix, .updateAppData(data: "kept", expected: nil)) == .applied)
        let before = try #require(group.state)
        let outcome = group.commit(.alix, [
            .add(.davon, .eri), .addAdmin(.bo), .remove(.caro), .updateName("new"), .updatePermission(slot: .updateName, policy: .denyAll),
            .updateDisappearingMessages(DisappearingMessages(fromNs: 1, inNs: 1)), .updateAppData(data: "x", expected: "stale"),
        ])
        #expect(outcome.code == "appDataSuperseded")
        #expect(outcome.changeIndex == 6)
        #expect(group.state == before)

        // The same through the state's own API: apply throws and leaves it, applying leaves it too.
        var state = before
        let commit = Commit(groupID: .test, sequence: 9, actor: .bo, time: 999_999, changes: [.updateName("fine"), .addSuperAdmin(.bo)])
        #expect(throws: CommitRejection(changeIndex: 1, reason: .permissionDenied(PermissionDenial(actor: .bo, actorRole: .member, rule: .superAdminRequired)))) {
            try state.apply(commit)
        }
        #expect(state == before)
        #expect(throws: CommitRejection.self) { try before.applying(commit) }
        #expect(before.metadata.name == "")
    }

    // MARK: Authority for changes that change nothing

    @Test(arguments: [Role.observer, .member])
    func changesWithNoSubjectsStillNeedAuthority(role: Role) throws {
        // SPEC section 4: "A change that 'changes nothing and is no error' still passes its
        // authority check first." removeMember and setRole are adminOnly by default, addMember
        // is adminOnly in this preset.
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], policySet: .adminOnly))
        try #require(group.commit(.alix, .assign(role, to: .bo)) == .applied)
        for change in [Change.addMembers(inboxes: [], identities: []), .removeMembers(inboxes: [], withMessages: false), .setRole(inboxes: [], role: .member)] {
            let outcome = group.commit(.bo, change)
            #expect(outcome.code == "permissionDenied", "\(change.op) with no inboxes by a \(role)")
        }
    }
}
