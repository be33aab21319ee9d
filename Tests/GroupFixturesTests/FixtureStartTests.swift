import GroupCodec
import GroupCore
import GroupFixtures
import GroupTestSupport
import Testing

/// Fixtures that start mid-log: the `start` key (docs/decisions.md, "Fixtures that start mid-log").
struct FixtureStartTests {
    /// The state after commit 2 of a small log: alix created a group of bo and caro at 1000 and
    /// made bo an admin at 2000; bo's grant of super admin at 3000 was refused.
    static func startState() -> GroupState {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], name: "Team"))
        group.commit(.alix, .addAdmin(.bo), at: 2_000)
        group.commit(.bo, .addSuperAdmin(.bo), at: 3_000)
        return group.state!
    }

    /// A fixture whose log goes on from `start`: bo adds davon, caro is refused a rename.
    static func document(start: String, firstTime: String = #""time": 4000, "#) -> String {
        """
        {"name": "window", "start": \(start),
         "commits": [
           {"actor": "bo", \(firstTime)"changes": [{"op": "addMembers", "inboxes": ["davon"]}]},
           {"actor": "caro", "changes": [{"op": "updatePermission", "kind": "addMember", "policy": "allowAll"}],
            "expect": {"rejected": "permissionDenied"}}
         ],
         "expect": {"members": {"alix": "superAdmin", "bo": "admin", "caro": "member", "davon": "member"}}}
        """
    }

    static func startJSON(sequence: UInt64 = 2, state: GroupState = startState()) -> String {
        JSONWriter.write(FixtureWriter.json(FixtureStart(sequence: sequence, state: state)))
    }

    private func read(_ json: String) throws -> Fixture {
        try FixtureReader.read(Array(json.utf8), file: "window.json")
    }

    @Test func startStateRoundTripsAndTheLogFoldsFromIt() throws {
        let state = Self.startState()
        let fixture = try read(Self.document(start: Self.startJSON()))
        #expect(fixture.start == FixtureStart(sequence: 2, state: state))
        #expect(fixture.firstSequence == 3)
        let run = try FixtureRunner.run(fixture, groupID: .test)
        #expect(run.difference == nil)
        #expect(run.commits.map(\.sequence) == [3, 4])
        #expect(run.state?.lastAppliedSequence == 3)
    }

    @Test func writerAndReaderAgreeOnTheJSON() throws {
        let state = Self.startState()
        let json = FixtureWriter.json(FixtureStart(sequence: 5, state: state))
        guard case let .object(object) = json else { Issue.record("start is not an object"); return }
        #expect(object.keys == ["sequence", "stateHash", "state"])
        #expect(object["sequence"] == .uint(5))
        #expect(object["stateHash"] == .string(StateCodec.hash(state).hex))
        #expect(object["state"] == .string(Base64.encode(StateCodec.encode(state))))
        let fixture = try read(Self.document(start: JSONWriter.write(json)))
        #expect(fixture.start?.sequence == 5)
        #expect(fixture.start?.stateHash == StateCodec.hash(state))
    }

    @Test func firstCommitTimeDefaultsToTheStateTime() throws {
        let fixture = try read(Self.document(start: Self.startJSON(), firstTime: ""))
        #expect(fixture.commits.map(\.time) == [2_000, 2_000])
        #expect(try FixtureRunner.run(fixture, groupID: .test).passed)
    }

    @Test func replayTakesTheFixturesGroupIDNotTheRecordedOne() throws {
        let fixture = try read(Self.document(start: Self.startJSON()))
        let replayed = GroupID.named("window")
        let replica = try FixtureRunner.startingReplica(of: fixture, groupID: replayed)
        #expect(replica.state?.groupID == replayed)
        #expect(replica.state == Self.startState().relabeled(as: replayed))
        let run = try FixtureRunner.run(fixture, groupID: replayed)
        #expect(run.state?.groupID == replayed)
    }

    @Test func startWithNoGroupRejectsEveryCommitAsGroupNotFound() throws {
        let json = #"""
        {"start": {"sequence": 4, "stateHash": null, "state": null},
         "commits": [{"actor": "alix", "changes": [{"op": "create", "members": ["bo"]}], "expect": {"rejected": "groupNotFound"}}]}
        """#
        let fixture = try read(json)
        #expect(fixture.start == FixtureStart(sequence: 4, state: nil))
        let run = try FixtureRunner.run(fixture, groupID: .test)
        #expect(run.passed)
        #expect(run.commits.map(\.sequence) == [5])
    }

    @Test func startAfterARejectedCommitMayBeLaterThanTheLastAppliedOne() throws {
        // The state after commit 2 was last changed by commit 1.
        #expect(Self.startState().lastAppliedSequence == 1)
        let fixture = try read(Self.document(start: Self.startJSON(sequence: 2)))
        #expect(try FixtureRunner.run(fixture, groupID: .test).passed)
    }

    static let bad: [(label: String, start: String, path: String, message: String)] = {
        let state = startState()
        let bytes = StateCodec.encode(state)
        let hash = SHA256.hash(bytes).hex
        let garbage: [UInt8] = [StateCodec.version, 1, 2, 3]
        func start(_ stateHash: String, _ base64: String, sequence: String = "2") -> String {
            #"{"sequence": \#(sequence), "stateHash": \#(stateHash), "state": \#(base64)}"#
        }
        let encoded = "\"\(Base64.encode(bytes))\""
        return [
            ("not an object", "7", "$.start", "expected an object"),
            ("unknown key", #"{"sequence": 2, "stateHash": null, "state": null, "hash": 1}"#, "$.start.hash", "unknown key"),
            ("missing sequence", #"{"stateHash": null, "state": null}"#, "$.start", #"missing required key "sequence""#),
            ("missing state", #"{"sequence": 2, "stateHash": null}"#, "$.start", #"missing required key "state""#),
            ("bad base64", start("\"\(hash)\"", "\"not base64!\""), "$.start.state", "not valid base64"),
            ("hash mismatch", start("\"\(String(repeating: "0", count: 64))\"", encoded), "$.start.stateHash",
             "the state's hash is \(hash), not 0000"),
            ("hash not hex", start("\"xyz\"", encoded), "$.start.stateHash", "expected 64 hexadecimal digits"),
            ("undecodable state", start("\"\(SHA256.hash(garbage).hex)\"", "\"\(Base64.encode(garbage))\""), "$.start.state",
             "not a state encoding this build reads"),
            ("sequence before the state's last commit", start("\"\(hash)\"", encoded, sequence: "0"), "$.start.sequence",
             "the state's last applied commit is 1, after the start's sequence 0"),
            ("hash without a state", start("\"\(hash)\"", "null"), "$.start.stateHash", "must be null when the state is null"),
            ("no room for the commits", start("\"\(hash)\"", encoded, sequence: "18446744073709551615"), "$.start.sequence",
             "leaves no room for 2 commits"),
        ]
    }()

    @Test(arguments: bad.indices)
    func refusesABadStartAtItsPath(_ index: Int) throws {
        let bad = Self.bad[index]
        let error = try #require(throws: FixtureError.self, "\(bad.label)") { try read(Self.document(start: bad.start)) }
        #expect(error.path == bad.path, "\(bad.label)")
        #expect(error.message.contains(bad.message), "\(bad.label): \(error.message)")
        #expect(error.description.hasPrefix("window.json at \(bad.path): "))
    }

    @Test func fixturesWithoutStartStillBeginAtCommitZero() throws {
        let fixture = try read(#"{"commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}"#)
        #expect(fixture.start == nil && fixture.firstSequence == 0)
        #expect(try FixtureRunner.run(fixture, groupID: .test).commits.map(\.sequence) == [0])
    }
}
