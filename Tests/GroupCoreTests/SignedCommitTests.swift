import GroupCore
import GroupTestSupport
import Testing

/// Signed commits in the reducer (SPEC section 14): the keys member records carry, the keys
/// `create`, `addMembers`, `join` and `acceptInvitation` record, `updateKeys`, and the
/// `unsignedCommit` and `wrongSigningKey` checks of a conversation that requires signatures.
///
/// The reducer never verifies a signature (the door does): these commits claim a key with
/// bytes that prove nothing, which is all the reducer reads.
struct SignedCommitTests {
    static let alixKey = PublicKey.filled(1)
    static let boKey = PublicKey.filled(2)
    static let caroKey = PublicKey.filled(3)
    static let davonKey = PublicKey.filled(4)
    static let spareKey = PublicKey.filled(9)

    /// The keys of alix, bo and caro, as a submitter records them.
    static let keys: RecordedKeys = [.alix: [alixKey], .bo: [boKey], .caro: [caroKey]]

    /// A group of alix, bo and caro, each with its key; requiring signatures when `required`.
    static func group(required: Bool = true, consent: Bool = false, joinRule: JoinRule? = nil) -> TestGroup {
        var group = TestGroup()
        group.commit(.alix, .create(CreateConversation(
            members: [.bo, .caro], joinRule: joinRule, invitesNeedConsent: consent, requireSignatures: required, keys: keys)),
            signedBy: alixKey)
        return group
    }

    // MARK: Requiring signatures

    @Test func aRequiringGroupTakesCommitsSignedWithTheActorsKey() throws {
        var group = Self.group()
        try #require(group.lastOutcome == .applied)
        #expect(group.state?.requiresSignatures == true)
        #expect(group.state?.settings.requireSignatures == true)
        #expect(group.commit(.bo, .updateName("Team"), signedBy: Self.boKey) == .applied)
        #expect(group.state?.metadata.name == "Team")
    }

    @Test func anUnsignedCommitIsUnsignedCommitAsAWhole() throws {
        var group = Self.group()
        let outcome = group.commit(.bo, .updateName("Team"), signedBy: nil)
        #expect(outcome.rejection == CommitRejection(changeIndex: nil, reason: .unsignedCommit))
        #expect(group.state?.metadata.name == "")
    }

    @Test func aCommitSignedWithAnotherMembersKeyIsWrongSigningKey() throws {
        var group = Self.group()
        let outcome = group.commit(.bo, .updateName("Forged"), signedBy: Self.alixKey)
        #expect(outcome.rejection == CommitRejection(changeIndex: nil, reason: .wrongSigningKey(.bo, key: Self.alixKey)))
        #expect(group.commit(.bo, .updateName("Forged"), signedBy: Self.spareKey).code == "wrongSigningKey")
    }

    /// After the whole-commit checks of SPEC section 4, before every change.
    @Test func signaturesAreJudgedAfterTheWholeCommitChecksAndBeforeTheChanges() throws {
        var group = Self.group()
        // timeWentBackwards is a whole-commit check: it comes first.
        #expect(group.commit(.bo, .updateName("x"), at: 1, signedBy: nil).code == "timeWentBackwards")
        // create after commit 0 too.
        #expect(group.commit(.bo, .create(CreateConversation()), signedBy: nil).code == "invalidCommit")
        // Then the signature, before notAMember, dmForbidden-free changes and authority.
        #expect(group.commit(.eri, .updateName("x"), signedBy: nil).code == "unsignedCommit")
        #expect(group.commit(.eri, .updateName("x"), signedBy: Self.spareKey).code == "wrongSigningKey")
        #expect(group.commit(.bo, .addSuperAdmin(.caro), signedBy: nil).code == "unsignedCommit")
        #expect(group.commit(.bo, .addSuperAdmin(.caro), signedBy: Self.boKey).code == "permissionDenied")
        // After deleteGroup, groupDeleted comes first.
        try #require(group.commit(.alix, .deleteGroup, signedBy: Self.alixKey) == .applied)
        #expect(group.commit(.bo, .updateName("x"), signedBy: nil).code == "groupDeleted")
    }

    @Test func aRejectedCommitDoesNotCountForTheKeys() throws {
        var group = Self.group()
        // bo's updateKeys is rejected whole (unsigned): the spare key is not bo's afterwards.
        #expect(group.commit(.bo, .updateKeys(add: [Self.spareKey], remove: []), signedBy: nil).code == "unsignedCommit")
        #expect(group.commit(.bo, .updateName("x"), signedBy: Self.spareKey).code == "wrongSigningKey")
    }

    /// Commit 0 is judged against the keys its own create records for the creator.
    @Test func commitZeroIsJudgedByTheKeysItsCreateRecords() throws {
        let request = CreateConversation(members: [.bo], requireSignatures: true, keys: [.alix: [Self.alixKey], .bo: [Self.boKey]])
        var unsigned = TestGroup()
        #expect(unsigned.commit(.alix, .create(request), signedBy: nil).rejection == CommitRejection(changeIndex: nil, reason: .unsignedCommit))
        #expect(unsigned.state == nil)
        var forged = TestGroup()
        #expect(forged.commit(.alix, .create(request), signedBy: Self.boKey).rejection
            == CommitRejection(changeIndex: nil, reason: .wrongSigningKey(.alix, key: Self.boKey)))
        var keyless = TestGroup()
        var noCreatorKey = request
        noCreatorKey.keys = [.bo: [Self.boKey]]
        #expect(keyless.commit(.alix, .create(noCreatorKey), signedBy: Self.alixKey).code == "wrongSigningKey")
        // The whole-commit check of commit 0 comes first.
        var twoChanges = TestGroup()
        #expect(twoChanges.commit(.alix, .create(request), .updateName("x"), signedBy: nil).code == "invalidCommit")
        var signed = TestGroup()
        #expect(signed.commit(.alix, .create(request), signedBy: Self.alixKey) == .applied)
        // The creation's own checks follow the signature: a DM setting is invalidPolicy only
        // once the signature passed.
        let badDM = CreateConversation(kind: .dm, members: [.bo], leaveRule: .direct, requireSignatures: true, keys: request.keys)
        var unsignedDM = TestGroup()
        #expect(unsignedDM.commit(.alix, .create(badDM), signedBy: nil).code == "unsignedCommit")
        var signedDM = TestGroup()
        #expect(signedDM.commit(.alix, .create(badDM), signedBy: Self.alixKey).code == "invalidPolicy")
    }

    @Test func aGroupThatDoesNotRequireSignaturesTakesAnyCommitAndKeepsItsSignature() throws {
        var group = Self.group(required: false)
        #expect(group.state?.requiresSignatures == false)
        #expect(group.commit(.bo, .updateName("a"), signedBy: nil) == .applied)
        #expect(group.commit(.bo, .updateName("b"), signedBy: Self.boKey) == .applied)
        // Signed with a key that is not bo's: recorded all the same, and the standing says so.
        let state = try #require(group.state)
        var builder = group.builder
        let other = builder.commit(.bo, [.updateName("c")], signedBy: Self.alixKey)
        #expect(state.signatureStanding(of: other) == .otherKey(Self.alixKey))
        #expect(group.append(other, advancing: builder) == .applied)
        #expect(group.commits.last?.signature?.publicKey == Self.alixKey)
    }

    @Test func aDMMayRequireSignatures() throws {
        var dm = TestGroup()
        try #require(dm.commit(.alix, .create(CreateConversation(
            kind: .dm, members: [.bo], requireSignatures: true, keys: [.alix: [Self.alixKey], .bo: [Self.boKey]])),
            signedBy: Self.alixKey) == .applied)
        #expect(dm.state?.requiresSignatures == true)
        #expect(dm.commit(.bo, .updateName("us"), signedBy: nil).code == "unsignedCommit")
        #expect(dm.commit(.bo, .updateName("us"), signedBy: Self.alixKey).code == "wrongSigningKey")
        #expect(dm.commit(.bo, .updateName("us"), signedBy: Self.boKey) == .applied)
        // A DM's participants change their own keys: no membership, role or permission changes.
        #expect(dm.commit(.bo, .updateKeys(add: [Self.spareKey], remove: [Self.boKey]), signedBy: Self.boKey) == .applied)
        #expect(dm.state?.signingKeys(of: .bo) == [Self.spareKey])
    }

    // MARK: Keys recorded by create, addMembers, join and acceptInvitation

    @Test func createRecordsTheKeysOfTheCreatorAndTheMembers() throws {
        let group = Self.group(required: false)
        let state = try #require(group.state)
        #expect(state.signingKeys(of: .alix) == [Self.alixKey])
        #expect(state.signingKeys(of: .bo) == [Self.boKey])
        #expect(state.member(.caro)?.keys == [Self.caroKey])
        #expect(state.member(recording: Self.boKey) == .bo)
        #expect(state.member(recording: Self.spareKey) == nil)
        #expect(state.recordsSigningKeys)
    }

    @Test(arguments: [false, true])
    func createRefusesKeysItCannotRecord(required: Bool) throws {
        func create(_ keys: RecordedKeys) -> CommitOutcome {
            var group = TestGroup()
            return group.commit(.alix, .create(CreateConversation(members: [.bo, .caro], requireSignatures: required, keys: keys)),
                                signedBy: Self.alixKey)
        }
        // Keys for an inbox the create does not make a member.
        #expect(create([.alix: [Self.alixKey], .bo: [Self.boKey], .caro: [Self.caroKey], .davon: [Self.davonKey]]).rejection
            == CommitRejection(changeIndex: 0, reason: .invalidArgument(reason: "create records signing keys for davon, whom it does not make a member")))
        // One key for two inboxes.
        #expect(create([.alix: [Self.alixKey], .bo: [Self.boKey], .caro: [Self.boKey]]).rejection?.reason
            == .invalidArgument(reason: "signing key \(Self.boKey) is already recorded for bo"))
        // A key listed twice for one inbox.
        #expect(create([.alix: [Self.alixKey], .bo: [Self.boKey, Self.boKey], .caro: [Self.caroKey]]).code == "invalidArgument")
        // A member without a key is refused only where signatures are required: it could never commit.
        #expect(create([.alix: [Self.alixKey], .bo: [Self.boKey]]).code == (required ? "invalidArgument" : nil))
    }

    @Test func addMembersRecordsTheAddedInboxesKeys() throws {
        var group = Self.group()
        #expect(group.commit(.alix, .addMembers(inboxes: [.davon], identities: [], keys: [.davon: [Self.davonKey]]), signedBy: Self.alixKey)
            == .applied)
        #expect(group.state?.signingKeys(of: .davon) == [Self.davonKey])
        #expect(group.commit(.davon, .updateName("hi"), signedBy: Self.davonKey) == .applied)
    }

    @Test func addMembersJudgesTheKeysAfterTheSubjectsOwnChecksAndBeforeTheLimit() throws {
        var group = Self.group()
        func add(_ inboxes: [InboxID], _ keys: RecordedKeys) -> CommitOutcome {
            group.commit(.alix, .addMembers(inboxes: inboxes, identities: [], keys: keys), signedBy: Self.alixKey)
        }
        // A key of a current member.
        #expect(add([.davon], [.davon: [Self.boKey]]).rejection
            == CommitRejection(changeIndex: 0, reason: .invalidArgument(reason: "signing key \(Self.boKey) is already recorded for bo")))
        // Two inboxes of the same change with one key.
        #expect(add([.davon, .eri], [.davon: [Self.spareKey], .eri: [Self.spareKey]]).rejection?.reason
            == .invalidArgument(reason: "signing key \(Self.spareKey) is already recorded for davon"))
        // Keys for an inbox it does not add: an argument value, before the subjects.
        #expect(add([.bo], [.eri: [Self.spareKey]]).rejection?.reason
            == .invalidArgument(reason: "addMembers records signing keys for eri, whom it does not make a member"))
        // A current member is alreadyMember before its keys are looked at.
        #expect(add([.bo], [.bo: [Self.alixKey]]).code == "alreadyMember")
        // A member without a key, where signatures are required.
        #expect(add([.davon], [:]).rejection?.reason
            == .invalidArgument(reason: "davon has no signing key, and this conversation requires signed commits"))
    }

    @Test func aKeylessMemberMayBeAddedWhereSignaturesAreNotRequired() throws {
        var group = Self.group(required: false)
        #expect(group.commit(.alix, .add(.davon)) == .applied)
        #expect(group.state?.signingKeys(of: .davon) == [])
    }

    @Test func joinRecordsTheJoinersKeysAndItsSignatureIsJudgedByThem() throws {
        var group = Self.group(joinRule: .open)
        // A joiner is no member before its commit: its join's own keys judge the signature.
        #expect(group.commit(.davon, .join(link: nil, keys: [Self.davonKey]), signedBy: Self.spareKey).rejection
            == CommitRejection(changeIndex: nil, reason: .wrongSigningKey(.davon, key: Self.spareKey)))
        #expect(group.commit(.davon, .join(link: nil, keys: [Self.davonKey]), signedBy: nil).code == "unsignedCommit")
        #expect(group.commit(.davon, .join(link: nil), signedBy: Self.davonKey).code == "wrongSigningKey")
        #expect(group.commit(.davon, .join(link: nil, keys: [Self.davonKey]), signedBy: Self.davonKey) == .applied)
        #expect(group.state?.signingKeys(of: .davon) == [Self.davonKey])
        #expect(group.commit(.davon, .updateName("joined"), signedBy: Self.davonKey) == .applied)
    }

    @Test func joinRefusesAKeyAnotherMemberHolds() throws {
        var group = Self.group(required: false, joinRule: .open)
        #expect(group.commit(.davon, .join(link: nil, keys: [Self.boKey])).rejection?.reason
            == .invalidArgument(reason: "signing key \(Self.boKey) is already recorded for bo"))
        // The join's own rules come first.
        #expect(group.commit(.bo, .join(link: nil, keys: [Self.alixKey])).code == "alreadyMember")
    }

    @Test func aPendingJoinerKeepsItsKeysUntilApproved() throws {
        var group = Self.group(joinRule: .approval)
        try #require(group.commit(.davon, .join(link: nil, keys: [Self.davonKey]), signedBy: Self.davonKey) == .applied)
        #expect(group.state?.member(.davon)?.state == .pendingApproval)
        #expect(group.state?.member(recording: Self.davonKey) == .davon, "a pending member is a current member")
        try #require(group.commit(.alix, .approveJoin(.davon, role: nil), signedBy: Self.alixKey) == .applied)
        #expect(group.state?.signingKeys(of: .davon) == [Self.davonKey])
    }

    @Test func acceptInvitationReplacesTheKeysTheInvitationRecorded() throws {
        var group = Self.group(consent: true)
        try #require(group.commit(.alix, .addMembers(inboxes: [.davon], identities: [], keys: [.davon: [Self.davonKey]]),
                                  signedBy: Self.alixKey) == .applied)
        #expect(group.state?.member(.davon)?.state == .invited)
        #expect(group.state?.signingKeys(of: .davon) == [Self.davonKey])
        // The invitee is a current member: the invitation's keys judge its acceptance.
        #expect(group.commit(.davon, .acceptInvitation(keys: [Self.spareKey]), signedBy: Self.spareKey).code == "wrongSigningKey")
        // It accepts recording no key, in a group that requires them: it could never commit again.
        #expect(group.commit(.davon, .acceptInvitation, signedBy: Self.davonKey).rejection?.reason
            == .invalidArgument(reason: "davon has no signing key, and this conversation requires signed commits"))
        #expect(group.commit(.davon, .acceptInvitation(keys: [Self.spareKey, Self.davonKey]), signedBy: Self.davonKey) == .applied)
        #expect(group.state?.signingKeys(of: .davon) == [Self.spareKey, Self.davonKey])
        #expect(group.replica.lastEvents == [.invitationAccepted(.davon)])
    }

    @Test func aFormerMemberKeepsItsKeysButTheyBindNobody() throws {
        var group = Self.group(required: false)
        try #require(group.commit(.alix, .remove(.bo)) == .applied)
        let former = try #require(group.state?.member(.bo))
        #expect(!former.isCurrent && former.keys == [Self.boKey], "a former member's record keeps its keys for audits")
        #expect(group.state?.member(recording: Self.boKey) == nil)
        // The key may be recorded for another member now.
        #expect(group.commit(.alix, .addMembers(inboxes: [.davon], identities: [], keys: [.davon: [Self.boKey]])) == .applied)
        // Re-added, bo gets the keys its new addMembers records.
        #expect(group.commit(.alix, .addMembers(inboxes: [.bo], identities: [], keys: [.bo: [Self.spareKey]])) == .applied)
        #expect(group.state?.signingKeys(of: .bo) == [Self.spareKey])
    }

    @Test func aKeyFreedEarlierInACommitMayBeRecordedLaterInIt() throws {
        var group = Self.group(required: false)
        // alix removes caro, whose key alix then takes: the running state decides.
        #expect(group.commit(.alix, .remove(.caro), .updateKeys(add: [Self.caroKey], remove: [])) == .applied)
        #expect(group.state?.member(recording: Self.caroKey) == .alix)
        // And the other way round: alix lets a key go, and a member added in the same commit takes it.
        #expect(group.commit(.alix, .updateKeys(add: [], remove: [Self.caroKey]),
                             .addMembers(inboxes: [.davon], identities: [], keys: [.davon: [Self.caroKey]])) == .applied)
        #expect(group.state?.member(recording: Self.caroKey) == .davon)
        #expect(group.state?.signingKeys(of: .alix) == [Self.alixKey])
    }

    // MARK: updateKeys

    @Test func keyRotation() throws {
        var group = Self.group()
        #expect(group.commit(.bo, .updateKeys(add: [Self.spareKey], remove: []), signedBy: Self.boKey) == .applied)
        #expect(group.replica.lastEvents == [.keysUpdated(.bo, added: [Self.spareKey], removed: [])])
        #expect(group.state?.signingKeys(of: .bo) == [Self.boKey, Self.spareKey])
        // Signed with the new key, bo drops the old one.
        #expect(group.commit(.bo, .updateKeys(add: [], remove: [Self.boKey]), signedBy: Self.spareKey) == .applied)
        #expect(group.replica.lastEvents == [.keysUpdated(.bo, added: [], removed: [Self.boKey])])
        #expect(group.state?.signingKeys(of: .bo) == [Self.spareKey])
        // A commit signed with the removed key is refused.
        #expect(group.commit(.bo, .updateName("old key"), signedBy: Self.boKey).rejection?.reason == .wrongSigningKey(.bo, key: Self.boKey))
        #expect(group.commit(.bo, .updateName("new key"), signedBy: Self.spareKey) == .applied)
    }

    @Test func removingTheLastKeyIsInvalidArgumentOnlyWhereSignaturesAreRequired() throws {
        var required = Self.group()
        #expect(required.commit(.bo, .updateKeys(add: [], remove: [Self.boKey]), signedBy: Self.boKey).rejection
            == CommitRejection(changeIndex: 0, reason: .invalidArgument(
                reason: "bo cannot remove its last signing key: this conversation requires signed commits")))
        // Replacing it in the same change is fine.
        #expect(required.commit(.bo, .updateKeys(add: [Self.spareKey], remove: [Self.boKey]), signedBy: Self.boKey) == .applied)
        var optional = Self.group(required: false)
        #expect(optional.commit(.bo, .updateKeys(add: [], remove: [Self.boKey])) == .applied)
        #expect(optional.state?.signingKeys(of: .bo) == [])
    }

    @Test func updateKeysRefusesAKeyAnotherMemberHolds() throws {
        var group = Self.group()
        #expect(group.commit(.bo, .updateKeys(add: [Self.alixKey], remove: []), signedBy: Self.boKey).rejection
            == CommitRejection(changeIndex: 0, reason: .invalidArgument(reason: "signing key \(Self.alixKey) is already recorded for alix")))
    }

    @Test func updateKeysArgumentsAndSubjects() throws {
        var group = Self.group(required: false)
        #expect(group.commit(.bo, .updateKeys(add: [], remove: [])).code == "invalidArgument")
        #expect(group.commit(.bo, .updateKeys(add: [Self.spareKey, Self.spareKey], remove: [])).code == "invalidArgument")
        #expect(group.commit(.bo, .updateKeys(add: [Self.spareKey], remove: [Self.spareKey])).code == "invalidArgument")
        #expect(group.commit(.bo, .updateKeys(add: [], remove: [Self.spareKey])).rejection?.reason
            == .invalidArgument(reason: "signing key \(Self.spareKey) is not recorded for bo"))
        // Adding a key it has changes nothing and is no error.
        #expect(group.commit(.bo, .updateKeys(add: [Self.boKey], remove: [])) == .applied)
        #expect(group.replica.lastEvents == [])
        #expect(group.state?.signingKeys(of: .bo) == [Self.boKey])
    }

    @Test func onlyAnActiveMemberUpdatesItsKeys() throws {
        var group = Self.group(required: false, consent: true)
        #expect(group.commit(.eri, .updateKeys(add: [Self.spareKey], remove: [])).rejection?.reason == .notAMember(.eri))
        try #require(group.commit(.bo, .requestRemoval) == .applied)
        #expect(group.commit(.bo, .updateKeys(add: [Self.spareKey], remove: [])).rejection?.reason == .notActive(.bo, state: "pendingRemoval"))
        try #require(group.commit(.alix, .add(.davon)) == .applied)
        #expect(group.commit(.davon, .updateKeys(add: [Self.spareKey], remove: [])).rejection?.reason == .notActive(.davon, state: "invited"))
        // An observer may: its keys are its own business.
        try #require(group.commit(.alix, .setRole(inboxes: [.caro], role: .observer)) == .applied)
        #expect(group.commit(.caro, .updateKeys(add: [Self.spareKey], remove: [])) == .applied)
        // An actor that left earlier in the same commit has none to change.
        var direct = TestGroup(.alix, CreateConversation(members: [.bo], leaveRule: .direct))
        #expect(direct.commit(.bo, .leave, .updateKeys(add: [Self.spareKey], remove: [])).rejection
            == CommitRejection(changeIndex: 1, reason: .notAMember(.bo)))
    }

    @Test func updateKeysChangesOnlyTheActorsOwnKeys() throws {
        var group = Self.group(required: false)
        try #require(group.commit(.alix, .updateKeys(add: [Self.spareKey], remove: [Self.alixKey])) == .applied)
        let state = try #require(group.state)
        #expect(state.signingKeys(of: .alix) == [Self.spareKey])
        #expect(state.signingKeys(of: .bo) == [Self.boKey] && state.signingKeys(of: .caro) == [Self.caroKey])
        #expect(state.member(recording: Self.alixKey) == nil && state.member(recording: Self.spareKey) == .alix)
    }

    // MARK: Reads for the door and the audit tools

    @Test func signatureStanding() throws {
        let group = Self.group()
        let state = try #require(group.state)
        var builder = group.builder
        #expect(state.signatureStanding(of: builder.commit(.bo, [.leave], signedBy: nil)) == .unsigned)
        #expect(state.signatureStanding(of: builder.commit(.bo, [.leave], signedBy: Self.boKey)) == .actorKey(Self.boKey))
        #expect(state.signatureStanding(of: builder.commit(.bo, [.leave], signedBy: Self.caroKey)) == .otherKey(Self.caroKey))
        #expect(state.signingKeys(for: builder.commit(.davon, [.join(link: nil, keys: [Self.davonKey])], signedBy: nil)) == [Self.davonKey])
        #expect(SignatureStanding.otherKey(Self.caroKey).key == Self.caroKey && SignatureStanding.unsigned.key == nil)
        let zero = try #require(group.commits.first)
        #expect(GroupState.signatureStanding(ofCreation: zero) == .actorKey(Self.alixKey))
        #expect(Replica().signatureStanding(of: zero) == .actorKey(Self.alixKey))
        #expect(group.replica.signatureStanding(of: builder.commit(.bo, [.leave], signedBy: Self.boKey)) == .actorKey(Self.boKey))
        #expect(Replica().signatureStanding(of: builder.commit(.bo, [.leave], signedBy: Self.boKey)) == .otherKey(Self.boKey))
    }

    @Test func explainingAnUnsignedCommitNamesTheCommitLevelRejection() throws {
        let group = Self.group()
        var builder = group.builder
        let explanation = group.replica.explain(builder.commit(.bo, [.updateName("x")], signedBy: nil))
        #expect(explanation.commitLevelRejection == .unsignedCommit)
        #expect(explanation.changes.isEmpty)
    }

    @Test func keysAppearInTheStateDiff() throws {
        var group = Self.group(required: false)
        let before = try #require(group.state)
        try #require(group.commit(.bo, .updateKeys(add: [Self.spareKey], remove: [])) == .applied)
        let after: GroupState = try #require(group.state)
        let diff = StateDiff(from: before, to: after)
        #expect(diff.members.map(\.inbox) == [.bo])
        #expect(diff.members.first?.attributes == [.keys])
    }

    @Test func theDirectoryRecordsKeysInChangesThatMakeMembers() throws {
        var directory = IdentityDirectory()
        try directory.claim(key: Self.boKey, for: .bo)
        try directory.claim(key: Self.spareKey, for: .bo)
        try directory.claim(key: Self.davonKey, for: .davon)
        #expect(throws: IdentityDirectory.ClaimError.keyClaimedByAnother(Self.boKey, owner: .bo)) { try directory.claim(key: Self.boKey, for: .caro) }
        try directory.revoke(key: Self.spareKey, of: .bo)
        #expect(directory.keys(of: .bo) == [Self.boKey])
        #expect(directory.revokedKeys(of: .bo) == [Self.spareKey])
        #expect(throws: IdentityDirectory.ClaimError.keyRevoked(Self.spareKey, owner: .bo)) { try directory.claim(key: Self.spareKey, for: .bo) }
        #expect(throws: IdentityDirectory.ClaimError.keyNotClaimed(Self.boKey, by: .caro)) { try directory.revoke(key: Self.boKey, of: .caro) }

        let create = directory.recordingKeys(.create(CreateConversation(members: [.bo, .caro])), actor: .davon)
        #expect(create == .create(CreateConversation(members: [.bo, .caro], keys: [.bo: [Self.boKey], .davon: [Self.davonKey]])))
        #expect(directory.recordingKeys(.add(.bo, .caro), actor: .alix)
            == .addMembers(inboxes: [.bo, .caro], identities: [], keys: [.bo: [Self.boKey]]))
        #expect(directory.recordingKeys(.join(link: "team"), actor: .bo) == .join(link: "team", keys: [Self.boKey]))
        #expect(directory.recordingKeys(.acceptInvitation, actor: .davon) == .acceptInvitation(keys: [Self.davonKey]))
        // Recorded keys are replaced: the directory is what a submitter records.
        #expect(directory.recordingKeys(.join(link: nil, keys: [Self.spareKey]), actor: .bo) == .join(link: nil, keys: [Self.boKey]))
        #expect(directory.recordingKeys(.leave, actor: .bo) == .leave)
        #expect(Change.join(link: nil, keys: [Self.boKey]).recordedKeys(actor: .bo) == [.bo: [Self.boKey]])
        #expect(Change.add(.bo).inboxesRecordingKeys(actor: .alix) == [.bo])
    }
}
