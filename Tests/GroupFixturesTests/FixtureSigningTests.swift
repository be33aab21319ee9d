import GroupCodec
import GroupCore
import GroupFixtures
import GroupTestSupport
import Testing

/// Signed commits in fixtures (SPEC sections 13 and 14): the `keys` section, `sign`,
/// `signWith` and a recorded `signature`, the runner that records keys, chains, signs and
/// verifies like a door, and export.
struct FixtureSigningTests {
    static let alix = Ed25519.PrivateKey.seeded(1)
    static let bo = Ed25519.PrivateKey.seeded(2)
    static let caro = Ed25519.PrivateKey.seeded(3)

    /// The base64 of a key's seed, as a fixture's `keys` writes it.
    static func seed(_ key: Ed25519.PrivateKey) -> String { Base64.encode(key.seed()) }

    /// `"keys": {...}` for alix and bo.
    static let keys = #""keys": {"alix": "\#(seed(alix))", "bo": "\#(seed(bo))"}"#

    /// A fixture with alix's and bo's keys whose commit 0 creates a group of alix, bo and caro
    /// (caro has no key), requiring signatures when `required`, followed by `commits`.
    static func fixture(required: Bool = false, _ commits: String..., top: String = keys) -> String {
        let create = #"{"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo", "caro"], "requireSignatures": \#(required)}]}"#
        return #"{\#(top), "commits": ["# + ([create] + commits).joined(separator: ", ") + "]}"
    }

    func read(_ json: String) throws(FixtureError) -> Fixture {
        try FixtureReader.read(Array(json.utf8), file: "signed.json")
    }

    func runFixture(_ json: String, as group: GroupID = .test) throws -> FixtureRun {
        try FixtureRunner.run(read(json), groupID: group)
    }

    // MARK: Reading

    @Test func readsKeysAndHowEachCommitIsSigned() throws {
        let signature = Self.bo.sign([1])
        let fixture = try read(Self.fixture(
            #"{"actor": "bo", "sign": false, "changes": [{"op": "leave"}]}"#,
            #"{"actor": "bo", "sign": true, "changes": [{"op": "leave"}]}"#,
            #"{"actor": "bo", "signWith": "alix", "changes": [{"op": "leave"}]}"#,
            #"{"actor": "bo", "signature": {"key": "\#(Self.bo.publicKey.base64)", "bytes": "\#(Base64.encode(signature))"}, "changes": [{"op": "leave"}]}"#,
            top: #""group": "team", "# + Self.keys))
        #expect(fixture.group == .named("team"))
        #expect(fixture.keys == [FixtureKey(inbox: .alix, key: Self.alix), FixtureKey(inbox: .bo, key: Self.bo)])
        #expect(fixture.signingKey(of: .bo) == Self.bo && fixture.signingKey(of: .caro) == nil)
        #expect(fixture.commits.map(\.signing) == [
            .actorKey, .unsigned, .actorKey, .keyOf(.alix), .recorded(CommitSignature(publicKey: Self.bo.publicKey, bytes: signature)!),
        ])
        // The directory holds the keys' public halves, after the identities.
        let directory = try fixture.directory()
        #expect(directory.keys(of: .alix) == [Self.alix.publicKey])
        #expect(directory.inbox(holding: Self.bo.publicKey) == .bo)
    }

    static let bad: [BadFixture] = [
        BadFixture("a seed that is not base64", fixture(top: #""keys": {"alix": "not base64!"}"#),
                   at: "$.keys.alix", saying: "an Ed25519 seed is not valid base64"),
        BadFixture("a seed of 31 bytes", fixture(top: #""keys": {"alix": "\#(Base64.encode([UInt8](repeating: 1, count: 31)))"}"#),
                   at: "$.keys.alix", saying: "an Ed25519 seed is 32 bytes, not 31"),
        BadFixture("a key for an invalid inbox", fixture(top: #""keys": {"has space": "\#(seed(alix))"}"#),
                   at: "$.keys.has space", saying: "invalid inbox ID"),
        BadFixture("one key for two inboxes", fixture(top: #""keys": {"alix": "\#(seed(alix))", "bo": "\#(seed(alix))"}"#),
                   at: "$.keys.bo", saying: "already claimed by alix"),
        BadFixture("keys that are not an object", fixture(top: #""keys": ["\#(seed(alix))"]"#),
                   at: "$.keys", saying: "expected an object"),
        BadFixture("a revoked key the fixture does not give", fixture(top: #""keys": {"alix": "\#(seed(alix))"}, "revokedKeys": ["bo"]"#),
                   at: "$.revokedKeys[0]", saying: #"the fixture's "keys" give no key to bo"#),
        BadFixture("a key revoked twice", fixture(top: #""keys": {"alix": "\#(seed(alix))"}, "revokedKeys": ["alix", "alix"]"#),
                   at: "$.revokedKeys[1]", saying: "alix's key is revoked twice"),
        BadFixture("revokedKeys that are not a list", fixture(top: #""keys": {"alix": "\#(seed(alix))"}, "revokedKeys": "alix""#),
                   at: "$.revokedKeys", saying: "expected an array"),
        BadFixture("signWith an inbox without a key", fixture(#"{"actor": "bo", "signWith": "caro", "changes": [{"op": "leave"}]}"#),
                   at: "$.commits[1].signWith", saying: #"the fixture's "keys" give no key to caro"#),
        BadFixture("sign and signWith together", fixture(#"{"actor": "bo", "sign": false, "signWith": "alix", "changes": [{"op": "leave"}]}"#),
                   at: "$.commits[1]", saying: #"give at most one of "sign", "signWith" and "signature""#),
        BadFixture("sign that is not a boolean", fixture(#"{"actor": "bo", "sign": "no", "changes": [{"op": "leave"}]}"#),
                   at: "$.commits[1].sign", saying: "expected a boolean"),
        BadFixture("a signature of 63 bytes",
                   fixture(#"{"actor": "bo", "signature": {"key": "\#(bo.publicKey.base64)", "bytes": "\#(Base64.encode([UInt8](repeating: 0, count: 63)))"}, "changes": [{"op": "leave"}]}"#),
                   at: "$.commits[1].signature.bytes", saying: "a signature is 64 bytes, not 63"),
        BadFixture("a signature without its key",
                   fixture(#"{"actor": "bo", "signature": {"bytes": "\#(Base64.encode([UInt8](repeating: 0, count: 64)))"}, "changes": [{"op": "leave"}]}"#),
                   at: "$.commits[1].signature", saying: #"missing required key "key""#),
        BadFixture("updateKeys with nothing", fixture(#"{"actor": "bo", "changes": [{"op": "updateKeys", "add": []}]}"#),
                   at: "$.commits[1].changes[0]", saying: "updateKeys needs at least one key"),
        BadFixture("updateKeys with a short key", fixture(#"{"actor": "bo", "changes": [{"op": "updateKeys", "add": ["AQID"]}]}"#),
                   at: "$.commits[1].changes[0].add[0]", saying: "a public key is 32 bytes, not 3"),
        BadFixture("create keys that are not lists",
                   #"{"commits": [{"actor": "alix", "changes": [{"op": "create", "keys": {"alix": "\#(alix.publicKey.base64)"}}]}]}"#,
                   at: "$.commits[0].changes[0].keys.alix", saying: "expected an array"),
        BadFixture("requireSignatures that is not a boolean",
                   #"{"commits": [{"actor": "alix", "changes": [{"op": "create", "requireSignatures": 1}]}]}"#,
                   at: "$.commits[0].changes[0].requireSignatures", saying: "expected a boolean"),
        BadFixture("memberKeys with a bad key", fixture(top: keys + #", "expect": {"memberKeys": {"bo": ["AA=="]}}"#),
                   at: "$.expect.memberKeys.bo[0]", saying: "a public key is 32 bytes, not 1"),
        BadFixture("a start's previous hash that is not hex",
                   #"{"start": {"sequence": 0, "stateHash": null, "state": null, "previousHash": "xyz"}, "commits": [{"actor": "alix", "changes": [{"op": "leave"}]}]}"#,
                   at: "$.start.previousHash", saying: "expected 64 hexadecimal digits"),
    ]

    @Test(arguments: bad)
    func refusesBadSigningInput(_ bad: BadFixture) throws {
        let error = try #require(throws: FixtureError.self) { try read(bad.json) }
        #expect(error.path == bad.path)
        for fragment in bad.message {
            #expect(error.message.contains(fragment), "message \(error.message.quoted) should contain \(fragment.quoted)")
        }
    }

    // MARK: Running

    @Test func theRunnerSignsEachCommitWithItsActorsKey() throws {
        let run = try runFixture(Self.fixture(
            #"{"actor": "bo", "changes": [{"op": "updateName", "name": "a"}]}"#,
            #"{"actor": "caro", "changes": [{"op": "updateName", "name": "b"}]}"#,
            #"{"actor": "bo", "sign": false, "changes": [{"op": "updateName", "name": "c"}]}"#,
            #"{"actor": "bo", "signWith": "alix", "changes": [{"op": "updateName", "name": "d"}]}"#))
        #expect(run.passed, "\(String(describing: run.difference))")
        #expect(run.commits.map { $0.signature?.publicKey } == [Self.alix.publicKey, Self.bo.publicKey, nil, nil, Self.alix.publicKey])
        for commit in run.commits { #expect(commit.hasValidSignature) }
        #expect(run.commits[1] == run.commits[1].unsigned.signed(with: Self.bo), "deterministic")
    }

    @Test func theRunnerChainsItsCommits() throws {
        let run = try runFixture(Self.fixture(#"{"actor": "bo", "changes": [{"op": "leave"}], "expect": {"rejected": "superAdminCannotLeave"}}"#,
                                       #"{"actor": "caro", "changes": [{"op": "updateName", "name": "x"}]}"#))
        #expect(run.commits[0].previousHash == nil)
        for (previous, commit) in zip(run.commits, run.commits.dropFirst()) {
            #expect(commit.previousHash == CommitCodec.hash(previous))
        }
    }

    @Test func theRunnerRecordsTheDirectorysKeys() throws {
        let run = try runFixture(Self.fixture(
            #"{"actor": "alix", "changes": [{"op": "createLink", "link": "team", "role": "member"}]}"#,
            top: #""keys": {"alix": "\#(Self.seed(Self.alix))", "bo": "\#(Self.seed(Self.bo))", "davon": "\#(Self.seed(Self.caro))"}"#
                + #", "expect": {"memberKeys": {"alix": ["\#(Self.alix.publicKey.base64)"], "bo": ["\#(Self.bo.publicKey.base64)"], "caro": [], "eri": []}}"#))
        #expect(run.passed, "\(String(describing: run.difference))")
        guard case let .create(request) = run.commits[0].changes[0] else {
            Issue.record("commit 0 is no create")
            return
        }
        #expect(request.keys == [.alix: [Self.alix.publicKey], .bo: [Self.bo.publicKey]])
        // A join and an acceptance record the actor's keys.
        let joined = try runFixture(
            #"{"keys": {"alix": "\#(Self.seed(Self.alix))", "davon": "\#(Self.seed(Self.caro))"}, "commits": ["#
                + #"{"actor": "alix", "changes": [{"op": "create", "joinRule": "open"}]}, "#
                + #"{"actor": "davon", "changes": [{"op": "join"}]}], "#
                + #""expect": {"memberKeys": {"davon": ["\#(Self.caro.publicKey.base64)"]}}}"#)
        #expect(joined.passed, "\(String(describing: joined.difference))")
        #expect(joined.commits[1].changes == [.join(link: nil, keys: [Self.caro.publicKey])])
    }

    @Test func keysAChangeRecordsAreKeptAsTheyAre() throws {
        let recorded = PublicKey.filled(0x33)
        let run = try runFixture(Self.fixture(
            #"{"actor": "alix", "changes": [{"op": "addMembers", "inboxes": ["davon"], "keys": {"davon": ["\#(recorded.base64)"]}}]}"#))
        #expect(run.passed)
        #expect(run.commits[1].changes == [.addMembers(inboxes: [.davon], identities: [], keys: [.davon: [recorded]])])
        #expect(run.state?.signingKeys(of: .davon) == [recorded])
    }

    @Test func aMemberKeysExpectationThatDoesNotHoldIsADifference() throws {
        let run = try runFixture(Self.fixture(top: Self.keys + #", "expect": {"memberKeys": {"bo": []}, "requireSignatures": false}"#))
        #expect(run.difference?.place == "expect.memberKeys.bo")
        #expect(run.difference?.expected == "[]" && run.difference?.actual == "[\(Self.bo.publicKey.base64)]")
        let required = try runFixture(Self.fixture(top: Self.keys + #", "expect": {"requireSignatures": true}"#))
        #expect(required.difference?.place == "expect.requireSignatures")
    }

    /// A signature over other bytes than the commit's is malformed input: the runner refuses it as
    /// a door does, naming the commit, and folds nothing.
    @Test func aSignatureOverATamperedCommitIsRefusedAtTheDoor() throws {
        // bo signed "Team"; the fixture's commit says "Evil".
        let original = try runFixture(Self.fixture(#"{"actor": "bo", "changes": [{"op": "updateName", "name": "Team"}]}"#))
        let signature = try #require(original.commits[1].signature)
        let tampered = Self.fixture(
            #"{"actor": "bo", "signature": {"key": "\#(signature.publicKey.base64)", "bytes": "\#(Base64.encode(signature.bytes))"}, "changes": [{"op": "updateName", "name": "Evil"}]}"#)
        let error = try #require(throws: FixtureError.self) { try runFixture(tampered) }
        #expect(error.path == "$.commits[1].signature")
        #expect(error.message.contains("the signature of commit 1 of group test-group (by bo) does not verify with its key \(Self.bo.publicKey.base64)"))
        // The same signature over the same commit passes.
        let same = Self.fixture(
            #"{"actor": "bo", "signature": {"key": "\#(signature.publicKey.base64)", "bytes": "\#(Base64.encode(signature.bytes))"}, "changes": [{"op": "updateName", "name": "Team"}]}"#)
        #expect(try runFixture(same).passed)
        // Under another group ID, what it signed is another commit.
        #expect(throws: FixtureError.self) { try runFixture(same, as: .named("other")) }
    }

    // MARK: Export

    /// What export writes of a signed log replays it: the same commits, signatures included,
    /// whatever the file it is saved under.
    @Test func exportRoundTripsSignatures() throws {
        let original = try runFixture(Self.fixture(
            required: true,
            #"{"actor": "bo", "changes": [{"op": "updateKeys", "add": ["\#(PublicKey.filled(0x21).base64)"]}]}"#,
            #"{"actor": "bo", "signWith": "alix", "changes": [{"op": "updateName", "name": "forged"}], "expect": {"rejected": "wrongSigningKey"}}"#,
            #"{"actor": "caro", "sign": false, "changes": [{"op": "updateName", "name": "unsigned"}], "expect": {"rejected": "unsignedCommit"}}"#,
            #"{"actor": "alix", "changes": [{"op": "addMembers", "inboxes": ["davon"], "keys": {"davon": ["\#(PublicKey.filled(4).base64)"]}}]}"#,
            top: #""keys": {"alix": "\#(Self.seed(Self.alix))", "bo": "\#(Self.seed(Self.bo))", "caro": "\#(Self.seed(Self.caro))"}"#),
            as: .named("team"))
        #expect(original.passed, "\(String(describing: original.difference))")
        #expect(original.state?.requiresSignatures == true)
        let exported = FixtureWriter.fixture(name: "export", commits: original.commits, outcomes: original.outcomes,
                                             state: original.state, identities: [])
        let text = JSONWriter.write(exported, pretty: true)
        #expect(text.contains(#""group": "team""#))
        #expect(text.contains(#""requireSignatures": true"#))
        #expect(!text.contains(Self.seed(Self.bo)), "export holds no private key")
        let reread = try read(text)
        #expect(reread.keys.isEmpty)
        let replayed = try FixtureRunner.run(reread, groupID: .named("some-file-name"))
        #expect(replayed.passed, "\(String(describing: replayed.difference))")
        #expect(replayed.commits == original.commits)
        #expect(replayed.state == original.state)
    }

    @Test func aStartsPreviousHashChainsTheFirstCommit() throws {
        let previous = try #require(Digest(hex: String(repeating: "ab", count: 32)))
        let start = FixtureStart(sequence: 0, state: nil, previousHash: previous)
        let json = FixtureWriter.json(start)
        #expect(JSONWriter.write(json).contains(previous.hex))
        let fixture = try read(#"{"start": "# + JSONWriter.write(json) + #", "commits": [{"actor": "alix", "changes": [{"op": "leave"}], "expect": {"rejected": "groupNotFound"}}]}"#)
        #expect(fixture.start == start)
        let run = try FixtureRunner.run(fixture, groupID: .test)
        #expect(run.commits.first?.previousHash == previous)
    }
}
