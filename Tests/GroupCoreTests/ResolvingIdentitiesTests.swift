import GroupCore
import GroupTestSupport
import Testing

/// `Change.resolvingIdentities`: how a submitter records the inboxes that `create`,
/// `addMembers` and `removeMembers` name by public identity (SPEC section 6).
struct ResolvingIdentitiesTests {
    static let owners: [PublicIdentity: InboxID] = [.handle("bo.eth"): .bo, .account("0xca20"): .caro]

    static func unresolved(_ identities: PublicIdentity...) -> [ResolvedIdentity] {
        identities.map { ResolvedIdentity($0, inbox: nil) }
    }

    struct DirectoryUnavailable: Error, Equatable {}

    @Test func everyChangeThatTakesIdentitiesIsResolved() {
        let asked = Self.unresolved(.handle("bo.eth"), .handle("nobody.eth"), .account("0xca20"))
        let resolved = [
            ResolvedIdentity(.handle("bo.eth"), inbox: .bo), ResolvedIdentity(.handle("nobody.eth"), inbox: nil),
            ResolvedIdentity(.account("0xca20"), inbox: .caro),
        ]
        let lookUp = { (identity: PublicIdentity) -> InboxID? in Self.owners[identity] }

        let create = Change.create(CreateConversation(members: [.davon], identities: asked))
        guard case let .create(request) = create.resolvingIdentities(lookUp) else {
            Issue.record("create stays a create")
            return
        }
        #expect(request.identities == resolved, "an unclaimed identity stays unresolved, for the reducer to reject")
        #expect(request.allMembers == [.davon, .bo, .caro], "the inboxes first, then the identities in their order")

        #expect(Change.addMembers(inboxes: [.eri], identities: asked).resolvingIdentities(lookUp)
            == .addMembers(inboxes: [.eri], identities: resolved))
        #expect(Change.removeMembers(inboxes: [.eri], identities: asked, withMessages: true).resolvingIdentities(lookUp)
            == .removeMembers(inboxes: [.eri], identities: resolved, withMessages: true))
    }

    @Test func aResolvedIdentityAndAChangeWithoutIdentitiesAreLeftAlone() throws {
        var asked = 0
        let pinned = ResolvedIdentity(.handle("bo.eth"), inbox: .fen)
        let resolved = Change.addMembers(inboxes: [], identities: [pinned]).resolvingIdentities { identity -> InboxID? in
            asked += 1
            return Self.owners[identity]
        }
        #expect(resolved == .addMembers(inboxes: [], identities: [pinned]), "the commit keeps the resolution it was made with")
        for change in [Change.setRole(inboxes: [.bo], role: .observer), .remove(.bo), .create(CreateConversation(members: [.bo]))] {
            #expect(change.resolvingIdentities { identity -> InboxID? in
                asked += 1
                return Self.owners[identity]
            } == change)
        }
        #expect(asked == 0, "the directory is asked only about unresolved identities")
    }

    @Test func theOwnersErrorIsThrownAsIs() {
        let change = Change.removeMembers(inboxes: [], identities: Self.unresolved(.handle("bo.eth")), withMessages: false)
        #expect(throws: DirectoryUnavailable()) {
            try change.resolvingIdentities { (_: PublicIdentity) throws(DirectoryUnavailable) -> InboxID? in throw DirectoryUnavailable() }
        }
    }

    /// The directory's `resolving` goes through the same path, and the reducer then judges the
    /// resolution: the unclaimed identity is identityNotFound, a duplicate after it duplicateInbox.
    @Test func theReducerJudgesTheResolution() throws {
        var directory = IdentityDirectory()
        try directory.claim(.handle("bo.eth"), for: .bo)
        let named = Change.removeMembers(inboxes: [], identities: Self.unresolved(.handle("bo.eth")), withMessages: false)
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        #expect(group.commit(.alix, directory.resolving(named)) == .applied)
        #expect(group.state?.member(.bo)?.isCurrent == false)

        let twice = Change.removeMembers(inboxes: [.caro], identities: [ResolvedIdentity(.account("0xca20"), inbox: .caro)], withMessages: false)
        #expect(group.commit(.alix, twice).rejection?.reason == .duplicateInbox(.caro))
        let unknown = directory.resolving(.removeMembers(inboxes: [.caro], identities: Self.unresolved(.handle("nobody.eth")), withMessages: false))
        #expect(group.commit(.alix, unknown).rejection?.reason == .identityNotFound(.handle("nobody.eth")))
        #expect(group.state?.member(.caro)?.isCurrent == true)
    }
}
