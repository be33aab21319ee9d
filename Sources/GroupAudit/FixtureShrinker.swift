import GroupCore
import GroupFixtures

/// Makes a failing fixture smaller while it keeps failing with the same first difference
/// (``FailureSignature``), by delta debugging (``DeltaDebugging``):
///
/// 1. the top-level `expect` keys, so that only the one that fails is left (keys before it pass,
///    keys after it are never reached), and a later key cannot block removing commits;
/// 2. the commits, never the first when it is the `create` of a log that starts at commit 0
///    (with a start state any commit may go);
/// 3. the changes of each remaining commit, keeping at least one per commit;
///
/// repeating 2 and 3 until neither removes anything; then
/// 4. the entries of `identities`, so that only the claims the remaining commits resolve through
///    are left.
///
/// Every candidate is a well-formed fixture: each commit keeps its actor, time (made explicit,
/// since a default time would shift as commits go) and expectation, and the config and start
/// state stay as they were. A candidate
/// that cannot be run counts as not failing. Every candidate, and the original, runs under one
/// group ID: the one the original's file gives.
public struct FixtureShrinker: Sendable {
    /// One commit of a candidate: its index in the original fixture, and the indexes of the
    /// changes it keeps.
    struct Kept: Equatable, Sendable {
        var commit: Int
        var changes: [Int]
    }

    private let fixture: Fixture
    private let top: JSONObject
    private let groupID: GroupID
    private let originalSize: FixtureSize
    /// Each original commit's JSON changes, to write the kept ones exactly as they were written.
    private let changeValues: [[JSONValue]]
    private let commitExpectations: [JSONValue?]

    /// - Parameters:
    ///   - bytes: the fixture file's contents.
    ///   - file: its path, for error messages.
    ///   - groupID: the group ID the fixture is run under (its file name's).
    /// - Throws: `FixtureError` when the fixture cannot be read.
    public init(_ bytes: [UInt8], file: String? = nil, groupID: GroupID) throws(FixtureError) {
        fixture = try FixtureReader.read(bytes, file: file)
        // The reader accepted the document, so it is an object whose commits are objects.
        guard case let .object(top) = try? JSONParser.parse(bytes), case let .array(items)? = top["commits"] else {
            throw FixtureError(file: file, path: "$", message: "expected an object with commits")
        }
        self.top = top
        self.groupID = groupID
        var changeValues: [[JSONValue]] = []
        var commitExpectations: [JSONValue?] = []
        for item in items {
            guard case let .object(commit) = item, case let .array(changes)? = commit["changes"] else {
                throw FixtureError(file: file, path: "$.commits", message: "expected commits with changes")
            }
            changeValues.append(changes)
            commitExpectations.append(commit["expect"])
        }
        self.changeValues = changeValues
        self.commitExpectations = commitExpectations
        originalSize = FixtureSize(commits: fixture.commits.count, changes: changeValues.reduce(0) { $0 + $1.count },
                                   bytes: bytes.count)
    }

    /// Shrinks the fixture.
    /// - Throws: ``FixtureShrinkError/passes`` when the fixture does not fail.
    public func shrink() throws(FixtureShrinkError) -> ShrunkFixture {
        var kept = fixture.commits.indices.map { Kept(commit: $0, changes: Array(fixture.commits[$0].changes.indices)) }
        guard let target = signature(of: kept, expect: fixture.expect) else { throw .passes }

        let expectKeys = DeltaDebugging.minimize(originalExpectKeys, keepingOne: false) { keys in
            guard let expect = expectation(keeping: keys) else { return false }
            return signature(of: kept, expect: expect) == target
        }
        let expect = expectation(keeping: expectKeys) ?? fixture.expect
        let fails = { (candidate: [Kept]) in signature(of: candidate, expect: expect) == target }

        let pinsCreate = fixture.start == nil && fixture.commits[0].changes.contains { if case .create = $0 { true } else { false } }
        while true {
            let before = kept
            let pinned = pinsCreate ? [kept[0]] : []
            let movable = Array(kept.dropFirst(pinned.count))
            kept = pinned + DeltaDebugging.minimize(movable, keepingOne: pinned.isEmpty) { fails(pinned + $0) }
            for position in kept.indices where kept[position].changes.count > 1 {
                let changes = DeltaDebugging.minimize(kept[position].changes, keepingOne: true) { changes in
                    var candidate = kept
                    candidate[position].changes = changes
                    return fails(candidate)
                }
                kept[position].changes = changes
            }
            if kept == before { break }
        }
        let identities = DeltaDebugging.minimize(Array(fixture.identities.indices), keepingOne: false) { identities in
            signature(of: kept, expect: expect, identities: identities) == target
        }

        let document = document(of: kept, expectKeys: expectKeys, identities: identities)
        let text = JSONWriter.write(document, pretty: true) + "\n"
        let size = FixtureSize(commits: kept.count, changes: kept.reduce(0) { $0 + $1.changes.count }, bytes: text.utf8.count)
        // The written text, read back, is what `fixture run` will see.
        let difference = (try? FixtureRunner.run(FixtureReader.read(Array(text.utf8)), groupID: groupID))?.difference
        return ShrunkFixture(text: text, before: originalSize, after: size, difference: difference)
    }

    // MARK: Candidates

    private var originalExpectKeys: [String] {
        guard case let .object(expect)? = top["expect"] else { return [] }
        return expect.keys
    }

    /// The original `expect` with only `keys`; nil when that does not read as an expectation.
    private func expectation(keeping keys: [String]) -> FixtureExpectation? {
        try? FixtureReader.expectation(.object(expectObject(keeping: keys)))
    }

    private func expectObject(keeping keys: [String]) -> JSONObject {
        guard case let .object(expect)? = top["expect"] else { return JSONObject() }
        return JSONObject(expect.members.filter { keys.contains($0.key) })
    }

    /// How a candidate fails; nil when it passes or cannot be run.
    /// - Parameter identities: the indexes of the `identities` entries kept; nil keeps them all.
    private func signature(of kept: [Kept], expect: FixtureExpectation?, identities: [Int]? = nil) -> FailureSignature? {
        var candidate = fixture
        if let identities { candidate.identities = identities.map { fixture.identities[$0] } }
        candidate.commits = kept.map { entry in
            let commit = fixture.commits[entry.commit]
            return FixtureCommit(actor: commit.actor, time: commit.time, changes: entry.changes.map { commit.changes[$0] },
                                 expect: commit.expect)
        }
        candidate.expect = expect
        guard let run = try? FixtureRunner.run(candidate, groupID: groupID) else { return nil }
        return FailureSignature(run, originals: kept.map(\.commit))
    }

    /// The candidate as a fixture document: the original's keys in their order, with the kept
    /// commits, changes and identities as they were written, and only the kept `expect` keys.
    private func document(of kept: [Kept], expectKeys: [String], identities: [Int]) -> JSONValue {
        var result = top
        if case let .array(entries)? = top["identities"] {
            result["identities"] = identities.isEmpty ? nil : .array(identities.map { entries[$0] })
        }
        result["commits"] = .array(kept.map { entry in
            let commit = fixture.commits[entry.commit]
            var object = JSONObject([
                "actor": .string(commit.actor.rawValue),
                "time": .uint(commit.time),
                "changes": .array(entry.changes.map { changeValues[entry.commit][$0] }),
            ])
            if let expect = commitExpectations[entry.commit] { object["expect"] = expect }
            return .object(object)
        })
        let expect = expectObject(keeping: expectKeys)
        result["expect"] = expect.isEmpty ? nil : .object(expect)
        return .object(result)
    }
}
