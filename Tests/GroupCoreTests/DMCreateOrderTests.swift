import GroupCore
import GroupTestSupport
import Testing

/// SPEC section 2's order of checks for a DM `create`: the member count, then any group
/// setting, then the metadata limits, then the identity, then the creator as its own peer.
struct DMCreateOrderTests {
    /// One DM `create` and the code its commit 0 must get.
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let request: CreateConversation
        let code: String

        init(_ label: String, _ code: String, members: [InboxID] = [], identities: [ResolvedIdentity] = [],
             edit: @Sendable (inout CreateConversation) -> Void = { _ in }) {
            var request = CreateConversation(kind: .dm, members: members, identities: identities)
            edit(&request)
            self.label = label
            self.request = request
            self.code = code
        }

        var testDescription: String { "\(label): \(code)" }
    }

    static let longName = String(repeating: "n", count: 101)
    /// An identity no inbox claims: the submitter left it unresolved.
    static let unclaimed = ResolvedIdentity(.handle("nobody.eth"), inbox: nil)
    /// An identity bo claims, as the submitter resolved it.
    static let bosHandle = ResolvedIdentity(.handle("bo.eth"), inbox: .bo)
    /// An identity the creator claims.
    static let alixsHandle = ResolvedIdentity(.handle("alix.eth"), inbox: .alix)

    static let cases: [Case] = [
        Case("no member listed", "invalidCommit"),
        Case("two inboxes listed", "invalidCommit", members: [.bo, .caro]),
        Case("an inbox and an identity count as two", "invalidCommit", members: [.bo], identities: [bosHandle]),
        Case("an inbox and an unclaimed identity: the count before the identity", "invalidCommit", members: [.caro], identities: [unclaimed]),
        Case("two members and a policy set: the count before the settings", "invalidCommit", members: [.bo, .caro]) { $0.policySet = .adminOnly },
        Case("a policy set, even the default", "invalidPolicy", members: [.bo]) { $0.policySet = .allMembers },
        Case("a style", "invalidPolicy", members: [.bo]) { $0.style = .publicOpenJoin },
        Case("a member limit", "invalidPolicy", members: [.bo]) { $0.memberLimit = 2 },
        Case("a leave rule", "invalidPolicy", members: [.bo]) { $0.leaveRule = .direct },
        Case("a join rule, even the default", "invalidPolicy", members: [.bo]) { $0.joinRule = .inviteOnly },
        Case("invitesNeedConsent, even false", "invalidPolicy", members: [.bo]) { $0.invitesNeedConsent = false },
        Case("an admission setting", "invalidPolicy", members: [.bo]) { $0.admission = .review },
        Case("a setting and a too-long name: the settings before the metadata", "invalidPolicy", members: [.bo]) {
            $0.joinRule = .open
            $0.name = longName
        },
        Case("a too-long name", "tooLong", members: [.bo]) { $0.name = longName },
        Case("a too-long description", "tooLong", members: [.bo]) { $0.description = String(repeating: "d", count: 1_001) },
        Case("a too-long name and an unclaimed identity: the metadata before the identity", "tooLong", identities: [unclaimed]) {
            $0.name = longName
        },
        Case("an unclaimed identity", "identityNotFound", identities: [unclaimed]),
        Case("the creator's own inbox", "invalidCommit", members: [.alix]),
        Case("an identity the creator claims: invalidCommit, not duplicateInbox", "invalidCommit", identities: [alixsHandle]),
    ]

    @Test(arguments: cases)
    func aDMCreateIsCheckedInTheSpecsOrder(_ dmCase: Case) {
        let dm = TestGroup(.alix, dmCase.request)
        #expect(dm.lastOutcome?.code == dmCase.code)
        #expect(dm.lastOutcome?.changeIndex == 0)
        #expect(dm.state == nil, "a rejected commit 0 leaves no conversation")
    }

    @Test func aDMCreateMayNameItsPeerByIdentityAndStartWithDisappearingMessages() throws {
        let setting = DisappearingMessages(fromNs: 0, inNs: 3_600_000_000_000)
        let dm = TestGroup(.alix, CreateConversation(kind: .dm, identities: [Self.bosHandle], disappearingMessages: setting))
        let state = try #require(dm.state)
        #expect(state.allMembers.map(\.inbox) == [.alix, .bo])
        #expect(state.allMembers.map(\.role) == [.member, .member])
        #expect(state.member(.bo)?.addedBy == .alix)
        #expect(state.metadata.disappearingMessages == setting)
    }

    /// In a group, listing the creator (directly or through its identity) or an inbox twice after
    /// resolution is duplicateInbox, not the DM's invalidCommit (SPEC section 6).
    @Test(arguments: [
        ([InboxID.bo], [alixsHandle]),
        ([InboxID.bo, .caro], [bosHandle]),
        ([InboxID.alix], []),
    ])
    func aGroupCreateListingAnInboxTwiceAfterResolutionIsDuplicateInbox(members: [InboxID], identities: [ResolvedIdentity]) {
        let group = TestGroup(.alix, CreateConversation(members: members, identities: identities))
        #expect(group.lastOutcome?.code == "duplicateInbox")
    }
}
