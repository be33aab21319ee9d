import GroupCore
import GroupFixtures
import GroupTestSupport
import Testing

/// A final expectation that does not hold for `FixtureRunnerTests.history`, and the difference
/// the runner must report for it.
struct UnmetExpectation: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let expect: FixtureExpectation
    let place: String
    let expected: String
    let actual: String

    init(_ label: String, place: String, expected: String, actual: String, _ build: (inout FixtureExpectation) -> Void) {
        var expect = FixtureExpectation()
        build(&expect)
        self.testDescription = label
        self.expect = expect
        self.place = place
        self.expected = expected
        self.actual = actual
    }

    /// The slots of the `allMembers` preset, as the runner prints a slot map.
    static let allMembersSlots = slotMap(addMember: "allowAll")

    /// The `allMembers` slot map with another addMember policy.
    static func slotMap(addMember: String) -> String {
        "{addMember=\(addMember), removeMember=adminOnly, addAdmin=superAdminOnly, removeAdmin=superAdminOnly, "
            + "updateName=allowAll, updateDescription=allowAll, updateImageURL=allowAll, updateAppData=allowAll, "
            + "updateDisappearingMessages=adminOnly, setRole=adminOnly, blockForAll=moderatorOnly, ban=adminOnly, "
            + "mute=adminOnly, manageLinks=adminOnly, approveJoins=adminOnly}"
    }

    static let all: [UnmetExpectation] = [
        UnmetExpectation("members: a wrong role", place: "expect.members",
                         expected: "{alix: superAdmin, bo: admin}", actual: "{alix: superAdmin, bo: member}") {
            $0.members = [.alix: .superAdmin, .bo: .admin]
        },
        UnmetExpectation("members: a former member listed", place: "expect.members",
                         expected: "{alix: superAdmin, bo: member, caro: member}", actual: "{alix: superAdmin, bo: member}") {
            $0.members = [.alix: .superAdmin, .bo: .member, .caro: .member]
        },
        UnmetExpectation("states: former expected active", place: "expect.states.caro", expected: "active", actual: "former") {
            $0.states = [.alix: "active", .caro: "active"]
        },
        UnmetExpectation("states: null expected for a member", place: "expect.states.bo", expected: "null", actual: "active") {
            $0.states = [.bo: String?.none]
        },
        UnmetExpectation("states: an inbox the group never had", place: "expect.states.zed", expected: "former", actual: "null") {
            $0.states = [.alix: "active", .named("zed"): "former"]
        },
        UnmetExpectation("former", place: "expect.former", expected: "[caro]", actual: "[caro, davon]") {
            $0.former = [.caro]
        },
        UnmetExpectation("left", place: "expect.left", expected: "[]", actual: "[davon]") {
            $0.left = []
        },
        UnmetExpectation("removed", place: "expect.removed", expected: "[davon]", actual: "[caro]") {
            $0.removed = [.davon]
        },
        UnmetExpectation("policySet as a preset name", place: "expect.policySet", expected: "adminOnly", actual: "allMembers") {
            $0.policySet = .kind(.adminOnly)
        },
        UnmetExpectation("policySet custom", place: "expect.policySet", expected: "custom", actual: "allMembers") {
            $0.policySet = .kind(.custom)
        },
        UnmetExpectation("policySet as a full slot map", place: "expect.policySet",
                         expected: slotMap(addMember: "adminOnly"),
                         actual: allMembersSlots) {
            var slots = Dictionary(uniqueKeysWithValues: PolicySet.allMembers.slots.map { ($0.slot, $0.policy) })
            slots[.addMember] = .adminOnly
            $0.policySet = .slots(slots)
        },
        UnmetExpectation("policySet as a partial slot map", place: "expect.policySet",
                         expected: "{addMember=allowAll}", actual: allMembersSlots) {
            $0.policySet = .slots([.addMember: .allowAll])
        },
        UnmetExpectation("name", place: "expect.name", expected: #""Other""#, actual: #""Team""#) {
            $0.name = "Other"
        },
        UnmetExpectation("description", place: "expect.description", expected: #""""#, actual: #""the team""#) {
            $0.description = ""
        },
        UnmetExpectation("imageURL", place: "expect.imageURL", expected: #""https://example.com/b.png""#,
                         actual: #""https://example.com/a.png""#) {
            $0.imageURL = "https://example.com/b.png"
        },
        UnmetExpectation("appData", place: "expect.appData", expected: #""v2""#, actual: #""v1""#) {
            $0.appData = "v2"
        },
        UnmetExpectation("disappearingMessages expected off", place: "expect.disappearingMessages",
                         expected: "off", actual: "{fromNs: 1000, inNs: 60000}") {
            $0.disappearingMessages = .some(nil)
        },
        UnmetExpectation("disappearingMessages with other values", place: "expect.disappearingMessages",
                         expected: "{fromNs: 1000, inNs: 1}", actual: "{fromNs: 1000, inNs: 60000}") {
            $0.disappearingMessages = .some(DisappearingMessages(fromNs: 1000, inNs: 1))
        },
    ]
}

struct FixtureRunnerTests {
    /// A group of alix (super admin) and bo, with caro removed, davon left, every metadata field
    /// set and disappearing messages on.
    static let history: [FixtureCommit] = [
        FixtureCommit(actor: .alix, time: 1000, changes: [.create(CreateConversation(
            members: [.bo, .caro, .davon], name: "Team", description: "the team",
            imageURL: "https://example.com/a.png", appData: "v1"))]),
        FixtureCommit(actor: .alix, time: 2000, changes: [.remove(.caro)]),
        FixtureCommit(actor: .davon, time: 3000, changes: [.requestRemoval]),
        FixtureCommit(actor: .alix, time: 4000, changes: [.remove(.davon)]),
        FixtureCommit(actor: .alix, time: 5000, changes: [.updateDisappearingMessages(DisappearingMessages(fromNs: 1000, inNs: 60_000))]),
    ]

    /// Everything `history` leads to, key by key.
    static var historyExpectation: FixtureExpectation {
        var expect = FixtureExpectation()
        expect.members = [.alix: .superAdmin, .bo: .member]
        expect.states = [.alix: "active", .bo: "active", .caro: "former", .davon: "former", .named("zed"): String?.none]
        expect.former = [.caro, .davon]
        expect.left = [.davon]
        expect.removed = [.caro]
        expect.policySet = .kind(.allMembers)
        expect.name = "Team"
        expect.description = "the team"
        expect.imageURL = "https://example.com/a.png"
        expect.appData = "v1"
        expect.disappearingMessages = .some(DisappearingMessages(fromNs: 1000, inNs: 60_000))
        return expect
    }

    private func run(_ commits: [FixtureCommit], expect: FixtureExpectation? = nil) throws -> FixtureRun {
        try FixtureRunner.run(Fixture(name: "test", commits: commits, expect: expect), groupID: .test)
    }

    private func expectDifference(
        _ difference: FixtureDifference, at place: String, expected: String, actual: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(difference.place == place, sourceLocation: sourceLocation)
        #expect(difference.expected == expected, sourceLocation: sourceLocation)
        #expect(difference.actual == actual, sourceLocation: sourceLocation)
        #expect(difference.description == "\(place): expected \(expected), actual \(actual)", sourceLocation: sourceLocation)
    }

    private func created(_ members: InboxID...) -> FixtureCommit {
        FixtureCommit(actor: .alix, time: 1000, changes: [.create(CreateConversation(members: members))])
    }

    // MARK: Passing

    @Test func passingFixtureReportsNoDifference() throws {
        let result = try run(Self.history, expect: Self.historyExpectation)
        #expect(result.difference == nil)
        #expect(result.passed)
        #expect(result.outcomes == Array(repeating: .applied, count: Self.history.count))
        #expect(result.commits.map(\.sequence) == [0, 1, 2, 3, 4])
        #expect(result.state?.memberCount == 2)
    }

    @Test func fullSlotMapEqualToTheStateMatches() throws {
        var expect = FixtureExpectation()
        expect.policySet = .slots(Dictionary(uniqueKeysWithValues: PolicySet.allMembers.slots.map { ($0.slot, $0.policy) }))
        #expect(try run(Self.history, expect: expect).difference == nil)
    }

    @Test func expectedRejectionsThatHappenPass() throws {
        let result = try run([
            created(.bo, .caro),
            FixtureCommit(actor: .bo, time: 2000, changes: [.addAdmin(.caro)], expect: .rejected(code: "permissionDenied")),
            FixtureCommit(actor: .alix, time: 500, changes: [.addAdmin(.bo)], expect: .rejected(code: "timeWentBackwards")),
        ])
        #expect(result.difference == nil)
        #expect(result.outcomes.map(\.code) == [nil, "permissionDenied", "timeWentBackwards"])
    }

    @Test func fixtureWithoutExpectationsChecksOnlyOutcomes() throws {
        #expect(try run(Self.history).passed)
    }

    // MARK: Commit outcomes

    @Test func commitExpectedAppliedButRejected() throws {
        let difference = try #require(try run([
            created(.bo, .caro),
            FixtureCommit(actor: .bo, time: 2000, changes: [.addAdmin(.caro)]),
        ]).difference)
        #expect(difference.place == "commit 1")
        #expect(difference.expected == "applied")
        #expect(difference.actual.hasPrefix("rejected permissionDenied (change 0): "), "actual: \(difference.actual)")
        #expect(difference.description == "commit 1: expected applied, actual \(difference.actual)")
    }

    @Test func commitRejectedWithAnotherCode() throws {
        let difference = try #require(try run([
            created(.bo, .caro),
            FixtureCommit(actor: .alix, time: 2000, changes: [.updateName("x"), .addAdmin(.bo), .addAdmin(.bo)],
                          expect: .rejected(code: "memberNotFound")),
        ]).difference)
        #expect(difference.place == "commit 1")
        #expect(difference.expected == "rejected memberNotFound")
        #expect(difference.actual.hasPrefix("rejected alreadyHasRole (change 2): "), "actual: \(difference.actual)")
    }

    @Test func commitExpectedRejectedButApplied() throws {
        let difference = try #require(try run([
            created(.bo, .caro),
            FixtureCommit(actor: .alix, time: 2000, changes: [.addAdmin(.bo)], expect: .rejected(code: "permissionDenied")),
        ]).difference)
        expectDifference(difference, at: "commit 1", expected: "rejected permissionDenied", actual: "applied")
    }

    @Test func wholeCommitRejectionHasNoChangeIndex() throws {
        let difference = try #require(try run([
            created(.bo),
            FixtureCommit(actor: .alix, time: 500, changes: [.updateName("x")]),
        ]).difference)
        #expect(difference.place == "commit 1")
        #expect(difference.actual == "rejected timeWentBackwards: time 500 is earlier than the last applied commit's 1000")
    }

    @Test func onlyTheFirstCommitDifferenceIsReported() throws {
        let difference = try #require(try run([
            created(.bo, .caro),
            FixtureCommit(actor: .alix, time: 2000, changes: [.updateName("ok")]),
            FixtureCommit(actor: .alix, time: 3000, changes: [.addAdmin(.bo)], expect: .rejected(code: "permissionDenied")),
            FixtureCommit(actor: .bo, time: 4000, changes: [.addAdmin(.caro)]),
        ]).difference)
        #expect(difference.place == "commit 2")
    }

    @Test func commitDifferencesComeBeforeFinalStateDifferences() throws {
        var expect = FixtureExpectation()
        expect.members = [.alix: .superAdmin]
        expect.name = "never"
        let result = try run([
            created(.bo, .caro),
            FixtureCommit(actor: .bo, time: 2000, changes: [.addAdmin(.caro)]),
        ], expect: expect)
        #expect(result.difference?.place == "commit 1")
    }

    // MARK: Final state

    @Test(arguments: UnmetExpectation.all)
    func reportsUnmetExpectation(_ unmet: UnmetExpectation) throws {
        let difference = try #require(try run(Self.history, expect: unmet.expect).difference)
        expectDifference(difference, at: unmet.place, expected: unmet.expected, actual: unmet.actual)
    }

    @Test func disappearingMessagesExpectedOnButOff() throws {
        var expect = FixtureExpectation()
        expect.disappearingMessages = .some(DisappearingMessages(fromNs: 0, inNs: 10))
        let difference = try #require(try run([created(.bo)], expect: expect).difference)
        expectDifference(difference, at: "expect.disappearingMessages", expected: "{fromNs: 0, inNs: 10}", actual: "off")

        expect.disappearingMessages = .some(nil)
        #expect(try run([created(.bo)], expect: expect).difference == nil)
    }

    @Test func keysAreComparedInTheirFixedOrder() throws {
        var expect = Self.historyExpectation
        expect.name = "wrong"
        expect.removed = []
        expect.members = [:]
        #expect(try run(Self.history, expect: expect).difference?.place == "expect.members")
        expect.members = Self.historyExpectation.members
        #expect(try run(Self.history, expect: expect).difference?.place == "expect.removed")
        expect.removed = Self.historyExpectation.removed
        #expect(try run(Self.history, expect: expect).difference?.place == "expect.name")
    }

    // MARK: The lifecycle keys (banned, deleted, canSend, events)

    /// caro banned and bo blocked for all; the last applied commit mutes davon and eri until
    /// just after its time; a rejected commit follows it.
    static let lifecycleHistory: [FixtureCommit] = [
        FixtureCommit(actor: .alix, time: 1000, changes: [.create(CreateConversation(members: [.bo, .caro, .davon, .eri]))]),
        FixtureCommit(actor: .alix, time: 2000, changes: [.ban([.caro]), .blockForAll(inboxes: [.bo], blocked: true)]),
        FixtureCommit(actor: .alix, time: 3000, changes: [.mute(inboxes: [.davon, .eri], until: 3001)]),
        FixtureCommit(actor: .bo, time: 4000, changes: [.deleteGroup], expect: .rejected(code: "permissionDenied")),
    ]

    static var lifecycleExpectation: FixtureExpectation {
        var expect = FixtureExpectation()
        expect.banned = [.caro]
        expect.deleted = false
        // At the last applied commit's time, 3000: davon and eri are muted until 3001.
        expect.canSend = [.alix: true, .bo: false, .caro: false, .davon: false, .eri: false, .named("zed"): false]
        // The last applied commit's, in any order.
        expect.events = ["memberMuted", "memberMuted"]
        return expect
    }

    @Test func lifecycleKeysThatHoldPass() throws {
        #expect(try run(Self.lifecycleHistory, expect: Self.lifecycleExpectation).difference == nil)
        // After deleteGroup: deleted, nobody can send, and its events.
        var expect = FixtureExpectation()
        expect.deleted = true
        expect.canSend = [.alix: false, .bo: false]
        expect.events = ["groupDeleted"]
        expect.members = [.alix: .superAdmin, .bo: .member]
        let deleted = try run([
            created(.bo),
            FixtureCommit(actor: .alix, time: 2000, changes: [.deleteGroup]),
            FixtureCommit(actor: .alix, time: 3000, changes: [.updateName("x")], expect: .rejected(code: "groupDeleted")),
        ], expect: expect)
        #expect(deleted.difference == nil, "\(String(describing: deleted.difference))")
    }

    @Test func eventsAreTheLastAppliedCommitsInAnyOrder() throws {
        var expect = FixtureExpectation()
        expect.events = ["memberBanned", "memberBlocked", "memberRemoved"]
        let commits = [
            created(.bo, .caro),
            FixtureCommit(actor: .alix, time: 2000, changes: [.blockForAll(inboxes: [.bo], blocked: true), .ban([.caro])]),
        ]
        #expect(try run(commits, expect: expect).difference == nil)
        // A group whose commit 0 was rejected has no events, and nobody can send in it.
        expect.events = []
        expect.canSend = [.alix: false]
        #expect(try run([FixtureCommit(actor: .alix, time: 1000, changes: [.updateName("x")], expect: .rejected(code: "invalidCommit"))],
                        expect: expect).difference == nil)
    }

    @Test func unmetLifecycleKeysAreReported() throws {
        var expect = Self.lifecycleExpectation
        expect.banned = []
        expectDifference(try #require(try run(Self.lifecycleHistory, expect: expect).difference), at: "expect.banned", expected: "[]", actual: "[caro]")
        expect = Self.lifecycleExpectation
        expect.deleted = true
        expectDifference(try #require(try run(Self.lifecycleHistory, expect: expect).difference), at: "expect.deleted", expected: "true", actual: "false")
        expect = Self.lifecycleExpectation
        expect.canSend?[.davon] = true
        expectDifference(try #require(try run(Self.lifecycleHistory, expect: expect).difference), at: "expect.canSend.davon", expected: "true", actual: "false")
        expect = Self.lifecycleExpectation
        expect.events = ["memberBanned", "memberBlocked"]
        expectDifference(try #require(try run(Self.lifecycleHistory, expect: expect).difference), at: "expect.events",
                         expected: "[memberBanned, memberBlocked]", actual: "[memberMuted, memberMuted]")
    }

    /// SPEC section 13: "Lists are compared as sets (order does not matter)", and `events` is
    /// "the events of the last applied commit, as a list of names". As sets, a name listed once
    /// matches a commit that yields it twice.
    @Test func eventsAreComparedAsSets() throws {
        var expect = FixtureExpectation()
        expect.events = ["memberMuted"]
        let result = try run(Self.lifecycleHistory, expect: expect)
        #expect(result.difference == nil, "\(String(describing: result.difference))")
    }

    @Test func groupWhoseCommitZeroIsRejectedHasNoMembers() throws {
        var expect = FixtureExpectation()
        expect.members = [.alix: .superAdmin]
        let commits = [
            FixtureCommit(actor: .alix, time: 1000, changes: [.updateName("no create")], expect: .rejected(code: "invalidCommit")),
            FixtureCommit(actor: .alix, time: 2000, changes: [.updateName("x")], expect: .rejected(code: "groupNotFound")),
        ]
        let result = try run(commits, expect: expect)
        #expect(result.state == nil)
        let difference = try #require(result.difference)
        expectDifference(difference, at: "expect.members", expected: "{alix: superAdmin}", actual: "{}")

        expect.members = [:]
        expect.states = [.alix: String?.none]
        expect.former = []
        #expect(try run(commits, expect: expect).difference == nil)
    }

    @Test func identityClaimedTwiceIsRefusedBeforeTheLogRuns() throws {
        var fixture = Fixture(name: "claims", commits: [created(.bo)])
        fixture.identities = [
            IdentityClaims(inbox: .alix, claims: [.handle("alix.eth")]),
            IdentityClaims(inbox: .bo, claims: [.handle("bo.eth"), .handle("alix.eth")]),
        ]
        let error = try #require(throws: FixtureError.self) { try FixtureRunner.run(fixture, groupID: .test) }
        #expect(error.path.hasPrefix("$.identities[1]"))
        #expect(error.message.contains("already claimed by alix"))
    }

    @Test func identitiesAreResolvedThroughTheFixtureDirectory() throws {
        var fixture = Fixture(name: "resolve", commits: [
            created(.bo),
            FixtureCommit(actor: .alix, time: 2000, changes: [.addMembers(inboxes: [], identities: [ResolvedIdentity(.handle("caro.eth"), inbox: nil)])]),
        ])
        fixture.identities = [IdentityClaims(inbox: .caro, claims: [.handle("caro.eth")])]
        var expect = FixtureExpectation()
        expect.members = [.alix: .superAdmin, .bo: .member, .caro: .member]
        fixture.expect = expect
        let result = try FixtureRunner.run(fixture, groupID: .test)
        #expect(result.difference == nil)
        #expect(result.commits[1].changes == [.addMembers(inboxes: [], identities: [ResolvedIdentity(.handle("caro.eth"), inbox: .caro)])])
    }
}
