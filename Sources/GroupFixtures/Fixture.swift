import GroupCodec
import GroupCore

/// A log to replay and what must come of it (SPEC sections 13 and 14).
public struct Fixture: Equatable, Sendable {
    public var name: String
    /// The group ID the log's commits were made for, which their signatures cover: written by
    /// export for a log that holds signatures. Nil runs the log as whatever group its runner
    /// names (the file's name for `grouplog fixture run`).
    public var group: GroupID?
    /// The operator configuration the log was made under.
    public var config: OperatorConfiguration
    /// Claims to load into the identity directory before the log runs, in order.
    public var identities: [IdentityClaims]
    /// The inboxes' private keys (the top-level `keys`, in document order): each one's public
    /// half is claimed for its inbox in the directory, after the identities, and the runner
    /// signs each commit with its actor's key.
    public var keys: [FixtureKey]
    /// The inboxes of `keys` whose key the directory holds revoked (the top-level
    /// `revokedKeys`): claimed, then revoked, before the log. A change that makes such an inbox
    /// a member records no revoked key; the runner still signs its commits with it, as whoever
    /// holds a revoked key still can.
    public var revokedKeys: [InboxID]
    public var commits: [FixtureCommit]
    /// What the final state must show; nil checks nothing beyond the commits' outcomes.
    public var expect: FixtureExpectation?
    /// The state the log starts from when it begins mid-log (an addition to SPEC section 13);
    /// nil for a log that begins at commit 0.
    public var start: FixtureStart?

    public init(name: String, group: GroupID? = nil, config: OperatorConfiguration = OperatorConfiguration(),
                identities: [IdentityClaims] = [], keys: [FixtureKey] = [], revokedKeys: [InboxID] = [],
                start: FixtureStart? = nil, commits: [FixtureCommit], expect: FixtureExpectation? = nil) {
        self.revokedKeys = revokedKeys
        self.name = name
        self.group = group
        self.config = config
        self.identities = identities
        self.keys = keys
        self.start = start
        self.commits = commits
        self.expect = expect
    }

    /// The sequence of the fixture's first commit: 0, or the one after its start state.
    public var firstSequence: UInt64 { start?.firstSequence ?? 0 }

    /// The identity directory the fixture's claims make: its identities, then the public half of
    /// each of its keys (SPEC section 14).
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
        for entry in keys {
            do throws(IdentityDirectory.ClaimError) {
                try directory.claim(key: entry.key.publicKey, for: entry.inbox)
            } catch {
                throw FixtureError(path: "$.keys.\(entry.inbox)", message: error.description)
            }
        }
        for (index, inbox) in revokedKeys.enumerated() {
            guard let key = signingKey(of: inbox) else {
                throw FixtureError(path: "$.revokedKeys[\(index)]", message: "the fixture's \"keys\" give no key to \(inbox)")
            }
            do throws(IdentityDirectory.ClaimError) {
                try directory.revoke(key: key.publicKey, of: inbox)
            } catch {
                throw FixtureError(path: "$.revokedKeys[\(index)]", message: error.description)
            }
        }
        return directory
    }

    /// The claims of the fixture's directory: each inbox's identities and the public halves of
    /// its keys, in inbox ID order; what an import records in the store with the log.
    public var claims: [IdentityClaims] {
        var identities: [InboxID: [PublicIdentity]] = [:]
        for entry in self.identities { identities[entry.inbox, default: []] += entry.claims }
        var keys: [InboxID: [SigningKeyClaim]] = [:]
        for entry in self.keys {
            keys[entry.inbox, default: []].append(SigningKeyClaim(key: entry.key.publicKey, isRevoked: revokedKeys.contains(entry.inbox)))
        }
        return Set(identities.keys).union(keys.keys).sorted().map { inbox in
            IdentityClaims(inbox: inbox, claims: identities[inbox] ?? [], keys: keys[inbox] ?? [])
        }
    }

    /// The private key the fixture gives `inbox`, if any.
    public func signingKey(of inbox: InboxID) -> Ed25519.PrivateKey? {
        keys.first { $0.inbox == inbox }?.key
    }
}

/// One inbox's private key in a fixture's `keys`: `"alix": "<base64 32-byte Ed25519 seed>"`.
public struct FixtureKey: Equatable, Sendable {
    public let inbox: InboxID
    public let key: Ed25519.PrivateKey

    public init(inbox: InboxID, key: Ed25519.PrivateKey) {
        self.inbox = inbox
        self.key = key
    }
}

/// How the runner signs one of a fixture's commits (SPEC section 14).
public enum FixtureSigning: Equatable, Sendable {
    /// With the actor's key when the fixture gives it one, else not at all: the default.
    case actorKey
    /// Not at all (`"sign": false`).
    case unsigned
    /// With the key the fixture gives another inbox (`"signWith": INBOX`), to test forgery.
    case keyOf(InboxID)
    /// With the signature as a log recorded it (`"signature"`, which export writes): the
    /// runner verifies it like any door.
    case recorded(CommitSignature)
}

/// One commit of a fixture's log, with the outcome it must have.
public struct FixtureCommit: Equatable, Sendable {
    public let actor: InboxID
    public let time: Milliseconds
    public let changes: [Change]
    public let expect: ExpectedOutcome
    /// How the runner signs the commit.
    public let signing: FixtureSigning

    public init(actor: InboxID, time: Milliseconds, changes: [Change], expect: ExpectedOutcome = .applied,
                signing: FixtureSigning = .actorKey) {
        self.actor = actor
        self.time = time
        self.changes = changes
        self.expect = expect
        self.signing = signing
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
