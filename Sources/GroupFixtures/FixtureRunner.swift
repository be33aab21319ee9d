import GroupCodec
import GroupCore

/// The first place where a fixture's log disagrees with what it expects.
public struct FixtureDifference: Equatable, Sendable, CustomStringConvertible {
    /// `commit 3` or `expect.members`.
    public let place: String
    public let expected: String
    public let actual: String
    /// The index in the fixture's commits of the commit whose outcome differs; nil for a
    /// difference in the final expectations.
    public let commitIndex: Int?

    init(place: String, expected: String, actual: String, commitIndex: Int? = nil) {
        self.place = place
        self.expected = expected
        self.actual = actual
        self.commitIndex = commitIndex
    }

    public var description: String { "\(place): expected \(expected), actual \(actual)" }
}

/// A fixture's log folded to its end, with every outcome and the first difference, if any.
public struct FixtureRun: Sendable {
    public let fixture: Fixture
    /// The commits as the reducer saw them: numbered, chained, with identities resolved, keys
    /// recorded and signatures made and verified.
    public let commits: [Commit]
    public let outcomes: [CommitOutcome]
    /// The state after the last commit; nil when the log has no group (commit 0 was rejected).
    public let state: GroupState?
    public let directory: IdentityDirectory
    public let difference: FixtureDifference?

    public var passed: Bool { difference == nil }
}

/// Runs fixtures: folds the log, checks each commit's expected outcome, then the final expectations.
public enum FixtureRunner {
    /// The fixture's commits for `groupID` (the fixture's own `group` when it names one),
    /// numbered from its first sequence (0, or the one after its start state), as a submitter
    /// would have recorded them: identities resolved through the fixture's directory, the
    /// configuration's member limit and fields written into `create` and `registerFields`, the
    /// directory's keys recorded in the changes that make members (unless a change records keys
    /// already, as an exported log's do), each commit chained to the one before (the first to
    /// the start's `previousHash`), then signed as its `signing` says (SPEC section 14).
    ///
    /// Signatures are not verified here: ``run(_:groupID:)`` verifies them, as a door does. A
    /// `signWith` naming an inbox the fixture gives no key leaves the commit unsigned (the
    /// reader refuses one).
    public static func commits(of fixture: Fixture, groupID: GroupID, directory: IdentityDirectory) -> [Commit] {
        let groupID = fixture.group ?? groupID
        let kind = conversationKind(of: fixture)
        let first = fixture.firstSequence
        var previous = fixture.start?.previousHash
        var commits: [Commit] = []
        commits.reserveCapacity(fixture.commits.count)
        for (index, entry) in fixture.commits.enumerated() {
            let changes = entry.changes.map { change in
                let prepared = fixture.config.preparing(directory.resolving(change), in: kind)
                return prepared.recordsKeys ? prepared : directory.recordingKeys(prepared, actor: entry.actor)
            }
            var commit = Commit(groupID: groupID, sequence: first + UInt64(index), actor: entry.actor, time: entry.time,
                                changes: changes, previousHash: previous)
            switch entry.signing {
            case .actorKey: if let key = fixture.signingKey(of: entry.actor) { commit = commit.signed(with: key) }
            case .unsigned: break
            case let .keyOf(inbox): if let key = fixture.signingKey(of: inbox) { commit = commit.signed(with: key) }
            case let .recorded(signature): commit = commit.with(signature: signature)
            }
            previous = CommitCodec.hash(commit)
            commits.append(commit)
        }
        return commits
    }

    /// Checks every signature of `commits` (made from `fixture`) as a door does: one that does
    /// not verify is malformed input, refused with an error naming the commit.
    public static func verifySignatures(of commits: [Commit], in fixture: Fixture) throws(FixtureError) {
        for (index, commit) in commits.enumerated() where commit.signature != nil {
            do throws(SignatureError) {
                try commit.verifiedSigner()
            } catch {
                let recorded = if case .recorded = fixture.commits[index].signing { true } else { false }
                throw FixtureError(path: "$.commits[\(index)]" + (recorded ? ".signature" : ""), message: error.description)
            }
        }
    }

    /// The kind of conversation the log is about: its start state's, else what its `create` makes.
    private static func conversationKind(of fixture: Fixture) -> ConversationKind? {
        if let start = fixture.start { return start.state?.kind }
        guard case let .create(request) = fixture.commits.first?.changes.first else { return nil }
        return request.kind
    }

    /// The replica the fixture's first commit is folded into: an empty one, as a log starts, or
    /// the fixture's start state, under `groupID` (the fixture's own `group` when it names one)
    /// like the commits.
    public static func startingReplica(of fixture: Fixture, groupID: GroupID) throws(FixtureError) -> Replica {
        Replica(resuming: fixture.start?.state?.relabeled(as: fixture.group ?? groupID), defaultMemberLimit: fixture.config.memberLimit)
    }

    /// Folds the whole log and compares it with the fixture's expectations.
    /// - Throws: ``FixtureError`` for malformed input: a directory claim another inbox holds, or
    ///   a signature that does not verify.
    public static func run(_ fixture: Fixture, groupID: GroupID) throws(FixtureError) -> FixtureRun {
        let groupID = fixture.group ?? groupID
        let directory = try fixture.directory()
        let commits = commits(of: fixture, groupID: groupID, directory: directory)
        try verifySignatures(of: commits, in: fixture)
        var replica = try startingReplica(of: fixture, groupID: groupID)
        var lastEvents: [DomainEvent] = []
        let outcomes = commits.map { commit in
            let outcome = replica.fold(commit)
            if outcome.isApplied { lastEvents = replica.lastEvents }
            return outcome
        }
        var difference: FixtureDifference?
        for (index, (outcome, commit)) in zip(outcomes, fixture.commits).enumerated() {
            if let mismatch = compare(outcome, commit.expect) {
                difference = FixtureDifference(place: "commit \(index)", expected: commit.expect.description, actual: mismatch,
                                               commitIndex: index)
                break
            }
        }
        if difference == nil, let expect = fixture.expect {
            difference = ExpectationCheck(state: replica.state, events: lastEvents).firstDifference(from: expect)
        }
        return FixtureRun(fixture: fixture, commits: commits, outcomes: outcomes, state: replica.state,
                          directory: directory, difference: difference)
    }

    /// The actual outcome's description when it differs from the expected one.
    private static func compare(_ outcome: CommitOutcome, _ expected: ExpectedOutcome) -> String? {
        switch (outcome, expected) {
        case (.applied, .applied): return nil
        case let (.rejected(rejection), .rejected(code)) where rejection.reason.code == code: return nil
        case (.applied, _): return "applied"
        case let (.rejected(rejection), _): return "rejected \(rejection)"
        }
    }
}
