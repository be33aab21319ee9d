import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// Signed commits through the seam, on every backend (SPEC section 14): the directory's signing
/// keys, the submit path that records them and signs, the doors that verify (ingest, verify),
/// and copies that carry keys along.
struct SigningStoreTests {
    static let alixKey = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 1, count: 32))
    static let boKey = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 2, count: 32))
    static let boPhone = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 3, count: 32))
    static let caroKey = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 4, count: 32))

    // MARK: The directory's keys

    @Test(arguments: TestBackend.all)
    func keysAreClaimedOnceRevokedForEverAndListedInClaimOrder(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            try store.claim(key: Self.boKey.publicKey, for: .bo)
            try store.claim(key: Self.boPhone.publicKey, for: .bo)
            try store.claim(key: Self.boKey.publicKey, for: .bo)
            #expect(try store.keyClaims(of: .bo) == [SigningKeyClaim(key: Self.boKey.publicKey), SigningKeyClaim(key: Self.boPhone.publicKey)])
            #expect(try store.inbox(holding: Self.boPhone.publicKey) == .bo)
            #expect(try store.inbox(holding: Self.caroKey.publicKey) == nil)

            #expect(throws: StoreError.signingKey(.keyClaimedByAnother(Self.boKey.publicKey, owner: .bo))) {
                try store.claim(key: Self.boKey.publicKey, for: .caro)
            }
            #expect(throws: StoreError.signingKey(.keyNotClaimed(Self.boKey.publicKey, by: .caro))) {
                try store.revoke(key: Self.boKey.publicKey, of: .caro)
            }
            try store.revoke(key: Self.boKey.publicKey, of: .bo)
            try store.revoke(key: Self.boKey.publicKey, of: .bo)
            #expect(try store.keyClaims(of: .bo) == [
                SigningKeyClaim(key: Self.boKey.publicKey, isRevoked: true), SigningKeyClaim(key: Self.boPhone.publicKey),
            ])
            #expect(throws: StoreError.signingKey(.keyRevoked(Self.boKey.publicKey, owner: .bo))) {
                try store.claim(key: Self.boKey.publicKey, for: .bo)
            }
            #expect(throws: StoreError.signingKey(.keyClaimedByAnother(Self.boKey.publicKey, owner: .bo))) {
                try store.claim(key: Self.boKey.publicKey, for: .caro)
            }
            #expect(try store.inbox(holding: Self.boKey.publicKey) == .bo)
        }
    }

    /// The directory's pages list inboxes with keys but no identity among those with identities,
    /// in inbox ID order, each with both.
    @Test(arguments: TestBackend.all)
    func theDirectoryListsKeyOnlyInboxesInOrder(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            try store.claim(.handle("alix.eth"), for: .alix)
            try store.claim(key: Self.alixKey.publicKey, for: .alix)
            try store.claim(key: Self.boKey.publicKey, for: .bo)
            try store.claim(.handle("caro.eth"), for: .caro)
            try store.claim(key: Self.caroKey.publicKey, for: .davon)
            try store.revoke(key: Self.caroKey.publicKey, of: .davon)
            let all = try store.claims(after: nil, limit: 10)
            #expect(all == [
                IdentityClaims(inbox: .alix, claims: [.handle("alix.eth")], keys: [SigningKeyClaim(key: Self.alixKey.publicKey)]),
                IdentityClaims(inbox: .bo, claims: [], keys: [SigningKeyClaim(key: Self.boKey.publicKey)]),
                IdentityClaims(inbox: .caro, claims: [.handle("caro.eth")]),
                IdentityClaims(inbox: .davon, claims: [], keys: [SigningKeyClaim(key: Self.caroKey.publicKey, isRevoked: true)]),
            ])
            #expect(try store.claims(after: nil, limit: 2) == Array(all.prefix(2)))
            #expect(try store.claims(after: .bo, limit: 1) == [all[2]])
            #expect(try store.claims(after: .caro, limit: 5) == [all[3]])
        }
    }

    // MARK: Submit records keys and signs

    @Test(arguments: TestBackend.all)
    func submitRecordsTheDirectorysKeysAndSignsWithTheGivenKey(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            try store.claim(key: Self.alixKey.publicKey, for: .alix)
            try store.claim(key: Self.boKey.publicKey, for: .bo)
            // The caller's keys are replaced by the directory's.
            let create = CreateConversation(members: [.bo], requireSignatures: true, keys: [.bo: [Self.caroKey.publicKey]])
            let created = try store.submit(
                to: .test, actor: .alix, time: 1, changes: [.create(create)], expectedSequence: nil, signingKey: Self.alixKey)
            #expect(try created.commit.verifiedSigner() == Self.alixKey.publicKey)
            guard case let .create(recorded) = created.commit.changes[0] else { Issue.record("not a create"); return }
            #expect(recorded.keys == [.alix: [Self.alixKey.publicKey], .bo: [Self.boKey.publicKey]])
            let state = try #require(try store.state(of: .test).state)
            #expect(state.settings.requireSignatures)
            #expect(state.member(.bo)?.keys == [Self.boKey.publicKey])

            // The group requires signatures: unsigned, or signed with a key not bo's, is rejected
            // and nothing is written.
            #expect(throws: StoreError.rejected(CommitRejection(changeIndex: nil, reason: .unsignedCommit))) {
                try store.submit(to: .test, actor: .bo, time: 2, changes: [.updateName("unsigned")])
            }
            #expect(throws: StoreError.rejected(CommitRejection(changeIndex: nil, reason: .wrongSigningKey(.bo, key: Self.alixKey.publicKey)))) {
                try store.submit(to: .test, actor: .bo, time: 2, changes: [.updateName("forged")], expectedSequence: nil, signingKey: Self.alixKey)
            }
            #expect(try store.headSequence(of: .test) == 0)
            let renamed = try store.submit(
                to: .test, actor: .bo, time: 2, changes: [.updateName("signed")], expectedSequence: nil, signingKey: Self.boKey)
            #expect(renamed.commit.signature?.publicKey == Self.boKey.publicKey)

            // Revoking in the directory changes no group: the log never consults it. Bo rotates
            // with updateKeys, and then only the new key signs for it.
            try store.revoke(key: Self.boKey.publicKey, of: .bo)
            try store.submit(to: .test, actor: .bo, time: 3, changes: [.updateName("old key")], expectedSequence: nil, signingKey: Self.boKey)
            try store.submit(
                to: .test, actor: .bo, time: 4, changes: [.updateKeys(add: [Self.boPhone.publicKey], remove: [Self.boKey.publicKey])],
                expectedSequence: nil, signingKey: Self.boKey)
            #expect(throws: StoreError.rejected(CommitRejection(changeIndex: nil, reason: .wrongSigningKey(.bo, key: Self.boKey.publicKey)))) {
                try store.submit(to: .test, actor: .bo, time: 5, changes: [.updateName("stale")], expectedSequence: nil, signingKey: Self.boKey)
            }
            try store.submit(to: .test, actor: .bo, time: 5, changes: [.updateName("phone")], expectedSequence: nil, signingKey: Self.boPhone)
            #expect(try store.headSequence(of: .test) == 4)
            #expect(try store.verify() == [])
        }
    }

    /// A join records the joiner's keys in force (a revoked one is left out), and the joiner's
    /// commit is judged by them.
    @Test(arguments: TestBackend.all)
    func aJoinRecordsTheJoinersKeysInForce(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            try store.claim(key: Self.alixKey.publicKey, for: .alix)
            try store.claim(key: Self.boKey.publicKey, for: .bo)
            try store.claim(key: Self.boPhone.publicKey, for: .bo)
            try store.revoke(key: Self.boKey.publicKey, of: .bo)
            let create = CreateConversation(joinRule: .open, requireSignatures: true)
            try store.submit(to: .test, actor: .alix, time: 1, changes: [.create(create)], expectedSequence: nil, signingKey: Self.alixKey)
            let joined = try store.submit(
                to: .test, actor: .bo, time: 2, changes: [.join(link: nil)], expectedSequence: nil, signingKey: Self.boPhone)
            #expect(joined.commit.changes == [.join(link: nil, keys: [Self.boPhone.publicKey])])
            #expect(try store.state(of: .test).state?.member(.bo)?.keys == [Self.boPhone.publicKey])
        }
    }

    // MARK: The doors verify

    /// Ingest verifies every signature before it writes: a commit changed after it was signed is
    /// refused, naming its group and sequence, and nothing of the batch is written.
    @Test(arguments: TestBackend.all)
    func ingestRefusesASignatureThatDoesNotVerifyAndWritesNothing(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            let create = Commit(groupID: .test, sequence: 0, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
                .signed(with: Self.alixKey)
            let rename = Commit(
                groupID: .test, sequence: 1, actor: .alix, time: 2, changes: [.updateName("signed")],
                previousHash: SHA256.hash(CommitCodec.encode(create))).signed(with: Self.alixKey)
            let tampered = Commit(
                groupID: .test, sequence: 1, actor: .alix, time: 2, changes: [.updateName("changed after signing")],
                previousHash: rename.previousHash, signature: rename.signature)
            #expect(throws: StoreError.self) { try store.ingest([create, tampered]) }
            do {
                try store.ingest([create, tampered])
            } catch let error as StoreError {
                guard case let .ingestRefused(group, sequence, reason) = error else { throw error }
                #expect(group == .test && sequence == 1)
                #expect(reason.contains("signature does not verify"))
                #expect(reason.contains(Self.alixKey.publicKey.description))
            }
            #expect(try store.groups() == [])
            #expect(try store.ingest([create, rename]) == [.applied, .applied])
            #expect(try store.commits(of: .test).map(\.commit) == [create, rename])
        }
    }

    /// A copy brings the directory's keys, revoked ones included, and the signatures.
    @Test(arguments: TestBackend.all)
    func ingestRecordsKeyClaimsRevocationsIncluded(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            let claims = [IdentityClaims(inbox: .bo, claims: [.handle("bo.eth")], keys: [
                SigningKeyClaim(key: Self.boKey.publicKey, isRevoked: true), SigningKeyClaim(key: Self.boPhone.publicKey),
            ])]
            try store.ingest([], claims: claims)
            // Again: nothing changes, and a revocation stands.
            try store.ingest([], claims: [IdentityClaims(inbox: .bo, claims: [], keys: [SigningKeyClaim(key: Self.boKey.publicKey)])])
            #expect(try store.claims(after: nil, limit: 5) == claims)
            #expect(throws: StoreError.signingKey(.keyClaimedByAnother(Self.boPhone.publicKey, owner: .bo))) {
                try store.ingest([], claims: [IdentityClaims(inbox: .caro, claims: [], keys: [SigningKeyClaim(key: Self.boPhone.publicKey)])])
            }
        }
    }
}
