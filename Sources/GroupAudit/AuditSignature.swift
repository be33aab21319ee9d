import GroupCodec
import GroupCore
import GroupFixtures

/// A commit's signature as the audit tools show it: unsigned, or signed by which key; whether
/// that key is recorded for the actor (the reducer's ``SignatureStanding``); and whether the
/// signature verifies.
///
/// The audit checks each signature it shows with Ed25519, as a door does (`verifiedSigner()`):
/// a log that reached the audit without a door (a store edited behind its back, a fixture
/// carrying a recorded signature) proves nothing by a signature it merely claims. Replay never
/// verifies; the reducer only compares keys.
public struct AuditSignature: Equatable, Sendable {
    /// Unsigned, or signed with a key recorded for the actor or with another.
    public let standing: SignatureStanding
    /// Whether the signature verifies with its key: nil for an unsigned commit, and for a signed
    /// one not checked (every entry an ``AuditTrail`` hands out is checked).
    public let verifies: Bool?

    public init(standing: SignatureStanding, verifies: Bool?) {
        self.standing = standing
        self.verifies = verifies
    }

    /// `commit`'s signature, standing as `standing` says, checked with Ed25519 (about 50 µs
    /// for a signed commit; nothing for an unsigned one).
    public init(checking commit: Commit, standing: SignatureStanding) {
        self.init(standing: standing, verifies: commit.signature == nil ? nil : commit.hasValidSignature)
    }

    /// Whether the commit carries a signature, whether it verifies or not.
    public var isSigned: Bool { standing.key != nil }

    /// Whether the commit carries a signature that was checked and does not verify.
    public var doesNotVerify: Bool { verifies == false }

    /// `unsigned`, `actorKey` or `otherKey`, as the JSON names the standing.
    public var standingName: String {
        switch standing {
        case .unsigned: "unsigned"
        case .actorKey: "actorKey"
        case .otherKey: "otherKey"
        }
    }

    /// The mark the text timeline shows beside the actor: `unsigned`, `signed by bo's key K`,
    /// `signed by K, not bo's`, or `signature does not verify: bo's key K`.
    public func mark(actor: InboxID) -> String {
        let key: String
        switch standing {
        case .unsigned: return "unsigned"
        case let .actorKey(actorKey): key = "\(actor)'s key \(actorKey)"
        case let .otherKey(otherKey): key = "\(otherKey), not \(actor)'s"
        }
        return doesNotVerify ? "signature does not verify: \(key)" : "signed by \(key)"
    }

    /// `{"standing": "actorKey", "key": BASE64, "verifies": true}`; `key` and `verifies` are
    /// null for an unsigned commit.
    public var json: JSONValue {
        .object(JSONObject([
            "standing": .string(standingName),
            "key": standing.key.map { .string($0.base64) } ?? .null,
            "verifies": verifies.map(JSONValue.bool) ?? .null,
        ]))
    }
}
