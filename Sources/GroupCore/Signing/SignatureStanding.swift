/// How a commit's signature stands against the keys a conversation records for its actor
/// (SPEC section 14): what a group that requires signatures judges, and what audits show.
///
/// The signature itself was verified at the door; this only compares its key.
public enum SignatureStanding: Equatable, Sendable, CustomStringConvertible {
    /// The commit carries no signature.
    case unsigned
    /// Signed with a key recorded for the actor.
    case actorKey(PublicKey)
    /// Signed with a key not recorded for the actor: a forgery, or a key removed or never recorded.
    case otherKey(PublicKey)

    /// The key that signed; nil when unsigned.
    public var key: PublicKey? {
        switch self {
        case .unsigned: nil
        case let .actorKey(key), let .otherKey(key): key
        }
    }

    /// `unsigned`, `signed by the actor's key K`, `signed by K, not recorded for the actor`.
    public var description: String {
        switch self {
        case .unsigned: "unsigned"
        case let .actorKey(key): "signed by the actor's key \(key)"
        case let .otherKey(key): "signed by \(key), which is not recorded for the actor"
        }
    }

    /// The standing of `commit` when `keys` are the actor's.
    init(_ commit: Commit, actorKeys keys: [PublicKey]) {
        guard let signature = commit.signature else {
            self = .unsigned
            return
        }
        self = keys.contains(signature.publicKey) ? .actorKey(signature.publicKey) : .otherKey(signature.publicKey)
    }

    /// The rejection a conversation that requires signatures gives a commit of this standing.
    func requirement(for actor: InboxID) -> Rejection? {
        switch self {
        case .unsigned: .unsignedCommit
        case .actorKey: nil
        case let .otherKey(key): .wrongSigningKey(actor, key: key)
        }
    }
}
