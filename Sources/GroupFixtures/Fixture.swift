import GroupCore

/// A log to replay and what must come of it (SPEC section 13).
public struct Fixture: Equatable, Sendable {
    public var name: String
    /// The operator configuration the log was made under.
    public var config: OperatorConfiguration
    /// Claims to load into the identity directory before the log runs, in order.
    public var identities: [IdentityClaims]
    public var commits: [FixtureCommit]
    /// What the final state must show; nil checks nothing beyond the commits' outcomes.
    public var expect: FixtureExpectation?
    /// The state the log starts from when it begins mid-log (an addition to SPEC section 13);
    /// nil for a log that begins at commit 0.
    public var start: FixtureStart?

    public init(name: String, config: OperatorConfiguration = OperatorConfiguration(), identities: [IdentityClaims] = [],
                start: FixtureStart? = nil, commits: [FixtureCommit], expect: FixtureExpectation? = nil) {
        self.name = name
        self.config = config
        self.identities = identities
        self.start = start
        self.commits = commits
        self.expect = expect
    }

    /// The sequence of the fixture's first commit: 0, or the one after its start state.
    public var firstSequence: UInt64 { start?.firstSequence ?? 0 }

    /// The identity directory the fixture's claims make.
    public func directory() throws(FixtureError) -> IdentityDirectory {
        var directory = IdentityDirectory()
        for (index, entry) in identities.enumerated() {
            for identity in entry.claims {
                do throws(IdentityDirectory.ClaimError) {
                    try directory.claim(identity, for: entry.inbox)
                } catch {
                    throw FixtureError(path: "$.identities[\(index)]", message: error.description)
                }
            }
        }
        return directory
    }
}

/// One commit of a fixture's log, with the outcome it must have.
public struct FixtureCommit: Equatable, Sendable {
    public let actor: InboxID
    public let time: Milliseconds
    public let changes: [Change]
    public let expect: ExpectedOutcome

    public init(actor: InboxID, time: Milliseconds, changes: [Change], expect: ExpectedOutcome = .applied) {
        self.actor = actor
        self.time = time
        self.changes = changes
        self.expect = expect
    }
}

/// A commit's expected outcome: applied, or rejected with an error code.
public enum ExpectedOutcome: Equatable, Sendable, CustomStringConvertible {
    case applied
    case rejected(code: String)

    public var description: String {
        switch self {
        case .applied: "applied"
        case let .rejected(code): "rejected \(code)"
        }
    }
}
