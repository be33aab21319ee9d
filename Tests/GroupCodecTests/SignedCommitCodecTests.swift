import GroupCodec
import GroupCore
import GroupTestSupport
import Testing

/// Signed commits in the binary formats (SPEC section 14): commit format version 4 beside
/// version 3, what a signature covers, the chain over signed commits, state format version 4,
/// and refusing truncated or garbled signatures.
struct SignedCommitCodecTests {
    static let alix = Ed25519.PrivateKey.seeded(1)
    static let bo = Ed25519.PrivateKey.seeded(2)
    static let caro = Ed25519.PrivateKey.seeded(3)

    /// Every change version 4 adds or extends, in one commit.
    static let signedChanges: [Change] = [
        .create(CreateConversation(members: [.bo], requireSignatures: true, keys: [.alix: [alix.publicKey], .bo: [bo.publicKey]])),
        .addMembers(inboxes: [.caro, .davon], identities: [], keys: [.davon: [], .caro: [caro.publicKey, .filled(8)]]),
        .join(link: "team", keys: [.filled(5)]),
        .join(link: nil, keys: [.filled(6)]),
        .acceptInvitation(keys: [.filled(7), .filled(9)]),
        .updateKeys(add: [.filled(10)], remove: []),
        .updateKeys(add: [], remove: [.filled(11), .filled(12)]),
        .create(CreateConversation(kind: .dm, members: [.bo], requireSignatures: true)),
    ]

    /// Commits of every version-4 kind: signed and not, recording keys or not.
    static let sampleCommits: [Commit] = [
        Commit(groupID: .test, sequence: 301, actor: .alix, time: 1_700_000_000_001, changes: signedChanges,
               previousHash: Digest(hex: String(repeating: "a5", count: 32))).signed(with: alix),
        Commit(groupID: .test, sequence: 0, actor: .alix, time: 5, changes: [signedChanges[0]]).signed(with: alix),
        Commit(groupID: .test, sequence: 2, actor: .bo, time: 6, changes: [.leave]).signed(with: bo),
        Commit(groupID: .test, sequence: 3, actor: .bo, time: 7, changes: [.updateKeys(add: [.filled(3)], remove: [])]),
    ]

    /// A state that requires signatures and records keys, for current and former members.
    static func stateWithKeys() throws -> GroupState {
        var group = TestGroup()
        group.commit(.alix, .create(CreateConversation(
            members: [.bo, .caro], requireSignatures: true,
            keys: [.alix: [alix.publicKey], .bo: [bo.publicKey, .filled(9)], .caro: [caro.publicKey]])), signedBy: alix.publicKey)
        group.commit(.alix, .remove(.caro), signedBy: alix.publicKey)
        group.commit(.bo, .updateKeys(add: [.filled(8)], remove: [bo.publicKey]), signedBy: bo.publicKey)
        guard group.outcomes.allSatisfy(\.isApplied), let state = group.state else { throw SampleRejected(outcomes: group.outcomes) }
        return state
    }

    struct SampleRejected: Error {
        let outcomes: [CommitOutcome]
    }

    func commitError(_ bytes: [UInt8]) -> BinaryDecodingError? {
        do throws(BinaryDecodingError) {
            _ = try CommitCodec.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    func stateError(_ bytes: [UInt8]) -> BinaryDecodingError? {
        do throws(BinaryDecodingError) {
            _ = try StateCodec.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Commits

    @Test func signedCommitsRoundTrip() throws {
        for commit in Self.sampleCommits {
            let bytes = CommitCodec.encode(commit)
            #expect(bytes.first == 4)
            let decoded = try CommitCodec.decode(bytes)
            #expect(decoded == commit)
            #expect(CommitCodec.encode(decoded) == bytes)
            #expect(try decoded.verifiedSigner() == commit.signature?.publicKey)
        }
    }

    /// An unsigned commit recording no key is written in version 3 exactly as before, so that
    /// the logs and hashes of before stay as they are.
    @Test func anUnsignedCommitRecordingNoKeyStaysInVersion3() throws {
        let plain = Commit(groupID: .test, sequence: 1, actor: .bo, time: 2, changes: [.join(link: "team"), .acceptInvitation],
                           previousHash: Digest(hex: String(repeating: "11", count: 32)))
        let bytes = CommitCodec.encode(plain)
        #expect(bytes.first == 3)
        #expect(CommitCodec.version(of: plain) == CommitCodec.unsignedVersion)
        // Hand-written version 3: header, then join "team" (23, present, "team") and acceptInvitation (21).
        var expected = BinaryWriter()
        expected.writeByte(3)
        expected.writeGroupID(.test)
        expected.writeVarint(1)
        expected.writeBool(true)
        expected.writeDigest(plain.previousHash!)
        expected.writeInbox(.bo)
        expected.writeVarint(2)
        expected.writeVarint(2)
        for byte: UInt8 in [23, 1, 4] { expected.writeByte(byte) }
        for byte in "team".utf8 { expected.writeByte(byte) }
        expected.writeByte(21)
        #expect(bytes == expected.bytes)
    }

    /// The signature trails the commit: a signed commit is its signed bytes, as version 4, with
    /// the key and the signature after them.
    @Test func aSignatureFollowsTheSignedBytes() throws {
        let unsigned = Commit(groupID: .test, sequence: 4, actor: .bo, time: 9, changes: [.leave], previousHash: nil)
        let signed = unsigned.signed(with: Self.bo)
        let signature = try #require(signed.signature)
        #expect(CommitCodec.signedBytes(signed) == CommitCodec.encode(unsigned))
        #expect(CommitCodec.signedBytes(signed).first == 3)
        let bytes = CommitCodec.encode(signed)
        #expect(bytes == [4] + CommitCodec.encode(unsigned).dropFirst() + [1] + Self.bo.publicKey.bytes + signature.bytes)
        #expect(Ed25519.verify(signature.bytes, of: CommitCodec.signedBytes(signed), by: Self.bo.publicKey))
        // A commit that records keys is in version 4 signed or not; unsigned, it ends with "no signature".
        let recording = Commit(groupID: .test, sequence: 4, actor: .bo, time: 9, changes: [.join(link: nil, keys: [.filled(5)])])
        let recordingBytes = CommitCodec.encode(recording)
        #expect(recordingBytes.first == 4 && recordingBytes.last == 0)
        #expect(CommitCodec.signedBytes(recording.signed(with: Self.bo)) == recordingBytes)
    }

    @Test func versionFourChangesGoldenBytes() throws {
        let key = PublicKey.filled(0x11)
        let raw = key.bytes
        func change(_ change: Change) -> [UInt8] {
            let bytes = CommitCodec.encode(Commit(groupID: .test, sequence: 0, actor: .alix, time: 0, changes: [change]))
            // Header: version, group ID, sequence, no previous hash, actor, time, one change; then
            // the change; then no signature.
            let header = 1 + 1 + 10 + 1 + 1 + 1 + 4 + 1 + 1
            #expect(bytes.first == 4 && bytes.last == 0)
            return Array(bytes[header..<(bytes.count - 1)])
        }
        #expect(change(.updateKeys(add: [key], remove: [])) == [40, 1] + raw + [0])
        #expect(change(.updateKeys(add: [], remove: [key, key])) == [40, 0, 2] + raw + raw)
        #expect(change(.join(link: nil, keys: [key])) == [23, 0, 1] + raw)
        #expect(change(.acceptInvitation(keys: [key])) == [21, 1] + raw)
        // addMembers [b]: inboxes, no identities, keys {b: [key]}.
        #expect(change(.addMembers(inboxes: [.named("b")], identities: [], keys: [.named("b"): [key]])) == [2, 1, 1, 0x62, 0, 1, 1, 0x62, 1] + raw)
        // Recorded keys come in inbox order, whatever the dictionary's.
        let two = change(.addMembers(inboxes: [.named("c"), .named("b")], identities: [], keys: [.named("c"): [], .named("b"): [key]]))
        #expect(two == [2, 2, 1, 0x63, 1, 0x62, 0, 2, 1, 0x62, 1] + raw + [1, 0x63, 0])
        // create: the version-3 fields, then requireSignatures and the keys.
        let create = change(.create(CreateConversation(requireSignatures: true)))
        #expect(Array(create.suffix(3)) == [0, 1, 0], "no fields, requireSignatures, no keys")
    }

    @Test func aVersionFourRecordOfAVersionThreeCommitIsNotCanonical() throws {
        let plain = CommitCodec.encode(Commit(groupID: .test, sequence: 0, actor: .alix, time: 0, changes: [.leave]))
        let dressed = [4] + plain.dropFirst() + [0]
        #expect(commitError(dressed)?.reason == .notCanonical(
            "a commit that is unsigned and records no key is written in version 3, not 4"))
        // And version 3 cannot hold what version 4 adds: updateKeys is an unknown op there.
        var v3 = BinaryWriter()
        for byte in plain.dropLast() { v3.writeByte(byte) }
        v3.writeByte(40)
        v3.writeByte(0)
        v3.writeByte(0)
        #expect(commitError(v3.bytes)?.reason == .unknownTag(40))
    }

    @Test func recordedKeysMustComeInInboxOrder() throws {
        let key = PublicKey.filled(0x22).bytes
        func addMembers(_ entries: [UInt8]) -> [UInt8] {
            var writer = BinaryWriter()
            writer.writeByte(4)
            writer.writeGroupID(.test)
            writer.writeVarint(0)
            writer.writeBool(false)
            writer.writeInbox(.alix)
            writer.writeVarint(0)
            writer.writeVarint(1)
            for byte in [2, 2, 1, 0x62, 1, 0x63, 0] + entries + [0] as [UInt8] { writer.writeByte(byte) }
            return writer.bytes
        }
        let ordered: [UInt8] = [2, 1, 0x62, 1] + key + [1, 0x63, 0]
        #expect(commitError(addMembers(ordered)) == nil)
        let reversed: [UInt8] = [2, 1, 0x63, 0, 1, 0x62, 1] + key
        #expect(commitError(addMembers(reversed))?.reason == .notCanonical("inboxes out of order or listed twice"))
        let twice: [UInt8] = [2, 1, 0x62, 0, 1, 0x62, 0]
        #expect(commitError(addMembers(twice))?.reason == .notCanonical("inboxes out of order or listed twice"))
    }

    // MARK: Signing and verifying

    @Test func signingIsDeterministicAndVerifies() throws {
        let commit = Commit(groupID: .named("team"), sequence: 7, actor: .bo, time: 42, changes: [.updateName("Team")],
                            previousHash: Digest(hex: String(repeating: "0f", count: 32)))
        let signed = commit.signed(with: Self.bo)
        #expect(signed == commit.signed(with: Self.bo))
        #expect(signed.unsigned == commit)
        #expect(try signed.verifiedSigner() == Self.bo.publicKey)
        #expect(try commit.verifiedSigner() == nil)
        #expect(signed.hasValidSignature && commit.hasValidSignature)
        // Signing again replaces the signature.
        #expect(signed.signed(with: Self.alix).signature?.publicKey == Self.alix.publicKey)
        #expect(try signed.signed(with: Self.alix).verifiedSigner() == Self.alix.publicKey)
    }

    /// Every part of the commit is covered: changing any is caught.
    @Test func aTamperedCommitDoesNotVerify() throws {
        let commit = Commit(groupID: .named("team"), sequence: 7, actor: .bo, time: 42, changes: [.updateName("Team")],
                            previousHash: Digest(hex: String(repeating: "0f", count: 32)))
        let signature = try #require(commit.signed(with: Self.bo).signature)
        let tampered = [
            Commit(groupID: .named("other"), sequence: 7, actor: .bo, time: 42, changes: [.updateName("Team")], previousHash: commit.previousHash),
            Commit(groupID: .named("team"), sequence: 8, actor: .bo, time: 42, changes: [.updateName("Team")], previousHash: commit.previousHash),
            Commit(groupID: .named("team"), sequence: 7, actor: .bo, time: 42, changes: [.updateName("Team")], previousHash: nil),
            Commit(groupID: .named("team"), sequence: 7, actor: .alix, time: 42, changes: [.updateName("Team")], previousHash: commit.previousHash),
            Commit(groupID: .named("team"), sequence: 7, actor: .bo, time: 43, changes: [.updateName("Team")], previousHash: commit.previousHash),
            Commit(groupID: .named("team"), sequence: 7, actor: .bo, time: 42, changes: [.updateName("Evil")], previousHash: commit.previousHash),
        ]
        for edited in tampered {
            let forged = edited.with(signature: signature)
            #expect(!forged.hasValidSignature)
            #expect(throws: SignatureError(groupID: edited.groupID, sequence: edited.sequence, actor: edited.actor, publicKey: Self.bo.publicKey)) {
                try forged.verifiedSigner()
            }
        }
        // The right signature under another key's name.
        let renamed = commit.with(signature: CommitSignature(publicKey: Self.alix.publicKey, bytes: signature.bytes))
        #expect(throws: SignatureError.self) { try renamed.verifiedSigner() }
        let error = SignatureError(groupID: .named("team"), sequence: 7, actor: .bo, publicKey: Self.bo.publicKey)
        #expect(error.description.contains("commit 7 of group team"))
        #expect(error.description.contains(Self.bo.publicKey.base64))
    }

    /// The chain's commit hash covers the signature: it is part of the stored commit.
    @Test func theCommitHashCoversTheSignature() throws {
        let commit = Commit(groupID: .test, sequence: 1, actor: .bo, time: 2, changes: [.leave])
        let byBo = commit.signed(with: Self.bo)
        let byCaro = commit.signed(with: Self.caro)
        #expect(CommitCodec.hash(byBo) == SHA256.hash(CommitCodec.encode(byBo)))
        #expect(Set([CommitCodec.hash(commit), CommitCodec.hash(byBo), CommitCodec.hash(byCaro)]).count == 3)
    }

    // MARK: Garbled signatures

    @Test func everyTruncationOfASignedCommitIsRefused() throws {
        for commit in Self.sampleCommits {
            let bytes = CommitCodec.encode(commit)
            for length in 0..<bytes.count {
                #expect(commitError(Array(bytes[0..<length])) != nil, "cut at \(length) of \(bytes.count)")
            }
            #expect(commitError(bytes + [0]) == .init(reading: "commit", offset: bytes.count, reason: .trailingBytes(count: 1)))
        }
    }

    /// A garbled signature decodes (64 bytes are 64 bytes) but never verifies; garbled framing
    /// around it is refused by the decoder.
    @Test func aGarbledSignatureNeverVerifies() throws {
        var random = SeededGenerator(seed: 0x5161)
        let signed = Self.sampleCommits[2]
        let bytes = CommitCodec.encode(signed)
        let trailer = bytes.count - PublicKey.byteCount - CommitSignature.byteCount - 1
        #expect(bytes[trailer] == 1)
        for index in trailer..<bytes.count {
            for mask in [0x01, 0x80, UInt8.random(in: 1...0xFF, using: &random)] as [UInt8] {
                var garbled = bytes
                garbled[index] ^= mask
                guard let decoded = try? CommitCodec.decode(garbled) else { continue }
                #expect(index > trailer, "the presence flag \(mask) decoded")
                #expect(!decoded.hasValidSignature, "byte \(index) ^ \(mask) still verifies")
                #expect(throws: SignatureError.self) { try decoded.verifiedSigner() }
            }
        }
        // The presence flag: 0 leaves 96 trailing bytes, 2 is no boolean.
        var absent = bytes
        absent[trailer] = 0
        #expect(commitError(absent)?.reason == .trailingBytes(count: 96))
        absent[trailer] = 2
        #expect(commitError(absent)?.reason == .invalidBoolean(2))
        // Random bytes in place of the signature never verify.
        for _ in 0..<50 {
            var noise = bytes
            for index in (bytes.count - CommitSignature.byteCount)..<bytes.count { noise[index] = UInt8.random(in: 0...255, using: &random) }
            let decoded = try CommitCodec.decode(noise)
            #expect(!decoded.hasValidSignature)
        }
    }

    // MARK: States

    @Test func aStateWithoutSignaturesStaysInVersion3() throws {
        let group = TestGroup(.alix, CreateConversation(members: [.bo]))
        let state = try #require(group.state)
        #expect(!state.recordsSigningKeys && !state.requiresSignatures)
        #expect(StateCodec.encode(state).first == 3)
        #expect(StateCodec.version(of: state) == StateCodec.unsignedVersion)
    }

    @Test func aStateWithKeysRoundTripsInVersion4() throws {
        let state = try Self.stateWithKeys()
        let bytes = StateCodec.encode(state)
        #expect(bytes.first == 4)
        let decoded = try StateCodec.decode(bytes)
        #expect(decoded == state)
        #expect(StateCodec.encode(decoded) == bytes)
        #expect(decoded.requiresSignatures)
        #expect(decoded.signingKeys(of: .bo) == [.filled(9), .filled(8)])
        #expect(decoded.signingKeys(of: .caro) == [Self.caro.publicKey], "a former member keeps its keys")
        // The key index is rebuilt: only current members' keys bind.
        #expect(decoded.member(recording: .filled(8)) == .bo)
        #expect(decoded.member(recording: Self.caro.publicKey) == nil)
        #expect(StateCodec.hash(decoded) == StateCodec.hash(state))
        // A restored state judges the next commit as the replayed one does.
        let next = Commit(groupID: .test, sequence: 3, actor: .bo, time: 1_000_000, changes: [.updateName("x")],
                          signature: .claimed(by: .filled(8)))
        #expect(try decoded.applying(next) == state.applying(next))
        let forged = next.with(signature: .claimed(by: Self.alix.publicKey))
        #expect(throws: CommitRejection(changeIndex: nil, reason: .wrongSigningKey(.bo, key: Self.alix.publicKey))) {
            try decoded.applying(forged)
        }
    }

    @Test func aStateWhoseKeysAreAllDroppedGoesBackToVersion3() throws {
        var group = TestGroup()
        group.commit(.alix, .create(CreateConversation(keys: [.alix: [.filled(1)]])))
        #expect(StateCodec.encode(try #require(group.state)).first == 4)
        group.commit(.alix, .updateKeys(add: [], remove: [.filled(1)]))
        let keyless = try #require(group.state)
        #expect(!keyless.recordsSigningKeys && !keyless.requiresSignatures)
        #expect(StateCodec.encode(keyless).first == 3)
        #expect(try StateCodec.decode(StateCodec.encode(keyless)) == keyless)
    }

    @Test func aVersionFourRecordOfAVersionThreeStateIsNotCanonical() throws {
        let key = PublicKey.filled(0xAB)
        let group = TestGroup(.alix, CreateConversation(members: [.bo], keys: [.alix: [key]]))
        let bytes = StateCodec.encode(try #require(group.state))
        #expect(bytes.first == 4)
        // Take alix's one key out: a version-4 record of a state with no key and no signatures required.
        let list: [UInt8] = [1] + key.bytes
        let start = try #require((0...(bytes.count - list.count)).first { Array(bytes[$0..<$0 + list.count]) == list })
        let keyless = Array(bytes[..<start]) + [0] + Array(bytes[(start + list.count)...])
        #expect(stateError(keyless)?.reason == .notCanonical(
            "a state that requires no signatures and records no key is written in version 3, not 4"))
        // The same state in version 3 reads.
        let three = StateCodec.encode(TestGroup(.alix, CreateConversation(members: [.bo])).state!)
        #expect(three.first == 3 && stateError(three) == nil)
    }

    @Test func aKeyRecordedForTwoCurrentMembersIsAnInconsistentState() throws {
        // Two members with one key: the reducer never makes such a state, so a snapshot with
        // one is corrupt.
        var members = RestoredMembers(nextOrdinal: 2, capacity: 2)
        try members.append(MemberRecord(inbox: .alix, role: .superAdmin, state: .active, joinedAt: 1, addedBy: .alix, ordinal: 0,
                                        keys: [.filled(1)]))
        let clash = #expect(throws: InconsistentState.self) {
            try members.append(MemberRecord(inbox: .bo, role: .member, state: .active, joinedAt: 1, addedBy: .alix, ordinal: 1,
                                            keys: [.filled(1)]))
        }
        #expect(clash?.reason == "signing key \(PublicKey.filled(1)) is recorded for both alix and bo")
        var twice = RestoredMembers(nextOrdinal: 1, capacity: 1)
        #expect(throws: InconsistentState.self) {
            try twice.append(MemberRecord(inbox: .alix, role: .superAdmin, state: .active, joinedAt: 1, addedBy: .alix, ordinal: 0,
                                          keys: [.filled(1), .filled(1)]))
        }
        // A former member's key binds nobody: it may be a current member's too.
        var former = RestoredMembers(nextOrdinal: 2, capacity: 2)
        try former.append(MemberRecord(inbox: .alix, role: .member, state: .former(Departure(.left, at: 2)), joinedAt: 1,
                                       addedBy: .alix, ordinal: 0, keys: [.filled(1)]))
        try former.append(MemberRecord(inbox: .bo, role: .superAdmin, state: .active, joinedAt: 1, addedBy: .alix, ordinal: 1,
                                       keys: [.filled(1)]))
    }

    @Test func everyTruncationOfAStateWithKeysIsRefused() throws {
        let bytes = StateCodec.encode(try Self.stateWithKeys())
        for length in 0..<bytes.count {
            #expect(stateError(Array(bytes[0..<length])) != nil, "cut at \(length)")
        }
    }
}
