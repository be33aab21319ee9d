import GroupCore
import GroupFixtures
import GroupTestSupport
import Testing
@testable import GroupAudit

struct FixtureShrinkerTests {
    /// A passing fixture recorded from a random log of `count` commits (a fixture target, so no
    /// store is needed), as JSON to alter.
    static func recordedLog(seed: UInt64, count: Int = 120, from first: UInt64 = 0) throws -> JSONObject {
        var log = RandomLog(seed: seed)
        log.lifecycle = true
        let commits = log.commits(count: count)
        let fixture = Fixture(
            name: "random \(seed)", identities: claims(of: log),
            commits: commits.map { FixtureCommit(actor: $0.actor, time: $0.time, changes: $0.changes, expect: .applied) }
        )
        let source = try LogSource(fixture: fixture, groupID: .named("big"), name: "big.json")
        let recorded = try FixtureRecorder(source: source, replayedAs: .named("big")).record(from: first)
        guard case let .object(top) = recorded.document else { throw FixtureError(path: "$", message: "not an object") }
        return top
    }

    /// The fixture's commits as JSON objects.
    static func commits(of top: JSONObject) -> [JSONObject] {
        guard case let .array(items)? = top["commits"] else { return [] }
        return items.compactMap { item in
            if case let .object(commit) = item { return commit }
            return nil
        }
    }

    /// `top` with commit `index`'s expectation replaced.
    static func expecting(_ expect: JSONValue, at index: Int, in top: JSONObject) -> JSONObject {
        var commits = commits(of: top)
        commits[index]["expect"] = expect
        var altered = top
        altered["commits"] = .array(commits.map(JSONValue.object))
        return altered
    }

    static func bytes(_ top: JSONObject) -> [UInt8] { Array((JSONWriter.write(.object(top), pretty: true) + "\n").utf8) }

    /// The failure of a fixture's text run under the group ID `big`.
    static func difference(_ bytes: [UInt8]) throws -> FixtureDifference? {
        try FixtureRunner.run(try FixtureReader.read(bytes), groupID: .named("big")).difference
    }

    @Test func alteredCommitExpectationShrinksToAFewCommitsWithTheSameDifference() throws {
        let top = try Self.recordedLog(seed: 3)
        let commits = Self.commits(of: top)
        // The last applied commit, now expected to be refused.
        let index = try #require(commits.lastIndex { $0["expect"] == .string("applied") })
        let failing = Self.bytes(Self.expecting(.object(JSONObject(["rejected": .string("permissionDenied")])), at: index, in: top))
        let original = try #require(try Self.difference(failing))
        #expect(original.place == "commit \(index)")

        let shrinker = try FixtureShrinker(failing, groupID: .named("big"))
        let shrunk = try shrinker.shrink()
        #expect(shrunk.before == FixtureSize(commits: 120, changes: shrunk.before.changes, bytes: failing.count))
        #expect(shrunk.after.commits < 12, "\(shrunk.after)")
        #expect(shrunk.after.bytes * 4 < shrunk.before.bytes)
        let difference = try #require(try Self.difference(Array(shrunk.text.utf8)))
        #expect(shrunk.difference == difference)
        #expect(difference.expected == "rejected permissionDenied" && difference.actual == "applied")
        #expect(difference.commitIndex == shrunk.after.commits - 1, "the altered commit is the last one kept")
        #expect(try shrinker.shrink() == shrunk, "shrinking is deterministic")
    }

    @Test func alteredFinalExpectationShrinksToWhatMakesTheActualValue() throws {
        var top = try Self.recordedLog(seed: 4)
        guard case var .object(expect)? = top["expect"] else { Issue.record("no expect"); return }
        expect["name"] = .string("not the name")
        top["expect"] = .object(expect)
        let failing = Self.bytes(top)
        let original = try #require(try Self.difference(failing))
        #expect(original.place == "expect.name")

        let shrunk = try FixtureShrinker(failing, groupID: .named("big")).shrink()
        #expect(shrunk.after.commits < 12, "\(shrunk.after)")
        let difference = try #require(try Self.difference(Array(shrunk.text.utf8)))
        #expect(difference == original, "same place, expected and actual value")
        let fixture = try FixtureReader.read(Array(shrunk.text.utf8))
        #expect(fixture.expect == { var only = FixtureExpectation(); only.name = "not the name"; return only }())
    }

    @Test func wrongStateHashKeepsOnlyTheCreateAndThatExpectation() throws {
        var top = try Self.recordedLog(seed: 4)
        guard case var .object(expect)? = top["expect"] else { Issue.record("no expect"); return }
        let wrong = String(repeating: "0", count: 64)
        expect["stateHash"] = .string(wrong)
        top["expect"] = .object(expect)
        let shrunk = try FixtureShrinker(Self.bytes(top), groupID: .named("big")).shrink()
        #expect(shrunk.after.commits == 1)
        let difference = try #require(try Self.difference(Array(shrunk.text.utf8)))
        #expect(difference.place == "expect.stateHash" && difference.expected == wrong)
        let fixture = try FixtureReader.read(Array(shrunk.text.utf8))
        #expect(fixture.expect?.stateHash != nil && fixture.expect?.members == nil)
    }

    @Test func windowWithAStartStateMayLoseEveryCommitButTheFailingOne() throws {
        let top = try Self.recordedLog(seed: 3, from: 30)
        let commits = Self.commits(of: top)
        let index = try #require(commits.lastIndex { $0["expect"] == .string("applied") })
        let failing = Self.bytes(Self.expecting(.object(JSONObject(["rejected": .string("permissionDenied")])), at: index, in: top))
        let shrunk = try FixtureShrinker(failing, groupID: .named("big")).shrink()
        #expect(shrunk.after.commits == 1 && shrunk.after.changes == 1, "\(shrunk.after)")
        let fixture = try FixtureReader.read(Array(shrunk.text.utf8))
        #expect(fixture.start?.sequence == 29)
        #expect(try Self.difference(Array(shrunk.text.utf8))?.expected == "rejected permissionDenied")
    }

    @Test func commitKeepsOnlyTheChangeThatFails() throws {
        let json = """
        {"commits": [
          {"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo", "caro"]}]},
          {"actor": "alix", "changes": [{"op": "updateName", "name": "a"}]},
          {"actor": "bo", "changes": [{"op": "updateName", "name": "b"}, {"op": "addAdmin", "inbox": "caro"},
                                      {"op": "updateDescription", "description": "c"}]},
          {"actor": "alix", "changes": [{"op": "updateName", "name": "d"}]}
        ]}
        """
        let shrunk = try FixtureShrinker(Array(json.utf8), groupID: .test).shrink()
        let fixture = try FixtureReader.read(Array(shrunk.text.utf8))
        #expect(fixture.commits.map(\.changes) == [[.create(CreateConversation(members: [.bo, .caro]))], [.addAdmin(.caro)]])
        #expect(fixture.commits.map(\.time) == [1_000, 1_000], "default times are made explicit")
        #expect(shrunk.difference?.place == "commit 1")
        #expect(shrunk.difference?.actual.hasPrefix("rejected permissionDenied") == true)
        #expect(shrunk.before == FixtureSize(commits: 4, changes: 6, bytes: json.utf8.count))
        #expect((shrunk.after.commits, shrunk.after.changes) == (2, 2))
    }

    @Test func passingFixtureHasNothingToShrink() throws {
        let top = try Self.recordedLog(seed: 3, count: 20)
        #expect(throws: FixtureShrinkError.passes) { try FixtureShrinker(Self.bytes(top), groupID: .named("big")).shrink() }
        #expect(FixtureShrinkError.passes.description == "the fixture passes: nothing to shrink")
    }

    @Test func malformedFixtureIsAFixtureError() throws {
        let error = try #require(throws: FixtureError.self) {
            try FixtureShrinker(Array(#"{"commits": []}"#.utf8), file: "empty.json", groupID: .test)
        }
        #expect(error.description == "empty.json at $.commits: a fixture needs at least one commit")
    }

    @Test func sizesReadWithThousandsSeparators() {
        #expect(FixtureSize(commits: 120, changes: 1, bytes: 41_233).description == "120 commits (1 change, 41,233 bytes)")
        #expect(FixtureSize(commits: 1, changes: 3, bytes: 1_234_567).description == "1 commit (3 changes, 1,234,567 bytes)")
    }
}

struct DeltaDebuggingTests {
    @Test func findsTheOneMinimalFailingSubset() {
        var tests = 0
        let result = DeltaDebugging.minimize(Array(0..<40), keepingOne: false) { candidate in
            tests += 1
            return candidate.contains(3) && candidate.contains(27)
        }
        #expect(result == [3, 27])
        #expect(tests < 200)
    }

    @Test func emptyResultOnlyWhenAllowed() {
        #expect(DeltaDebugging.minimize([1, 2, 3], keepingOne: false) { _ in true } == [])
        #expect(DeltaDebugging.minimize([1, 2, 3], keepingOne: true) { _ in true }.count == 1)
        #expect(DeltaDebugging.minimize([1, 2, 3], keepingOne: true) { !$0.isEmpty && $0.allSatisfy { $0 > 1 } } == [2])
    }

    @Test func keepsTheOrderOfWhatRemains() {
        let result = DeltaDebugging.minimize(Array("abcdefghij"), keepingOne: true) { candidate in
            Set("bdh").isSubset(of: Set(candidate))
        }
        #expect(String(result) == "bdh")
    }
}

extension FixtureShrinkerTests {
    /// A log that adds caro (by handle or by inbox), then caro is refused an admin grant, which
    /// the fixture wrongly expects to pass; it claims two identities. The refusal is
    /// `permissionDenied` only while caro is a member (`notAMember` otherwise).
    static func identityFixture(addsByHandle: Bool) -> [UInt8] {
        let adding = addsByHandle ? #"{"op": "addMembers", "identities": [{"handle": "caro.eth"}]}"# : #"{"op": "addMembers", "inboxes": ["caro"]}"#
        let text = """
        {"identities": [{"inbox": "caro", "handles": ["caro.eth"]}, {"inbox": "dave", "handles": ["dave.eth"]}],
         "commits": [
           {"actor": "alix", "time": 1, "changes": [{"op": "create", "members": ["bo"]}]},
           {"actor": "alix", "changes": [\(adding)]},
           {"actor": "caro", "changes": [{"op": "addAdmin", "inbox": "bo"}], "expect": "applied"}
         ]}
        """
        return Array(text.utf8)
    }

    @Test func identitiesNoCommitResolvesThroughAreDropped() throws {
        let shrunk = try FixtureShrinker(Self.identityFixture(addsByHandle: false), groupID: .named("big")).shrink()
        let fixture = try FixtureReader.read(Array(shrunk.text.utf8))
        #expect(fixture.identities.isEmpty)
        #expect(shrunk.difference?.actual.hasPrefix("rejected permissionDenied") == true)
    }

    @Test func identitiesACommitResolvesThroughAreKept() throws {
        let shrunk = try FixtureShrinker(Self.identityFixture(addsByHandle: true), groupID: .named("big")).shrink()
        let fixture = try FixtureReader.read(Array(shrunk.text.utf8))
        #expect(fixture.identities.map(\.inbox) == [InboxID.caro])
        #expect(fixture.commits.count == 3, "adding caro is needed for the same refusal")
    }
}
