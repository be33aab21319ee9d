import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport
import Testing
@testable import GroupAudit

/// What-if replays: flips both ways, the final differences, pins that hold, and the same report
/// from a store group and a fixture.
struct WhatIfTests {
    /// Folds `commits` under `overrides`, collecting the flips.
    static func replay(_ commits: [Commit], _ overrides: PolicyOverrides) -> (flips: [OutcomeFlip], replay: WhatIfReplay) {
        var replay = WhatIfReplay(overrides: overrides)
        let flips = commits.compactMap { replay.fold($0) }
        return (flips, replay)
    }

    static func denied(_ actor: InboxID, _ role: Role, _ slot: PolicySlot, _ policy: Policy) -> CommitOutcome {
        .rejected(CommitRejection(changeIndex: 0, reason: .permissionDenied(PermissionDenial(actor: actor, actorRole: role, rule: .policy(slot, policy)))))
    }

    @Test func looseningAPolicyMakesARejectedCommitApply() throws {
        var log = LogBuilder()
        let commits = [
            log.commit(.alix, .create(CreateConversation(members: [.bo, .caro]))),
            log.commit(.bo, .remove(.caro)),
            log.commit(.alix, .updateName("Team")),
        ]
        let (flips, replay) = Self.replay(commits, PolicyOverrides(slots: [.removeMember: .allowAll]))
        #expect(flips == [OutcomeFlip(commit: commits[1], actual: Self.denied(.bo, .member, .removeMember, .adminOnly), whatIf: .applied)])
        #expect(flips.first?.direction == .nowApplied)
        #expect(replay.commitCount == 3 && replay.flipCount == 1)
        let diff = replay.finalDifferences
        #expect(diff.policies == [StateDiff.PolicyChange(slot: .removeMember, before: .adminOnly, after: .allowAll)])
        #expect(diff.members.map(\.inbox) == [.caro])
        #expect(diff.members.first?.kind == .departed)
        #expect(diff.members.first?.after?.state == .former(Departure(.removed, at: commits[1].time)))
    }

    @Test func tighteningAPolicyMakesLaterCommitsFail() throws {
        var log = LogBuilder()
        let commits = [
            log.commit(.alix, .create(CreateConversation(members: [.bo]))),
            log.commit(.bo, .add(.caro)),
            log.commit(.alix, .addAdmin(.caro)),
            log.commit(.caro, .updateName("Caro's")),
            log.commit(.bo, .updateDescription("unaffected")),
        ]
        let (flips, replay) = Self.replay(commits, PolicyOverrides(slots: [.addMember: .adminOnly]))
        #expect(flips.map(\.commit.sequence) == [1, 2, 3])
        #expect(flips.map(\.direction) == [.nowRejected, .nowRejected, .nowRejected])
        #expect(flips[0].whatIf == Self.denied(.bo, .member, .addMember, .adminOnly))
        #expect(flips[1].whatIf.code == "memberNotFound")
        #expect(flips[2].whatIf.code == "notAMember")
        let diff = replay.finalDifferences
        #expect(diff.members.map(\.inbox) == [.caro])
        #expect(diff.members.first?.before?.role == .admin && diff.members.first?.after == nil)
        #expect(diff.properties.contains(PropertyChange(property: .name, before: .text("Caro's"), after: .text(""))))
        #expect(!diff.properties.contains { $0.property == .description }, "commit 4 applied both ways")
    }

    @Test func aRejectionWithAnotherReasonIsAFlip() throws {
        var log = LogBuilder()
        let commits = [log.commit(.alix, .create(CreateConversation(members: [.bo, .caro]))), log.commit(.bo, .addAdmin(.caro))]
        let (flips, _) = Self.replay(commits, PolicyOverrides(slots: [.addAdmin: .adminOnly]))
        #expect(flips.count == 1 && flips.first?.direction == .rejectedDifferently)
        #expect(flips.first?.actual == Self.denied(.bo, .member, .addAdmin, .superAdminOnly))
        #expect(flips.first?.whatIf == Self.denied(.bo, .member, .addAdmin, .adminOnly))
    }

    @Test func thePinIsRestoredAfterACommitChangesItsSlot() throws {
        var log = LogBuilder()
        let commits = [
            log.commit(.alix, .create(CreateConversation(members: [.bo]))),
            // Judged as usual: a member may not change a policy, pinned or not.
            log.commit(.bo, .updatePermission(slot: .updateName, policy: .adminOnly)),
            log.commit(.alix, .updatePermission(slot: .updateName, policy: .denyAll)),
            log.commit(.bo, .updateName("renamed")),
        ]
        let overrides = PolicyOverrides(slots: [.updateName: .allowAll])
        let (flips, replay) = Self.replay(commits, overrides)
        #expect(flips.map(\.commit.sequence) == [3])
        #expect(flips.first?.actual == Self.denied(.bo, .member, .updateName, .denyAll))
        #expect(flips.first?.whatIf == .applied)
        #expect(replay.whatIf.state?.policies[.updateName] == .allowAll)
        #expect(replay.actual.state?.policies[.updateName] == .denyAll)
        #expect(replay.finalDifferences.policies == [StateDiff.PolicyChange(slot: .updateName, before: .denyAll, after: .allowAll)])

        // The commit that changed the slot applied in the what-if too: only its effect is undone.
        var pinned = Replica()
        for commit in commits.prefix(3) { pinned.fold(commit, pinning: overrides) }
        #expect(pinned.state?.lastAppliedSequence == 2)
        #expect(pinned.state?.policies[.updateName] == .allowAll)
    }

    @Test func aFieldPinHoldsAndReachesAFieldRegisteredLater() throws {
        let mood = FieldDescriptor(id: ComponentID(0xC010), name: "MOOD", type: .string, insert: .adminOnly, update: .adminOnly, delete: .adminOnly)
        var log = LogBuilder()
        let commits = [
            log.commit(.alix, .create(CreateConversation(members: [.bo]))),
            log.commit(.alix, .updateMetadataField(field: .name("ANNOUNCEMENT"), mutation: .replace(.string("hello")))),
            log.commit(.bo, .updateMetadataField(field: .name("ANNOUNCEMENT"), mutation: .replace(.string("bo was here")))),
            log.commit(.alix, .registerFields([.descriptor(mood)])),
            log.commit(.bo, .updateMetadataField(field: .name("MOOD"), mutation: .replace(.string("happy")))),
        ]
        let overrides = PolicyOverrides(fields: [
            PolicyOverrides.FieldPolicy(field: "ANNOUNCEMENT", operation: .update): .allowAll,
            PolicyOverrides.FieldPolicy(field: "MOOD", operation: .insert): .allowAll,
        ])
        let (flips, replay) = Self.replay(commits, overrides)
        #expect(flips.map(\.commit.sequence) == [2, 4])
        #expect(flips.allSatisfy { $0.direction == .nowApplied && $0.actual.code == "permissionDenied" })
        let diff = replay.finalDifferences
        #expect(diff.fieldValues.map(\.label) == ["ANNOUNCEMENT", "MOOD"])
        #expect(diff.fieldDescriptors.map(\.field) == [ComponentID(0x8102), ComponentID(0xC010)])
        #expect(replay.whatIf.state?.metadataField(name: "ANNOUNCEMENT")?.insert == .adminOnly, "only the pinned operation changes")
    }

    /// A field pin wins over a later `updateFieldPolicy` of the same operation, as a slot pin
    /// wins over `updatePermission`: the change is judged and applies as usual, then the pin is
    /// put back; the operations not pinned take the change.
    @Test func aFieldPinHoldsOverALaterFieldPolicyChange() throws {
        var log = LogBuilder()
        let announce = { (text: String) in Change.updateMetadataField(field: .name("ANNOUNCEMENT"), mutation: .replace(.string(text))) }
        let commits = [
            log.commit(.alix, .create(CreateConversation(members: [.bo]))),
            log.commit(.alix, .updateFieldPolicy(field: .name("ANNOUNCEMENT"), operation: .insert, policy: .allowAll)),
            log.commit(.alix, .updateFieldPolicy(field: .name("ANNOUNCEMENT"), operation: .update, policy: .allowAll)),
            log.commit(.bo, announce("bo was here")),
            log.commit(.bo, announce("bo again")),
        ]
        let overrides = PolicyOverrides(fields: [PolicyOverrides.FieldPolicy(field: "ANNOUNCEMENT", operation: .insert): .adminOnly])
        let (flips, replay) = Self.replay(commits, overrides)
        // The policy changes apply both ways; bo's first write (an insert) is refused under the
        // pin, so its second is an insert too, and refused as well.
        #expect(flips.map(\.commit.sequence) == [3, 4])
        #expect(flips.allSatisfy { $0.direction == .nowRejected && $0.whatIf.code == "permissionDenied" })
        let pinned = try #require(replay.whatIf.state?.metadataField(name: "ANNOUNCEMENT"))
        #expect(pinned.insert == .adminOnly, "the pin holds after the change of its operation")
        #expect(pinned.update == .allowAll, "an operation not pinned takes the change")
        #expect(replay.actual.state?.metadataField(name: "ANNOUNCEMENT")?.insert == .allowAll)
        let diff = replay.finalDifferences
        #expect(diff.fieldDescriptors.map(\.field) == [ComponentID(0x8102)])
        #expect(diff.fieldValues.map(\.label) == ["ANNOUNCEMENT"])
    }

    @Test func slotPinsLeaveADMAlone() throws {
        var log = LogBuilder()
        let commits = [log.commit(.alix, .create(CreateConversation(kind: .dm, members: [.bo]))), log.commit(.bo, .updateName("ours"))]
        let (flips, replay) = Self.replay(commits, PolicyOverrides(slots: [.updateName: .denyAll]))
        #expect(flips.isEmpty)
        #expect(replay.finalDifferences.isEmpty)
    }

    /// Pinning the slots no commit changes to the policies they start with changes nothing: no
    /// flip, no difference, over random logs.
    @Test(arguments: [UInt64(11), 12, 13])
    func pinningUntouchedSlotsToTheirOwnPoliciesChangesNothing(seed: UInt64) throws {
        var settings = RandomLog(seed: seed, inboxCount: 6)
        settings.lifecycle = true
        let commits = settings.commits(count: 300)
        var first = Replica()
        first.fold(commits[0])
        let initial = try #require(first.state, "seed \(seed): commit 0 applies")
        let touched = Set(commits.flatMap { commit in
            commit.changes.compactMap { change -> PolicySlot? in
                if case let .updatePermission(slot, _) = change { return slot }
                return nil
            }
        })
        let untouched = PolicySlot.allCases.filter { !touched.contains($0) }
        try #require(!untouched.isEmpty, "seed \(seed)")
        let overrides = PolicyOverrides(slots: Dictionary(uniqueKeysWithValues: untouched.map { ($0, initial.policies[$0]) }))
        let (flips, replay) = Self.replay(commits, overrides)
        #expect(flips.isEmpty, "seed \(seed)")
        #expect(replay.finalDifferences.isEmpty, "seed \(seed)")
        #expect(replay.commitCount == 300)
    }

    @Test func aStoreGroupAndItsFixtureGiveTheSameReport() throws {
        let overrides = PolicyOverrides(slots: [.addMember: .superAdminOnly])
        let fromFixture = try WhatIf.run(try LogSource(fixture: smallFixture(), groupID: .test, name: "small.json"), overrides: overrides) { _ in }
        var storeFlips: [OutcomeFlip] = []
        let fromStore = try withAuditStore { store in
            try importSmallLog(into: store)
            return try WhatIf.run(try LogSource(store: store, group: .test), overrides: overrides) { storeFlips.append($0) }
        }
        #expect(storeFlips.map(\.commit.sequence) == [3])
        #expect(storeFlips.first?.whatIf == Self.denied(.bo, .admin, .addMember, .superAdminOnly))
        #expect(fromStore.commitCount == 4 && fromStore.flips.total == 1 && fromStore.flips.nowRejected == 1)
        #expect(fromStore.differences == fromFixture.differences)
        #expect(fromStore.flips == fromFixture.flips)
        #expect(fromStore.differences.members.map(\.inbox) == [.caro])
    }

    @Test func aFieldTheLogNeverRegistersIsRefusedNamingTheKnownOnes() throws {
        let overrides = PolicyOverrides(fields: [PolicyOverrides.FieldPolicy(field: "NOPE", operation: .update): .allowAll])
        let source = try LogSource(fixture: smallFixture(), groupID: .test, name: "small.json")
        #expect {
            try WhatIf.run(source, overrides: overrides) { _ in }
        } throws: { error in
            let message = (error as? PolicyOverrideError)?.message ?? ""
            return message.contains("unknown field \"NOPE\"") && message.contains("ANNOUNCEMENT") && message.contains("USER_DISPLAY_NAME")
        }
    }

    @Test func aWhatIfWritesNothingToTheStore() throws {
        try withAuditStore { store in
            try importSmallLog(into: store)
            let head = try store.headSequence(of: .test)
            let hash = try store.state(of: .test).state.map(StateCodec.hash)
            _ = try WhatIf.run(try LogSource(store: store, group: .test), overrides: PolicyOverrides(slots: [.addMember: .denyAll])) { _ in }
            #expect(try store.headSequence(of: .test) == head)
            #expect(try store.state(of: .test).state.map(StateCodec.hash) == hash)
        }
    }
}

extension WhatIfTests {
    /// Pins that change less than they seem to are said: slot pins in a DM, and an image URL pin
    /// that GROUP_IMAGE, registered with the create's policy, does not follow.
    @Test func pinsThatChangeLessThanTheySeemAreNoted() throws {
        func finalState(_ kind: ConversationKind) throws -> GroupState? {
            let fixture = Fixture(name: "kind", commits: [
                FixtureCommit(actor: .alix, time: 1, changes: [.create(CreateConversation(kind: kind, members: [.bo]))]),
            ])
            return try LogSource(fixture: fixture, groupID: .test, name: "kind.json").state(after: 0)
        }
        let dm = try finalState(.dm), group = try finalState(.group)
        let image = PolicyOverrides(slots: [.updateImageURL: .adminOnly])
        #expect(WhatIf.notes(on: image, for: dm) == ["a DM has no policy set: the slot pins change nothing (field pins still apply)"])
        #expect(WhatIf.notes(on: image, for: group)
            == ["GROUP_IMAGE keeps the policies it was registered with; pin them with --field-policy GROUP_IMAGE.OPERATION=POLICY"])
        let both = PolicyOverrides(slots: [.updateImageURL: .adminOnly],
                                   fields: [PolicyOverrides.FieldPolicy(field: "GROUP_IMAGE", operation: .update): .adminOnly])
        #expect(WhatIf.notes(on: both, for: group).isEmpty)
        #expect(WhatIf.notes(on: PolicyOverrides(slots: [.updateName: .adminOnly]), for: group).isEmpty)
    }
}
