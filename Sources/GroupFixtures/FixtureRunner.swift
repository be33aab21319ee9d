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
    /// The commits as the reducer saw them: numbered, with identities resolved.
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
    /// The fixture's commits for `groupID`, numbered from its first sequence (0, or the one after
    /// its start state), as a submitter would have recorded them: identities resolved through the
    /// fixture's directory, and the configuration's member limit and fields written into `create`
    /// and `registerFields`.
    public static func commits(of fixture: Fixture, groupID: GroupID, directory: IdentityDirectory) -> [Commit] {
        let kind = conversationKind(of: fixture)
        let first = fixture.firstSequence
        return fixture.commits.enumerated().map { index, commit in
            Commit(groupID: groupID, sequence: first + UInt64(index), actor: commit.actor, time: commit.time,
                   changes: commit.changes.map { fixture.config.preparing(directory.resolving($0), in: kind) })
        }
    }

    /// The kind of conversation the log is about: its start state's, else what its `create` makes.
    private static func conversationKind(of fixture: Fixture) -> ConversationKind? {
        if let start = fixture.start { return start.state?.kind }
        guard case let .create(request) = fixture.commits.first?.changes.first else { return nil }
        return request.kind
    }

    /// The replica the fixture's first commit is folded into: an empty one, as a log starts, or
    /// the fixture's start state, under `groupID` like the commits.
    public static func startingReplica(of fixture: Fixture, groupID: GroupID) throws(FixtureError) -> Replica {
        Replica(resuming: fixture.start?.state?.relabeled(as: groupID), defaultMemberLimit: fixture.config.memberLimit)
    }

    /// Folds the whole log and compares it with the fixture's expectations.
    public static func run(_ fixture: Fixture, groupID: GroupID) throws(FixtureError) -> FixtureRun {
        let directory = try fixture.directory()
        let commits = commits(of: fixture, groupID: groupID, directory: directory)
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
