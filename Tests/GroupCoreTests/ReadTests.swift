import GroupCore
import GroupTestSupport
import Testing

/// The reads of SPEC sections 5, 6 and 7: member order and paging, admin lists, former members,
/// the policy set's kind and the identity directory.
struct ReadTests {
    /// Every current member, read page by page until the cursor runs out.
    static func paged(_ state: GroupState, limit: Int) -> [InboxID] {
        var inboxes: [InboxID] = []
        var cursor: MemberCursor?
        var pages = 0
        repeat {
            let page = state.members(after: cursor, limit: limit)
            inboxes += page.members.map(\.inbox)
            cursor = page.next
            pages += 1
        } while cursor != nil && pages <= state.memberCount + 1
        return inboxes
    }

    // MARK: Member order and paging

    @Test func membersAreListedInTheOrderTheyBecameMembers() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try #require(group.commit(.bo, .add(.davon, .eri)) == .applied)
        let state = try #require(group.state)
        #expect(state.allMembers.map(\.inbox) == [.alix, .bo, .caro, .davon, .eri])
        #expect(state.memberCount == 5)
        #expect(state.member(.davon)?.addedBy == .bo)
        // The creator was added by no one (XMTP's addedByInboxId), though its record names it.
        #expect(state.member(.alix)?.addedBy == nil)
        #expect(state.member(.alix)?.adder == .alix)
        #expect(state.member(.bo)?.addedBy == .alix)
        #expect(state.member(.davon)?.joinedAt == group.commits[1].time)
    }

    @Test(arguments: [1, 2, 3, 5, 6, 100])
    func pagesJoinUpToTheWholeList(limit: Int) throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon]))
        try #require(group.commit(.alix, .add(.eri, .fen)) == .applied)
        let state = try #require(group.state)
        #expect(Self.paged(state, limit: limit) == [.alix, .bo, .caro, .davon, .eri, .fen])
        let first = state.members(limit: limit)
        #expect(first.members.count == min(limit, 6))
        #expect((first.next == nil) == (limit >= 6))
    }

    @Test func pagingSkipsRemovedMembersAndPutsReaddedOnesLast() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon, .eri]))
        try #require(group.commit(.alix, .remove(.bo, .davon)) == .applied)
        try #require(group.commit(.alix, .add(.bo)) == .applied)
        let state = try #require(group.state)
        #expect(state.allMembers.map(\.inbox) == [.alix, .caro, .eri, .bo])
        for limit in 1...5 {
            #expect(Self.paged(state, limit: limit) == [.alix, .caro, .eri, .bo], "limit \(limit)")
        }
        #expect(state.member(.bo)?.role == .member)
        #expect(state.member(.bo)?.state == .active)
    }

    @Test func aCursorSurvivesChangesBetweenPages() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon, .eri]))
        let firstPage = try #require(group.state).members(limit: 2)
        #expect(firstPage.members.map(\.inbox) == [.alix, .bo])
        let cursor = try #require(firstPage.next)

        // The member the cursor points at leaves, comes back, and another member arrives.
        try #require(group.commit(.alix, .remove(.bo, .caro)) == .applied)
        try #require(group.commit(.alix, .add(.bo, .fen)) == .applied)
        let state = try #require(group.state)
        var rest: [InboxID] = []
        var next: MemberCursor? = cursor
        while let after = next {
            let page = state.members(after: after, limit: 2)
            rest += page.members.map(\.inbox)
            next = page.next
        }
        #expect(rest == [.davon, .eri, .bo, .fen])
    }

    @Test func pagingSurvivesHeavyChurn() throws {
        let everyone = (0..<300).map { InboxID.named("p\($0)") }
        var group = TestGroup(.alix, CreateConversation(members: Array(everyone.prefix(200)), memberLimit: 1_000))
        // An independent model of the join order: (inbox, place), a re-added inbox placed last.
        var model: [(inbox: InboxID, place: Int)] = ([.alix] + everyone.prefix(200)).enumerated().map { ($1, $0) }
        var nextPlace = model.count

        let cursor = try #require(group.state).members(limit: 60).next
        let cursorPlace = 59
        for round in 0..<6 {
            let leaving = model.enumerated().filter { $0.offset % 3 == round % 3 && $0.element.inbox != .alix }.prefix(30).map(\.element.inbox)
            try #require(group.commit(.alix, .removeMembers(inboxes: leaving, withMessages: false)) == .applied)
            model.removeAll { leaving.contains($0.inbox) }
            let arriving = Array(leaving.prefix(10)) + everyone[(200 + round * 10)..<(210 + round * 10)]
            try #require(group.commit(.alix, .addMembers(inboxes: arriving, identities: [])) == .applied)
            for inbox in arriving {
                model.append((inbox, nextPlace))
                nextPlace += 1
            }

            let state = try #require(group.state)
            #expect(Self.paged(state, limit: 7) == model.map(\.inbox), "round \(round)")
            #expect(state.memberCount == model.count)
            // The cursor handed out before the churn still continues after its place.
            var rest: [InboxID] = []
            var next = cursor
            while let after = next {
                let page = state.members(after: after, limit: 11)
                rest += page.members.map(\.inbox)
                next = page.next
            }
            #expect(rest == model.filter { $0.place > cursorPlace }.map(\.inbox), "round \(round)")
        }
    }

    @Test func theLastPageHasNoCursor() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try #require(group.commit(.alix, .remove(.caro)) == .applied)
        let state = try #require(group.state)
        // caro's slot is empty now: the page that ends with bo is the last.
        let page = state.members(limit: 2)
        #expect(page.members.map(\.inbox) == [.alix, .bo])
        #expect(page.next == nil)
    }

    // MARK: Admins

    @Test func adminsAndSuperAdminsAreListedApart() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon, .eri]))
        try #require(group.commit(.alix, .addAdmin(.eri), .addAdmin(.bo), .addSuperAdmin(.davon), .assign(.moderator, to: .caro)) == .applied)
        var state = try #require(group.state)
        #expect(state.listAdmins() == [.bo, .eri])
        #expect(state.listSuperAdmins() == [.alix, .davon])
        #expect(state.isAdmin(.bo) && state.isAdmin(.eri))
        #expect(!state.isAdmin(.alix) && !state.isAdmin(.caro))
        #expect(state.isSuperAdmin(.davon) && !state.isSuperAdmin(.bo))

        try #require(group.commit(.alix, .removeAdmin(.eri), .removeSuperAdmin(.davon)) == .applied)
        state = try #require(group.state)
        #expect(state.listAdmins() == [.bo])
        #expect(state.listSuperAdmins() == [.alix])
        #expect(state.member(.eri)?.role == .member)
        #expect(state.member(.davon)?.role == .member)
    }

    @Test func removingAnAdminClearsItsRole() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try #require(group.commit(.alix, .addAdmin(.bo), .assign(.moderator, to: .caro)) == .applied)
        try #require(group.commit(.alix, .remove(.bo, .caro)) == .applied)
        var state = try #require(group.state)
        #expect(state.listAdmins() == [])
        #expect(!state.isAdmin(.bo))
        #expect(state.member(.bo)?.currentRole == nil)
        #expect(state.member(.caro)?.currentRole == nil)

        // Re-added, a former admin is a plain member.
        try #require(group.commit(.alix, .add(.bo)) == .applied)
        state = try #require(group.state)
        #expect(state.member(.bo)?.role == .member)
        #expect(state.member(.bo)?.currentRole == .member)
        #expect(!state.isAdmin(.bo))
    }

    @Test func transferringOwnershipSwapsTheRoles() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try #require(group.commit(.alix, .addAdmin(.bo)) == .applied)
        try #require(group.commit(.alix, .transferOwnership(.bo)) == .applied)
        let state = try #require(group.state)
        #expect(state.listSuperAdmins() == [.bo])
        #expect(state.listAdmins() == [])
        #expect(state.member(.alix)?.role == .member)
    }

    @Test func aSuperAdminMayDemoteItselfWhileAnotherRemains() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        try #require(group.commit(.alix, .addSuperAdmin(.bo)) == .applied)
        #expect(group.commit(.alix, .removeSuperAdmin(.alix)) == .applied)
        #expect(group.state?.listSuperAdmins() == [.bo])
        #expect(group.commit(.bo, .removeSuperAdmin(.bo)).code == "lastSuperAdmin")
    }

    // MARK: Former members

    @Test func formerMembersRecordHowAndWhenTheyWent() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon, .eri]))
        try #require(group.commit(.bo, .requestRemoval) == .applied)
        #expect(group.state?.member(.bo)?.state == .pendingRemoval)
        #expect(group.state?.memberCount == 5)
        try #require(group.commit(.alix, [.removeMembers(inboxes: [.bo, .caro], withMessages: true)], at: 7_000) == .applied)
        let state = try #require(group.state)
        #expect(state.formerMembers.map(\.inbox) == [.bo, .caro])
        // SPEC section 6: removing a pendingRemoval member is recorded as left, whoever removes it.
        #expect(state.member(.bo)?.state == .former(Departure(.left, at: 7_000)))
        #expect(state.member(.caro)?.state == .former(Departure(.removed, at: 7_000)))
        #expect(state.memberCount == 3)
        #expect(state.allMembers.map(\.inbox) == [.alix, .davon, .eri])
        #expect(state.member(.fen) == nil)
        // Current in any state counts; former and never-members do not.
        #expect(state.isCurrentMember(.alix) && state.isCurrentMember(.eri))
        #expect(!state.isCurrentMember(.bo) && !state.isCurrentMember(.caro) && !state.isCurrentMember(.fen))
    }

    @Test func aPendingRemovalMemberIsStillCurrent() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        try #require(group.commit(.bo, .requestRemoval) == .applied)
        #expect(group.state?.isCurrentMember(.bo) == true)
    }

    @Test func aDirectLeaveIsRecordedAsLeft() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], leaveRule: .direct))
        try #require(group.commit(.alix, .addAdmin(.bo)) == .applied)
        try #require(group.commit(.bo, [.leave], at: 42_000) == .applied)
        let state = try #require(group.state)
        #expect(state.member(.bo)?.state == .former(Departure(.left, at: 42_000)))
        #expect(state.formerMembers.map(\.inbox) == [.bo])
        #expect(state.listAdmins() == [])
    }

    @Test func aReaddedMemberIsNoLongerFormer() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try #require(group.commit(.alix, .remove(.bo, .caro)) == .applied)
        try #require(group.commit(.alix, .add(.caro)) == .applied)
        let state = try #require(group.state)
        #expect(state.formerMembers.map(\.inbox) == [.bo])
        #expect(state.member(.caro)?.state == .active)
        #expect(state.member(.caro)?.joinedAt == group.commits[2].time)
    }

    @Test func withMessagesChangesNothingElse() throws {
        var plain = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        var flagged = plain
        try #require(plain.commit(.alix, .removeMembers(inboxes: [.bo], withMessages: false)) == .applied)
        try #require(flagged.commit(.alix, .removeMembers(inboxes: [.bo], withMessages: true)) == .applied)
        #expect(plain.state == flagged.state)
    }

    // MARK: Member states

    @Test func aSuperAdminCompletesARemovalRequestWhateverThePolicy() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon]))
        try #require(group.commit(.alix, .addAdmin(.davon), .updatePermission(slot: .removeMember, policy: .denyAll)) == .applied)
        try #require(group.commit(.bo, .requestRemoval) == .applied)
        try #require(group.commit(.caro, .requestRemoval) == .applied)
        #expect(group.commit(.davon, .remove(.caro)).code == "permissionDenied")
        #expect(group.commit(.alix, .remove(.bo)) == .applied)
        #expect(group.commit(.alix, .remove(.davon)).code == "permissionDenied")
        try #require(group.commit(.alix, .updatePermission(slot: .removeMember, policy: .adminOnly)) == .applied)
        // An admin may complete a request too, under the policy; it is still recorded as left.
        let time = try #require(group.builder.clock) + 1_000
        #expect(group.commit(.davon, [.remove(.caro)], at: time) == .applied)
        #expect(group.state?.member(.caro)?.state == .former(Departure(.left, at: time)))
    }

    @Test func promotionToSuperAdminCancelsARemovalRequest() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        try #require(group.commit(.bo, .requestRemoval) == .applied)
        try #require(group.commit(.caro, .requestRemoval) == .applied)
        try #require(group.commit(.alix, .addSuperAdmin(.bo), .transferOwnership(.caro)) == .applied)
        let state = try #require(group.state)
        #expect(state.member(.bo)?.state == .active)
        #expect(state.member(.caro)?.state == .active)
        #expect(state.listSuperAdmins() == [.bo, .caro])
    }

    @Test func invitationsWaitForConsent() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo], invitesNeedConsent: true))
        #expect(group.state?.member(.bo)?.state == .active, "the members listed in create are active")
        try #require(group.commit(.alix, .add(.caro)) == .applied)
        let state = try #require(group.state)
        #expect(state.member(.caro)?.state == .invited)
        #expect(state.member(.caro)?.joinedAt == nil)
        #expect(state.memberCount == 3)
        #expect(group.commit(.alix, .addAdmin(.caro)).code == "notActive")
        #expect(group.commit(.alix, .assign(.moderator, to: .caro)).code == "notActive")
    }

    // MARK: Policy set kind

    @Test func thePolicySetReportsItsKind() throws {
        #expect(TestGroup(.alix, CreateConversation()).state?.policies.kind == .allMembers)
        #expect(TestGroup(.alix, CreateConversation(policySet: .adminOnly)).state?.policies.kind == .adminOnly)

        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        try #require(group.commit(.alix, .updatePermission(slot: .updateName, policy: .adminOnly)) == .applied)
        #expect(group.state?.policies.kind == .custom)
        try #require(group.commit(.alix, .updatePermission(slot: .updateName, policy: .allowAll)) == .applied)
        #expect(group.state?.policies.kind == .allMembers)

        // Reaching the adminOnly preset slot by slot reads back as adminOnly.
        let loosened: [PolicySlot] = [.addMember, .updateName, .updateDescription, .updateImageURL, .updateAppData]
        for slot in loosened {
            try #require(group.commit(.alix, .updatePermission(slot: slot, policy: .adminOnly)) == .applied)
        }
        #expect(group.state?.policies.kind == .adminOnly)
        try #require(group.commit(.alix, .updatePermission(slot: .approveJoins, policy: .superAdminOnly)) == .applied)
        #expect(group.state?.policies.kind == .custom)
    }

    @Test func aCustomSetAtCreateThatEqualsAPresetReadsAsThePreset() {
        let allMembers: [PolicySlot: Policy] = [
            .addMember: .allowAll, .removeMember: .adminOnly, .addAdmin: .superAdminOnly, .removeAdmin: .superAdminOnly,
            .updateName: .allowAll, .updateDescription: .allowAll, .updateImageURL: .allowAll, .updateAppData: .allowAll,
            .updateDisappearingMessages: .adminOnly,
        ]
        #expect(TestGroup(.alix, CreateConversation(policySet: .custom(allMembers))).state?.policies.kind == .allMembers)
        let adminOnly = allMembers.mapValues { $0 == .allowAll ? Policy.adminOnly : $0 }
        #expect(TestGroup(.alix, CreateConversation(policySet: .custom(adminOnly))).state?.policies.kind == .adminOnly)
        var custom = allMembers
        custom[.updateName] = .moderatorOnly
        let state = TestGroup(.alix, CreateConversation(policySet: .custom(custom))).state
        #expect(state?.policies.kind == .custom)
        // Slots beyond the nine take their defaults.
        #expect(state?.policies[.blockForAll] == .moderatorOnly)
        #expect(state?.policies[.setRole] == .adminOnly)
        // A style's addMember makes a preset custom.
        #expect(TestGroup(.alix, CreateConversation(style: .privateOnlyOwnerInvite)).state?.policies.kind == .custom)
    }

    @Test func aDMHasNoPolicyCheckForMetadata() throws {
        var dm = TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo]))
        let state = try #require(dm.state)
        #expect(state.allMembers.map(\.role) == [.member, .member])
        #expect(state.listAdmins() == [] && state.listSuperAdmins() == [])
        #expect(dm.commit(.bo, .updateName("ours"), .updateDescription("d"), .updateImageURL("i"),
                          .updateAppData(data: "a", expected: ""), .updateDisappearingMessages(DisappearingMessages(fromNs: 0, inNs: 5))) == .applied)
        #expect(dm.state?.metadata.name == "ours")
        #expect(dm.commit(.alix, .updateName(String(repeating: "n", count: 101))).code == "tooLong")

        // A DM has no policy set: one given at creation is invalidPolicy (SPEC section 2).
        let given = TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo], policySet: .custom([.addAdmin: .allowAll])))
        #expect(given.lastOutcome?.code == "invalidPolicy")
    }

    // MARK: Identity directory

    @Test func handlesAreListedMostRecentFirst() throws {
        var directory = IdentityDirectory()
        try directory.claim(.handle("bo.eth"), for: .bo)
        try directory.claim(.account("0xb0"), for: .bo)
        try directory.claim(.handle("bo.base"), for: .bo)
        try directory.claim(.handle("bo.cb.id"), for: .bo)
        let handles = directory.handles(of: .bo)
        #expect(handles.handle == "bo.cb.id")
        #expect(handles.otherHandles == ["bo.base", "bo.eth"])
        #expect(directory.identities(of: .bo) == [.handle("bo.eth"), .account("0xb0"), .handle("bo.base"), .handle("bo.cb.id")])

        let none = directory.handles(of: .caro)
        #expect(none.handle == nil && none.otherHandles == [])
        try directory.claim(.account("0xca"), for: .caro)
        #expect(directory.handles(of: .caro).handle == nil, "an account is not a handle")
        #expect(directory.inboxes == [.bo, .caro])
    }

    @Test func aClaimHeldByAnotherInboxIsRefused() throws {
        var directory = IdentityDirectory()
        try directory.claim(.handle("alix.eth"), for: .alix)
        let before = directory
        #expect(throws: IdentityDirectory.ClaimError.claimedByAnother(.handle("alix.eth"), owner: .alix)) {
            try directory.claim(.handle("alix.eth"), for: .bo)
        }
        #expect(directory == before)
        #expect(directory.inbox(claiming: .handle("alix.eth")) == .alix)
        // The same text as another kind is another identity.
        try directory.claim(.account("alix.eth"), for: .bo)
        #expect(directory.inbox(claiming: .account("alix.eth")) == .bo)
        // Claiming one's own identity again changes nothing.
        try directory.claim(.handle("alix.eth"), for: .alix)
        #expect(directory.identities(of: .alix) == [.handle("alix.eth")])
    }

    @Test func addMembersResolvesIdentitiesBeforeTheReducerSeesThem() throws {
        var directory = IdentityDirectory()
        try directory.claim(.handle("caro.eth"), for: .caro)
        try directory.claim(.account("0xda"), for: .davon)
        let asked = Change.addMembers(inboxes: [.bo], identities: [
            ResolvedIdentity(.handle("caro.eth"), inbox: nil), ResolvedIdentity(.account("0xda"), inbox: nil),
        ])
        let resolved = directory.resolving(asked)
        #expect(resolved == .addMembers(inboxes: [.bo], identities: [
            ResolvedIdentity(.handle("caro.eth"), inbox: .caro), ResolvedIdentity(.account("0xda"), inbox: .davon),
        ]))
        // Other changes pass through untouched.
        #expect(directory.resolving(.updateName("x")) == .updateName("x"))

        var group = TestGroup(.alix, CreateConversation())
        #expect(group.commit(.alix, asked).code == "identityNotFound")
        #expect(group.commit(.alix, resolved) == .applied)
        // The inboxes come first, then the resolved identities, in that order (SPEC section 13).
        #expect(group.state?.allMembers.map(\.inbox) == [.alix, .bo, .caro, .davon])

        let unknown = directory.resolving(.addMembers(inboxes: [], identities: [ResolvedIdentity(.handle("nobody"), inbox: nil)]))
        #expect(group.commit(.alix, unknown).rejection?.reason == .identityNotFound(.handle("nobody")))
    }
}
