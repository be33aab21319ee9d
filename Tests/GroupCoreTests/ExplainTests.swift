@testable import GroupCore
import GroupTestSupport
import Testing

/// `explain`: the full reasoning for one commit, whose outcome is always the fold's.
struct ExplainTests {
    /// Explains the next commit of `group` without folding it, and requires the explanation's
    /// outcome and events to be what folding the commit gives.
    static func explain(
        _ group: TestGroup, _ actor: InboxID, _ changes: [Change], at time: Milliseconds? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> CommitExplanation {
        var builder = group.builder
        let commit = builder.commit(actor, changes, at: time)
        let explanation = group.replica.explain(commit)
        var folded = group.replica
        let outcome = folded.fold(commit)
        #expect(explanation.commitOutcome == outcome, sourceLocation: sourceLocation)
        #expect(explanation.events == folded.lastEvents, sourceLocation: sourceLocation)
        #expect(explanation.commit == commit, sourceLocation: sourceLocation)
        return explanation
    }

    static func explain(
        _ group: TestGroup, _ actor: InboxID, _ changes: Change..., at time: Milliseconds? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> CommitExplanation {
        explain(group, actor, changes, at: time, sourceLocation: sourceLocation)
    }

    static func apply(_ group: inout TestGroup, _ actor: InboxID, _ changes: Change..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = group.commit(actor, changes)
        try #require(outcome == .applied, "\(changes.map(\.op)): \(outcome)", sourceLocation: sourceLocation)
    }

    /// The nine XMTP slots, with `addMember` as given.
    static func custom(addMember: Policy) -> PolicySetChoice {
        .custom([.addMember: addMember, .removeMember: .adminOnly, .addAdmin: .superAdminOnly, .removeAdmin: .superAdminOnly,
                 .updateName: .allowAll, .updateDescription: .allowAll, .updateImageURL: .allowAll, .updateAppData: .allowAll,
                 .updateDisappearingMessages: .adminOnly])
    }

    // MARK: Policies

    @Test func aSlotPolicyDenialShowsEveryBranchOfAnyAndAll() throws {
        let policy = Policy.any([.adminOnly, .all([.selfOnly, .formerMember])])
        let group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], policySet: Self.custom(addMember: policy)))
        let explanation = Self.explain(group, .bo, .add(.davon))
        #expect(explanation.actor == InboxFacts(.bo, record: group.state?.member(.bo)))
        #expect(explanation.actor.description == "bo (member, active)")
        let change = try #require(explanation.changes.first)
        #expect(change.inboxes.map(\.description) == ["davon (not a member)"])
        #expect(change.checks.map(\.rule) == [.actingMember, .slotPolicy(.addMember)])
        let check = change.checks[1]
        #expect(!check.passed)
        #expect(check.subject == InboxFacts(.davon, record: nil))
        let evaluation = try #require(check.evaluation)
        #expect(evaluation.policy == policy && !evaluation.passed)
        #expect(evaluation.reason == "0 of 2 branches pass, any needs at least one")
        #expect(evaluation.branches.map(\.passed) == [false, false])
        #expect(evaluation.branches[0].reason == "bo is member, adminOnly needs admin or above")
        let all = evaluation.branches[1]
        #expect(all.reason == "1 of 2 branches pass, all needs every one")
        #expect(all.branches.map(\.policy) == [.selfOnly, .formerMember])
        #expect(all.branches.map(\.passed) == [false, true])
        #expect(all.branches[0].reason == "the subject davon is not the actor bo")
        #expect(all.branches[1].reason == "the subject davon is not a current member")
        let denial = Rejection.permissionDenied(PermissionDenial(actor: .bo, actorRole: .member, rule: .policy(.addMember, policy)))
        #expect(change.result == .rejected(denial))
        #expect(explanation.outcome == .rejected(CommitRejection(changeIndex: 0, reason: denial)))

        // A passing any still judges the branches permits never reaches.
        let admitted = Self.explain(group, .alix, .add(.davon))
        let passing = try #require(admitted.changes.first?.checks.last?.evaluation)
        #expect(passing.passed && passing.branches.map(\.passed) == [true, false])
        #expect(passing.branches[1].branches.count == 2)
        #expect(admitted.outcome == .applied(events: [.memberAdded(.davon, by: .alix)]))
    }

    @Test func aFieldPolicyDenialNamesTheFieldTheOperationAndTheEntrysAuthor() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], fields: TestFields.all))
        try Self.apply(&group, .caro, .updateMetadataField(field: .name("TAGS"), mutation: .setDelta(.insert, key: .string("red"))))
        let explanation = Self.explain(group, .bo, .updateMetadataField(field: .name("TAGS"), mutation: .setDelta(.delete, key: .string("red"))))
        let change = try #require(explanation.changes.first)
        let check = try #require(change.checks.last)
        #expect(check.rule == .fieldPolicy(field: "TAGS", operation: .delete))
        #expect(check.entryAuthor == .caro)
        #expect(check.subject == nil)
        #expect(!check.passed)
        let evaluation = try #require(check.evaluation)
        #expect(evaluation.policy == .any([.author, .adminOnly]))
        #expect(evaluation.branches.map(\.reason) == ["the entry's author is caro, not bo", "bo is member, adminOnly needs admin or above"])
        #expect(change.result == .rejected(.permissionDenied(PermissionDenial(
            actor: .bo, actorRole: .member, rule: .fieldPolicy(field: "TAGS", operation: .delete, policy: .any([.author, .adminOnly]))))))

        // The author passes the same check.
        let byAuthor = Self.explain(group, .caro, .updateMetadataField(field: .name("TAGS"), mutation: .setDelta(.delete, key: .string("red"))))
        #expect(byAuthor.changes.first?.checks.last?.evaluation?.branches.map(\.passed) == [true, false])
        #expect(byAuthor.changes.first?.result == .passed)

        // A user field's entry: the inbox that keys it is the subject, and is among the change's inboxes.
        let status = Self.explain(group, .bo, .updateMetadataField(field: .name("STATUS"), mutation: .mapDelta(.insert, key: .string("caro"), value: .string("away"))))
        let statusChange = try #require(status.changes.first)
        #expect(statusChange.inboxes.map(\.inbox) == [.caro])
        #expect(statusChange.checks.last?.subject?.inbox == .caro)
        #expect(statusChange.checks.last?.evaluation?.reason == "the subject caro is not the actor bo")
    }

    @Test func aFieldPolicyChangeShowsTheRegisteredFieldAndItsPolicyThenTheSuperAdminCheck() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        try Self.apply(&group, .alix, .addAdmin(.bo))
        let change = Change.updateFieldPolicy(field: .name("ANNOUNCEMENT"), operation: .update, policy: .allowAll)
        let granted = Self.explain(group, .alix, change)
        let checks = try #require(granted.changes.first?.checks)
        #expect(checks.map(\.rule) == [.actingMember, .fieldRegistered(field: "ANNOUNCEMENT", operation: .update), .superAdminOnly])
        #expect(checks.map(\.passed) == [true, true, true])
        #expect(checks[1].reason == "ANNOUNCEMENT (0x8102, string) is registered; its update policy before this commit is adminOnly")
        #expect(granted.outcome == .applied(events: [.fieldPolicyChanged(ComponentID(0x8102), .update, .allowAll)]))

        // An admin passes step 3 and fails step 4; named by its ID, the field is named by its label.
        let denied = Self.explain(group, .bo, .updateFieldPolicy(field: .id(ComponentID(0x8102)), operation: .delete, policy: .allowAll))
        let deniedChecks = try #require(denied.changes.first?.checks)
        #expect(deniedChecks.map(\.rule) == [.actingMember, .fieldRegistered(field: "ANNOUNCEMENT", operation: .delete), .superAdminOnly])
        #expect(deniedChecks.map(\.passed) == [true, true, false])
        #expect(denied.changes.first?.result == .rejected(.permissionDenied(PermissionDenial(actor: .bo, actorRole: .admin, rule: .superAdminRequired))))

        // An unknown field fails step 3, before the super admin check.
        let unknown = Self.explain(group, .alix, .updateFieldPolicy(field: .name("NOPE"), operation: .insert, policy: .allowAll))
        let unknownChecks = try #require(unknown.changes.first?.checks)
        #expect(unknownChecks.map(\.rule) == [.actingMember, .fieldRegistered(field: "NOPE", operation: .insert)])
        #expect(unknownChecks.last?.passed == false)
        #expect(unknownChecks.last?.reason == "no field NOPE is registered before this commit")
        #expect(unknown.changes.first?.result == .rejected(.unknownField("NOPE")))

        // A field the same commit registers is not registered yet, and the reason says so.
        let sameCommit = Self.explain(group, .alix, .registerFields([.descriptor(TestFields.tags)]),
                                      .updateFieldPolicy(field: .name("TAGS"), operation: .delete, policy: .adminOnly))
        #expect(sameCommit.changes.last?.checks.last?.reason == "TAGS is registered by this commit, and counts as registered from the next commit on")
        #expect(sameCommit.changes.last?.result == .rejected(.unknownField("TAGS")))
    }

    @Test func aSeniorityDenialNamesTheSubjectAndBothRoles() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon]))
        try Self.apply(&group, .alix, .addAdmin(.bo), .addAdmin(.caro))
        let explanation = Self.explain(group, .bo, .assign(.observer, to: .davon, .caro))
        let change = try #require(explanation.changes.first)
        // setRole is adminOnly: judged for each subject, then seniority for each in turn.
        #expect(change.checks.map(\.rule) == [
            .actingMember, .slotPolicy(.setRole), .slotPolicy(.setRole),
            .seniority(subject: .davon, subjectRole: .member, newRole: .observer),
            .seniority(subject: .caro, subjectRole: .admin, newRole: .observer),
        ])
        #expect(change.checks.map(\.passed) == [true, true, true, true, false])
        #expect(change.checks[3].reason == "davon is member, below bo's admin and below admin, and the new role observer is at most admin")
        #expect(change.checks[4].reason == "caro is admin, not below bo's admin")
        #expect(change.checks[4].subject?.description == "caro (admin, active)")
        #expect(change.result == .rejected(.permissionDenied(PermissionDenial(
            actor: .bo, actorRole: .admin, rule: .seniority(subject: .caro, subjectRole: .admin, newRole: .observer)))))

        // Moderation's seniority has no new role.
        let block = Self.explain(group, .bo, .blockForAll(inboxes: [.caro], blocked: true))
        #expect(block.changes.first?.checks.last?.rule == .seniority(subject: .caro, subjectRole: .admin, newRole: nil))
        #expect(block.changes.first?.checks.last?.passed == false)
    }

    @Test func superAdminPowersAreJudgedOnTheActorsRoleAlone() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try Self.apply(&group, .alix, .addAdmin(.bo))
        let denied = Self.explain(group, .bo, .addSuperAdmin(.caro))
        let check = try #require(denied.changes.first?.checks.last)
        #expect(check.rule == .superAdminOnly && !check.passed && check.evaluation == nil)
        #expect(check.reason == "bo is admin, and only a super admin may do this")
        #expect(denied.changes.first?.result == .rejected(.permissionDenied(PermissionDenial(actor: .bo, actorRole: .admin, rule: .superAdminRequired))))

        let granted = Self.explain(group, .alix, .addSuperAdmin(.caro))
        #expect(granted.changes.first?.checks.map(\.passed) == [true, true])
        #expect(granted.changes.first?.checks.last?.rule == .superAdminOnly)
        #expect(granted.outcome == .applied(events: [.superAdminAdded(.caro)]))
    }

    @Test func anObserverIsRefusedWhereverAPolicyAppliesButMayWriteItsOwnEntryAndLeave() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], leaveRule: .direct))
        try Self.apply(&group, .alix, .assign(.observer, to: .caro))
        let rename = Self.explain(group, .caro, .updateName("x"))
        #expect(rename.actor.description == "caro (observer, active)")
        #expect(rename.changes.first?.checks.map(\.rule) == [.actingMember, .observerReadOnly])
        #expect(rename.changes.first?.checks.last?.reason == "caro is an observer, which is read-only")
        #expect(rename.changes.first?.result == .rejected(.permissionDenied(PermissionDenial(actor: .caro, actorRole: .observer, rule: .observerReadOnly))))

        let ownName = Self.explain(group, .caro, .updateUserData([UserFieldUpdate(field: .name("USER_DISPLAY_NAME"), value: .string("Caro"))]))
        let checks = try #require(ownName.changes.first?.checks)
        #expect(checks.map(\.rule) == [.actingMember, .observerReadOnly, .fieldPolicy(field: "USER_DISPLAY_NAME", operation: .insert)])
        #expect(checks.allSatisfy { $0.passed })
        #expect(ownName.outcome.isApplied)

        let leave = Self.explain(group, .caro, .leave)
        #expect(leave.changes.first?.checks.map(\.rule) == [.actingMember, .leaving(request: false)])
        #expect(leave.changes.first?.checks.last?.passed == true)
        #expect(leave.outcome == .applied(events: [.memberLeft(.caro)]))
    }

    @Test func aJoinByANonMemberIsJudgedByTheJoinRuleNotARole() throws {
        let open = TestGroup(.alix, CreateConversation(members: [.bo], joinRule: .open))
        let joined = Self.explain(open, .davon, .join(link: nil))
        #expect(joined.actor.description == "davon (not a member)")
        let check = try #require(joined.changes.first?.checks.first)
        #expect(joined.changes.first?.checks.count == 1)
        #expect(check.rule == .join(link: nil) && check.passed)
        #expect(check.reason == "davon is not a current member nor banned; the join rule is open: it joins at once; no policy applies")
        #expect(joined.outcome == .applied(events: [.memberJoined(.davon, link: nil)]))

        let closed = TestGroup(.alix, CreateConversation(members: [.bo]))
        let refused = Self.explain(closed, .davon, .join(link: nil))
        #expect(refused.changes.first?.checks.map(\.passed) == [false])
        #expect(refused.changes.first?.result == .rejected(.joinNotAllowed(.inviteOnly)))

        // A non-member doing anything else fails the acting-member check.
        let outsider = Self.explain(closed, .davon, .updateName("x"))
        #expect(outsider.changes.first?.checks.map(\.rule) == [.actingMember])
        #expect(outsider.changes.first?.checks.first?.reason == "davon is not a current member")
        #expect(outsider.changes.first?.result == .rejected(.notAMember(.davon)))
    }

    @Test func aCommitWhoseSecondChangeFailsLeavesTheThirdNotJudged() throws {
        let group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        let explanation = Self.explain(group, .bo, .updateName("Team"), .addAdmin(.caro), .updateDescription("d"))
        #expect(explanation.changes.map(\.index) == [0, 1, 2])
        #expect(explanation.changes.map(\.result) == [
            .passed,
            .rejected(.permissionDenied(PermissionDenial(actor: .bo, actorRole: .member, rule: .policy(.addAdmin, .superAdminOnly)))),
            .notJudged,
        ])
        #expect(explanation.changes[0].checks.map(\.passed) == [true, true])
        #expect(explanation.changes[1].checks.map(\.passed) == [true, false])
        #expect(explanation.changes[1].inboxes.map(\.description) == ["caro (member, active)"])
        #expect(explanation.changes[2].checks.isEmpty)
        #expect(explanation.outcome.rejectionIndex == 1)
    }

    // MARK: Commit 0 and commits rejected as a whole

    @Test func commitZeroExplainsTheCreation() throws {
        var builder = LogBuilder()
        let create = builder.commit(.alix, .create(CreateConversation(members: [.bo, .caro])))
        let explanation = Replica().explain(create)
        #expect(explanation.actor == InboxFacts(.alix, record: nil))
        let change = try #require(explanation.changes.first)
        #expect(change.inboxes.map(\.description) == ["bo (not a member)", "caro (not a member)"])
        #expect(change.checks.map(\.rule) == [.create])
        #expect(change.result == .passed)
        var replica = Replica()
        #expect(replica.fold(create) == .applied)
        #expect(explanation.outcome == .applied(events: replica.lastEvents))
        #expect(explanation.events == [.groupCreated(creator: .alix), .memberAdded(.bo, by: .alix), .memberAdded(.caro, by: .alix)])

        // A create that lists the creator is rejected at its change.
        var again = LogBuilder()
        let duplicate = again.commit(.alix, .create(CreateConversation(members: [.alix])))
        let refused = Replica().explain(duplicate)
        #expect(refused.changes.first?.result == .rejected(.duplicateInbox(.alix)))
        #expect(refused.commitOutcome == Replica().folding(duplicate))

        // A commit 0 that is not one create is rejected as a whole.
        var malformed = LogBuilder()
        let two = malformed.commit(.alix, .create(CreateConversation()), .updateName("x"))
        let whole = Replica().explain(two)
        #expect(whole.changes.isEmpty)
        #expect(whole.commitLevelRejection?.code == "invalidCommit")
        #expect(whole.commitOutcome == Replica().folding(two))
    }

    @Test func commitLevelRejectionsHaveNoPerChangeDetail() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        try Self.apply(&group, .alix, .updateName("x"))
        let backwards = Self.explain(group, .bo, .updateName("y"), at: 10)
        #expect(backwards.changes.isEmpty)
        #expect(backwards.commitLevelRejection == .timeWentBackwards(time: 10, lastApplied: 2_000))
        #expect(backwards.actor.description == "bo (member, active)")

        let lateCreate = Self.explain(group, .alix, .create(CreateConversation()))
        #expect(lateCreate.changes.isEmpty && lateCreate.commitLevelRejection?.code == "invalidCommit")

        let empty = Self.explain(group, .alix, [])
        #expect(empty.changes.isEmpty && empty.commitLevelRejection?.code == "invalidCommit")

        try Self.apply(&group, .alix, .deleteGroup)
        let deleted = Self.explain(group, .alix, .updateName("z"))
        #expect(deleted.changes.isEmpty && deleted.commitLevelRejection == .groupDeleted)

        // A log whose commit 0 was rejected has no group: every later commit is groupNotFound.
        var noGroup = TestGroup()
        noGroup.commit(.alix, .updateName("x"))
        let notFound = Self.explain(noGroup, .alix, .updateName("y"))
        #expect(notFound.changes.isEmpty && notFound.commitLevelRejection == .groupNotFound)
        #expect(notFound.actor == InboxFacts(.alix, record: nil))

        // deleteGroup and a change after it in the same commit: that one is judged, and refused.
        var other = TestGroup(.alix, CreateConversation(members: [.bo]))
        try Self.apply(&other, .alix, .updateName("x"))
        let sameCommit = Self.explain(other, .alix, .deleteGroup, .updateName("z"))
        #expect(sameCommit.changes.map(\.result) == [.passed, .rejected(.groupDeleted)])
        #expect(sameCommit.commitLevelRejection == nil)
    }

    @Test func explainingChangesNothing() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        try Self.apply(&group, .alix, .addAdmin(.bo))
        let before = group.replica
        _ = Self.explain(group, .bo, .updateName("x"), .add(.caro))
        #expect(group.replica == before)
    }

    // MARK: Properties

    @Test func everyBranchIsJudgedAndTheVerdictIsPermits() {
        var random = SeededGenerator(seed: 0xE7A1)
        let bases: [Policy] = Policy.baseNames.map(\.1)
        func policy(depth: Int) -> Policy {
            if depth == 0 || random.chance(40) { return random.pick(bases) }
            let branches = (0..<random.int(0...3)).map { _ in policy(depth: depth - 1) }
            return random.chance(50) ? .any(branches) : .all(branches)
        }
        let inboxes: [InboxID?] = [.alix, .bo, nil]
        for _ in 0..<2_000 {
            let policy = policy(depth: 3)
            let context = PolicyContext(
                actor: .alix, actorRole: random.pick(Role.allCases), actorIsActive: random.chance(80),
                subject: random.pick(inboxes), subjectIsCurrentMember: random.chance(50), entryAuthor: random.pick(inboxes))
            let evaluation = policy.evaluate(context)
            #expect(evaluation.passed == policy.permits(context), "\(policy)")
            #expect(Self.isComplete(evaluation), "\(policy)")
        }
    }

    /// Whether every combinator's evaluation has one branch per policy, all the way down.
    static func isComplete(_ evaluation: PolicyEvaluation) -> Bool {
        switch evaluation.policy {
        case let .any(policies), let .all(policies):
            evaluation.branches.map(\.policy) == policies && evaluation.branches.allSatisfy(isComplete)
        default:
            evaluation.branches.isEmpty && !evaluation.reason.isEmpty
        }
    }

    /// Over random logs (several thousand commits, the lifecycle included): each commit's
    /// explanation, made against the state before it, has the fold's outcome and events; its
    /// changes' results agree with the outcome; and a failed check is always the last check of
    /// the rejected change, naming the rule a permission denial names.
    @Test(arguments: PropertyTests.seeds.prefix(2))
    func explanationsAgreeWithTheFold(seed: UInt64) throws {
        var explained = 0
        for log in PropertyTests.allLogs(seed: seed) {
            var replica = Replica()
            for commit in log.commits {
                let explanation = replica.explain(commit)
                let outcome = replica.fold(commit)
                explained += 1
                guard explanation.commitOutcome == outcome, explanation.events == replica.lastEvents else {
                    Issue.record("seed \(log.seed), commit \(commit.sequence): explained \(explanation.outcome), folded \(outcome) \(replica.lastEvents)")
                    return
                }
                if let problem = Self.inconsistency(in: explanation) {
                    Issue.record("seed \(log.seed), commit \(commit.sequence): \(problem)")
                    return
                }
            }
        }
        #expect(explained >= 5_000)
    }

    /// What is wrong with an explanation's changes, if anything.
    static func inconsistency(in explanation: CommitExplanation) -> String? {
        let rejection: CommitRejection? = if case let .rejected(rejection) = explanation.outcome { rejection } else { nil }
        if let rejection, rejection.changeIndex == nil {
            return explanation.changes.isEmpty ? nil : "a commit rejected as a whole explains its changes"
        }
        guard explanation.changes.count == explanation.commit.changes.count else { return "not every change is explained" }
        for change in explanation.changes {
            let failed = change.checks.filter { !$0.passed }
            switch change.result {
            case .passed:
                if !failed.isEmpty { return "change \(change.index) passed with a failed check" }
                if change.checks.isEmpty { return "change \(change.index) passed without any check" }
            case .notJudged:
                if !change.checks.isEmpty { return "change \(change.index) was not judged but has checks" }
                if change.index <= rejection?.changeIndex ?? .max { return "change \(change.index) is not after the rejected one" }
            case let .rejected(reason):
                if change.index != rejection?.changeIndex || reason != rejection?.reason { return "change \(change.index) is not the rejection" }
                if failed.count > 1 || (failed.count == 1 && change.checks.last != failed.first) {
                    return "change \(change.index): a failed check is not the last one"
                }
                if case let .permissionDenied(denial) = reason {
                    guard let last = failed.first, matches(last.rule, denial.rule) else {
                        return "change \(change.index): \(reason) without a failed check of its rule: \(change.checks.map(\.rule))"
                    }
                    if let evaluation = last.evaluation, evaluation.passed { return "a failed policy check whose evaluation passed" }
                }
                if failed.first?.rule == .actingMember {
                    switch reason {
                    case let .notAMember(inbox) where inbox == explanation.commit.actor,
                         let .notActive(inbox, _) where inbox == explanation.commit.actor:
                        break
                    default:
                        return "change \(change.index): the acting member's check failed, but the change was refused with \(reason)"
                    }
                }
                if case .fieldRegistered? = failed.first?.rule {
                    guard case .unknownField = reason else {
                        return "change \(change.index): the field registry's check failed, but the change was refused with \(reason)"
                    }
                }
            }
            for check in change.checks {
                if let evaluation = check.evaluation, evaluation.passed != check.passed || !isComplete(evaluation) {
                    return "change \(change.index): an evaluation disagrees with its check"
                }
            }
        }
        return nil
    }

    static func matches(_ rule: AuthorityCheck.Rule, _ denial: PermissionDenial.Rule) -> Bool {
        switch (rule, denial) {
        case let (.slotPolicy(slot), .policy(denied, _)): slot == denied
        case let (.fieldPolicy(field, operation), .fieldPolicy(deniedField, deniedOperation, _)):
            field == deniedField && operation == deniedOperation
        case (.superAdminOnly, .superAdminRequired), (.observerReadOnly, .observerReadOnly): true
        case let (.seniority(subject, role, newRole), .seniority(deniedSubject, deniedRole, deniedNewRole)):
            subject == deniedSubject && role == deniedRole && newRole == deniedNewRole
        default: false
        }
    }
}

extension CommitResult {
    var isApplied: Bool { if case .applied = self { true } else { false } }

    var rejectionIndex: Int? { if case let .rejected(rejection) = self { rejection.changeIndex } else { nil } }
}

extension Replica {
    /// The outcome of folding `commit` into a copy of this replica.
    func folding(_ commit: Commit) -> CommitOutcome {
        var copy = self
        return copy.fold(commit)
    }
}
