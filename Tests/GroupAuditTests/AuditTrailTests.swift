import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport
import Testing
@testable import GroupAudit

struct AuditTrailTests {
    @Test func everyCommitGetsAnEntryWithTheActorsStandingBeforeIt() throws {
        let entries = try AuditSamples.entries(of: AuditSamples.timelineSource())
        #expect(entries.map(\.sequence) == Array(0...6))
        #expect(entries.map(\.actorFacts.standing) == [
            "not a member",
            "superAdmin, active",
            "admin, active",
            "member, active",
            "superAdmin, active",
            "former member, removed",
            "not a member",
        ])
        #expect(entries[1].ops == ["addAdmin"] && entries[1].summaries == ["addAdmin bo"])
        #expect(entries[1].outcome == .applied(events: [.adminAdded(.bo)]))
        #expect(entries[5].actorFacts.stateName == "former" && entries[6].actorFacts.stateName == "notAMember")
    }

    @Test func aRejectionNamesTheRuleThePolicyAndTheActorsStandingThen() throws {
        let entries = try AuditSamples.entries(of: AuditSamples.timelineSource())
        let refused = entries[2]
        #expect(refused.outcome.rejection?.reason.code == "permissionDenied")
        #expect(refused.outcome.rejection?.changeIndex == 0)
        #expect(refused.outcome.events.isEmpty && refused.departures.isEmpty)
        #expect(refused.rejectionReason
            == "bo (admin) is not a super admin, and only a super admin may do this; bo then: admin, active")
        #expect(entries[5].rejectionReason == "davon is not a member; davon then: former member, removed")
        #expect(entries[6].rejectionReason == "eri is not a member; eri then: not a member")
        #expect(entries[1].rejectionReason == nil)
    }

    @Test func aPolicyDenialNamesItsSlotAndPolicy() throws {
        let fixture = Fixture(name: "slots", commits: [
            FixtureCommit(actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo], policySet: .adminOnly))]),
            FixtureCommit(actor: .bo, time: 2_000, changes: [.updateName("x")], expect: .rejected(code: "permissionDenied")),
        ])
        let entries = try AuditSamples.entries(of: LogSource(fixture: fixture, groupID: .test, name: "slots.json"))
        let reason = try #require(entries[1].rejectionReason)
        #expect(reason.contains("bo (member) does not pass the updateName policy"), "\(reason)")
        #expect(reason.hasSuffix("; bo then: member, active"))
    }

    @Test func removalsSayWhetherEachInboxLeftOrWasRemoved() throws {
        let entries = try AuditSamples.entries(of: AuditSamples.timelineSource())
        #expect(entries[4].departures == [MemberDeparture(inbox: .caro, reason: .left), MemberDeparture(inbox: .davon, reason: .removed)])
        #expect(entries[4].line.hasSuffix("→ applied: memberLeft caro, memberRemoved davon; departed: caro left, davon removed"))
        #expect(entries.filter { $0.departures.isEmpty }.map(\.sequence) == [0, 1, 2, 3, 5, 6])
    }

    @Test func textLinesShowTimeActorStandingChangesAndOutcome() throws {
        let entries = try AuditSamples.entries(of: AuditSamples.timelineSource())
        #expect(entries[1].line == "#1 2025-11-29T15:18:11.000Z alix (superAdmin, active) [unsigned] addAdmin bo → applied: adminAdded bo")
        #expect(entries[2].line == "#2 2025-11-29T15:18:12.000Z bo (admin, active) [unsigned] addSuperAdmin caro → rejected "
            + "permissionDenied at change 0: bo (admin) is not a super admin, and only a super admin may do this")
        #expect(entries[6].line.hasPrefix("#6 2025-11-29T15:18:16.000Z eri (not a member) [unsigned] updateName \"ours\" → rejected notAMember"))
    }

    @Test func jsonCarriesTheSameFacts() throws {
        let entries = try AuditSamples.entries(of: AuditSamples.timelineSource())
        #expect(JSONWriter.write(entries[2].json) == #"{"sequence":2,"time":"2025-11-29T15:18:12.000Z","milliseconds":1764429492000,"#
            + #""actor":"bo","actorRole":"admin","actorState":"active","changes":[{"op":"addSuperAdmin","summary":"addSuperAdmin caro"}],"#
            + #""signature":{"standing":"unsigned","key":null,"verifies":null},"outcome":"rejected","code":"permissionDenied","#
            + #""detail":"bo (admin) is not a super admin, and only a super admin may do this","changeIndex":0,"#
            + #""reason":"bo (admin) is not a super admin, and only a super admin may do this; bo then: admin, active"}"#)
        let removal = JSONWriter.write(entries[4].json)
        #expect(removal.contains(#""departures":[{"inbox":"caro","reason":"left"},{"inbox":"davon","reason":"removed"}]"#))
        #expect(JSONWriter.write(entries[6].json).contains(#""actorRole":null,"actorState":"notAMember""#))
    }

    @Test func inboxFilterMatchesActorsNamedInboxesAndEventSubjects() throws {
        let source = try AuditSamples.timelineSource()
        func sequences(_ inboxes: Set<InboxID>) throws -> [UInt64] {
            try AuditSamples.entries(of: source, filter: AuditFilter(inboxes: inboxes)).map(\.sequence)
        }
        // caro: named by create (and its memberAdded event), the super admin grant, her request, her removal.
        #expect(try sequences([.caro]) == [0, 2, 3, 4])
        #expect(try sequences([.eri]) == [6])
        #expect(try sequences([.eri, .bo]) == [0, 1, 2, 6])
        #expect(try sequences([.fen]) == [])
    }

    @Test func opRejectedAndTimeFiltersCombine() throws {
        let source = try AuditSamples.timelineSource()
        let start = AuditSamples.start
        #expect(try AuditSamples.entries(of: source, filter: AuditFilter(ops: ["updateName"])).map(\.sequence) == [5, 6])
        #expect(try AuditSamples.entries(of: source, filter: AuditFilter(ops: ["addAdmin", "requestRemoval"])).map(\.sequence) == [1, 3])
        #expect(try AuditSamples.entries(of: source, filter: AuditFilter(rejectedOnly: true)).map(\.sequence) == [2, 5, 6])
        #expect(try AuditSamples.entries(of: source, filter: AuditFilter(from: start + 2_000, to: start + 4_000)).map(\.sequence) == [2, 3, 4])
        #expect(try AuditSamples.entries(of: source, filter: AuditFilter(rejectedOnly: true, from: start + 3_000)).map(\.sequence) == [5, 6])
        #expect(try AuditSamples.entries(of: source, filter: AuditFilter(inboxes: [.bo], ops: ["addSuperAdmin"], rejectedOnly: true))
            .map(\.sequence) == [2])
    }

    /// A field's policy change names the field, the operation and the policy, and its event; the
    /// op filter finds it, applied or refused.
    @Test func aFieldPolicyChangeIsNamedWithItsEventAndFoundByItsOp() throws {
        let fixture = Fixture(name: "field-policy", commits: [
            FixtureCommit(actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo]))]),
            FixtureCommit(actor: .alix, time: 2_000, changes: [.updateFieldPolicy(field: .name("ANNOUNCEMENT"), operation: .update, policy: .allowAll)]),
            FixtureCommit(actor: .bo, time: 3_000, changes: [.updateName("x")]),
            FixtureCommit(actor: .bo, time: 4_000, changes: [.updateFieldPolicy(field: .id(ComponentID(0x8102)), operation: .delete, policy: .allowAll)],
                          expect: .rejected(code: "permissionDenied")),
        ])
        let source = try LogSource(fixture: fixture, groupID: .test, name: "field-policy.json")
        let entries = try AuditSamples.entries(of: source, filter: AuditFilter(ops: ["updateFieldPolicy"]))
        #expect(entries.map(\.sequence) == [1, 3])
        #expect(entries[0].summaries == ["updateFieldPolicy ANNOUNCEMENT update = allowAll"])
        #expect(entries[0].line.hasSuffix("alix (superAdmin, active) [unsigned] updateFieldPolicy ANNOUNCEMENT update = allowAll → applied: fieldPolicyChanged 0x8102 update = allowAll"),
                "\(entries[0].line)")
        #expect(entries[1].line.hasSuffix("bo (member, active) [unsigned] updateFieldPolicy 0x8102 delete = allowAll → rejected permissionDenied at change 0: "
            + "bo (member) is not a super admin, and only a super admin may do this"), "\(entries[1].line)")
        let json = JSONWriter.write(entries[0].json)
        #expect(json.contains(#""changes":[{"op":"updateFieldPolicy","summary":"updateFieldPolicy ANNOUNCEMENT update = allowAll"}]"#), "\(json)")
        #expect(json.contains(#""events":[{"event":"fieldPolicyChanged","detail":"fieldPolicyChanged 0x8102 update = allowAll"}]"#), "\(json)")
        #expect(AuditFilter.knownOps.contains("updateFieldPolicy"))
    }

    @Test func theTrailCountsEveryCommitAndEveryMatchAndSamplesTheCounts() throws {
        let source = try AuditSamples.timelineSource()
        var samples: [MembershipSample] = []
        let trail = try source.audit(filter: AuditFilter(rejectedOnly: true)) { _, sample in samples.append(sample) }
        #expect(trail.commitCount == 7 && trail.matchCount == 3)
        #expect(samples.map(\.members) == [4, 4, 4, 4, 2, 2, 2])
        #expect(samples.map(\.admins) == [1, 2, 2, 2, 2, 2, 2])
        #expect(samples.map(\.sequence) == Array(0...6))
        #expect(trail.state?.memberCount == 2)
    }

    @Test func aStoreGroupAuditsLikeItsFixture() throws {
        try withAuditStore { store in
            _ = try store.importFixture(AuditSamples.timeline(), as: .test)
            let fromStore = try AuditSamples.entries(of: LogSource(store: store, group: .test))
            let fromFixture = try AuditSamples.entries(of: AuditSamples.timelineSource())
            #expect(fromStore == fromFixture)
        }
    }
}

extension AuditTrailTests {
    /// An admin writing bo's display name names bo, though the change's arguments name no inbox:
    /// the entry's key is bo's inbox, and USER_DISPLAY_NAME is a user field.
    @Test func inboxFilterMatchesTheInboxThatKeysAUserFieldEntry() throws {
        let write = Change.updateMetadataField(
            field: .name("USER_DISPLAY_NAME"), mutation: .mapDelta(.insert, key: .string("bo"), value: .string("Bo")))
        let fixture = Fixture(name: "names", commits: [
            FixtureCommit(actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo, .caro]))]),
            FixtureCommit(actor: .alix, time: 2, changes: [write], expect: .applied),
            FixtureCommit(actor: .caro, time: 3, changes: [.updateName("n")]),
        ])
        let source = try LogSource(fixture: fixture, groupID: .test, name: "names.json")
        #expect(try AuditSamples.entries(of: source, filter: AuditFilter(inboxes: [.bo])).map(\.sequence) == [0, 1])
    }
}
