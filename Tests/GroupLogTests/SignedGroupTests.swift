import GroupLog
import GroupTestSupport
import Testing

/// Signed commits from the library (SPEC section 14): an app claims each inbox's key, opens its
/// conversations signing with it, and every write is signed; a group that requires signatures
/// refuses what its members' keys did not sign.
struct SignedGroupTests {
    static let alixKey = try! SigningKey(seed: [UInt8](repeating: 11, count: 32))
    static let boKey = try! SigningKey(seed: [UInt8](repeating: 12, count: 32))
    static let boNewKey = try! SigningKey(seed: [UInt8](repeating: 13, count: 32))

    @Test func aGroupThatRequiresSignaturesTakesOnlyItsMembersSignedCommits() async throws {
        try await withStore { store in
            try await store.claim(key: Self.alixKey.publicKey, for: .alix)
            try await store.claim(key: Self.boKey.publicKey, for: .bo)
            let alix = store.conversations(as: .alix, signingWith: Self.alixKey)
            let group = try await alix.newGroup(with: [.bo], options: CreateGroupOptions(groupId: .test, requireSignatures: true))
            #expect(try await group.requiresSignatures())
            #expect(try await group.members().map(\.signingKeys) == [[Self.alixKey.publicKey], [Self.boKey.publicKey]])
            try await group.updateName(name: "signed by alix")

            // Unsigned, or signed with a key not bo's: rejected, nothing written.
            let unsigned = await error(of: { () async throws(GroupLogError) in try await group.acting(as: .bo).updateName(name: "unsigned") })
            #expect(unsigned == .rejected(CommitRejection(changeIndex: nil, reason: .unsignedCommit)))
            let forged = await error(of: { () async throws(GroupLogError) in
                try await group.acting(as: .bo, signingWith: Self.alixKey).updateName(name: "forged")
            })
            #expect(forged == .rejected(CommitRejection(changeIndex: nil, reason: .wrongSigningKey(.bo, key: Self.alixKey.publicKey))))
            #expect(try await group.state().name == "signed by alix")

            // Bo signs, then rotates its key; the old one no longer signs for it.
            let bo = group.acting(as: .bo, signingWith: Self.boKey)
            try await bo.updateName(name: "signed by bo")
            try await bo.updateSigningKeys(add: [Self.boNewKey.publicKey], remove: [Self.boKey.publicKey])
            let stale = await error(of: { () async throws(GroupLogError) in try await bo.updateName(name: "old key") })
            #expect(stale == .rejected(CommitRejection(changeIndex: nil, reason: .wrongSigningKey(.bo, key: Self.boKey.publicKey))))
            try await group.acting(as: .bo, signingWith: Self.boNewKey).updateName(name: "new key")
            #expect(try await group.members().first { $0.inbox == .bo }?.signingKeys == [Self.boNewKey.publicKey])
        }
    }

    /// The directory's keys: claimed in order, revoked for good; a revoked key is not recorded
    /// for a member added afterwards.
    @Test func revokedKeysAreListedAndNoLongerRecorded() async throws {
        try await withStore { store in
            try await store.claim(key: Self.boKey.publicKey, for: .bo)
            try await store.claim(key: Self.boNewKey.publicKey, for: .bo)
            try await store.revoke(key: Self.boKey.publicKey, of: .bo)
            #expect(try await store.signingKeys(of: .bo) == [
                SigningKeyClaim(key: Self.boKey.publicKey, isRevoked: true), SigningKeyClaim(key: Self.boNewKey.publicKey),
            ])
            let claimedByAnother = await error(of: { () async throws(GroupLogError) in try await store.claim(key: Self.boKey.publicKey, for: .caro) })
            #expect(claimedByAnother == .store(.signingKey(.keyClaimedByAnother(Self.boKey.publicKey, owner: .bo))))
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: .test))
            #expect(try await group.members().first { $0.inbox == .bo }?.signingKeys == [Self.boNewKey.publicKey])
        }
    }
}
