/// Records which inbox claims which public identities and signing keys, in claim order (SPEC
/// sections 1, 6 and 14).
///
/// An identity or a key belongs to one inbox: a claim of one another inbox holds is refused. A
/// revoked key stays with its inbox, never to be claimed again by anyone, but is no longer one of
/// the inbox's keys: commits record only the keys in force.
public struct IdentityDirectory: Equatable, Sendable {
    /// Why a claim or a revocation was refused.
    public enum ClaimError: Error, Equatable, Sendable, CustomStringConvertible {
        case claimedByAnother(PublicIdentity, owner: InboxID)
        /// The signing key belongs to another inbox.
        case keyClaimedByAnother(PublicKey, owner: InboxID)
        /// The signing key was revoked: it can never be claimed again.
        case keyRevoked(PublicKey, owner: InboxID)
        /// The inbox holds no such key to revoke.
        case keyNotClaimed(PublicKey, by: InboxID)

        public var description: String {
            switch self {
            case let .claimedByAnother(identity, owner): "the \(identity) is already claimed by \(owner)"
            case let .keyClaimedByAnother(key, owner): "the signing key \(key) is already claimed by \(owner)"
            case let .keyRevoked(key, owner): "the signing key \(key) of \(owner) was revoked and cannot be claimed again"
            case let .keyNotClaimed(key, inbox): "\(inbox) holds no signing key \(key)"
            }
        }
    }

    private var owners: [PublicIdentity: InboxID] = [:]
    private var claims: [InboxID: [PublicIdentity]] = [:]
    /// Every key ever claimed, revoked ones included, with its inbox.
    private var keyOwners: [PublicKey: InboxID] = [:]
    /// Each inbox's keys in force, oldest first.
    private var keyClaims: [InboxID: [PublicKey]] = [:]
    /// Each inbox's keys ever claimed, revoked ones included, oldest first.
    private var everyKeyClaim: [InboxID: [PublicKey]] = [:]
    private var revokedKeys: Set<PublicKey> = []

    public init() {}

    /// Records that `inbox` claims `identity`; claiming one it already holds changes nothing.
    public mutating func claim(_ identity: PublicIdentity, for inbox: InboxID) throws(ClaimError) {
        if let owner = owners[identity] {
            if owner == inbox { return }
            throw .claimedByAnother(identity, owner: owner)
        }
        owners[identity] = inbox
        claims[inbox, default: []].append(identity)
    }

    /// The inbox that claims `identity`, if any.
    public func inbox(claiming identity: PublicIdentity) -> InboxID? { owners[identity] }

    /// The identities `inbox` claims, oldest first.
    public func identities(of inbox: InboxID) -> [PublicIdentity] { claims[inbox] ?? [] }

    /// The inbox's current handle (the most recently claimed) and its other handles, most recent first.
    public func handles(of inbox: InboxID) -> (handle: String?, otherHandles: [String]) {
        let handles = identities(of: inbox).filter { $0.kind == .handle }.map(\.value).reversed()
        return (handles.first, Array(handles.dropFirst()))
    }

    /// The inboxes that claim at least one identity, sorted.
    public var inboxes: [InboxID] { claims.keys.sorted() }

    /// Records that `inbox` signs with `key`; claiming a key it already holds changes nothing.
    /// - Throws: ``ClaimError/keyClaimedByAnother(_:owner:)`` when another inbox holds or held the
    ///   key, ``ClaimError/keyRevoked(_:owner:)`` when the key was revoked.
    public mutating func claim(key: PublicKey, for inbox: InboxID) throws(ClaimError) {
        if let owner = keyOwners[key] {
            if owner != inbox { throw .keyClaimedByAnother(key, owner: owner) }
            if revokedKeys.contains(key) { throw .keyRevoked(key, owner: owner) }
            return
        }
        keyOwners[key] = inbox
        keyClaims[inbox, default: []].append(key)
        everyKeyClaim[inbox, default: []].append(key)
    }

    /// Revokes `inbox`'s `key`: it is no longer one of the inbox's keys, and no inbox may claim it
    /// again. Revoking a key already revoked changes nothing.
    /// - Throws: ``ClaimError/keyNotClaimed(_:by:)`` when the inbox never held the key.
    public mutating func revoke(key: PublicKey, of inbox: InboxID) throws(ClaimError) {
        guard keyOwners[key] == inbox else { throw .keyNotClaimed(key, by: inbox) }
        guard revokedKeys.insert(key).inserted else { return }
        keyClaims[inbox]?.removeAll { $0 == key }
        if keyClaims[inbox]?.isEmpty == true { keyClaims[inbox] = nil }
    }

    /// The signing keys in force for `inbox`, oldest first: what a commit records for it.
    public func keys(of inbox: InboxID) -> [PublicKey] { keyClaims[inbox] ?? [] }

    /// Every key `inbox` claimed, revoked ones included, oldest first.
    public func keyClaims(of inbox: InboxID) -> [SigningKeyClaim] {
        (everyKeyClaim[inbox] ?? []).map { SigningKeyClaim(key: $0, isRevoked: revokedKeys.contains($0)) }
    }

    /// The inbox that holds or held `key`, revoked or not.
    public func inbox(holding key: PublicKey) -> InboxID? { keyOwners[key] }

    /// Whether `key` was revoked.
    public func isRevoked(_ key: PublicKey) -> Bool { revokedKeys.contains(key) }

    /// The keys of `inbox` that were revoked, sorted.
    public func revokedKeys(of inbox: InboxID) -> [PublicKey] {
        revokedKeys.filter { keyOwners[$0] == inbox }.sorted()
    }

    /// `change`, committed by `actor`, with the keys in force of every inbox it makes a member or
    /// invitee recorded in it (SPEC section 14), in place of any it recorded.
    public func recordingKeys(_ change: Change, actor: InboxID) -> Change {
        change.recordingKeys(actor: actor) { (inbox: InboxID) -> [PublicKey] in keyClaims[inbox] ?? [] }
    }

    /// `change` with every identity it names resolved through this directory; an identity no
    /// inbox claims stays unresolved, for the reducer to reject with `identityNotFound`.
    public func resolving(_ change: Change) -> Change {
        change.resolvingIdentities { (identity: PublicIdentity) -> InboxID? in owners[identity] }
    }
}
