/// Records which inbox claims which public identities, in claim order (SPEC sections 1 and 6).
///
/// An identity belongs to one inbox: a claim of an identity another inbox holds is refused.
public struct IdentityDirectory: Equatable, Sendable {
    /// Why a claim was refused.
    public enum ClaimError: Error, Equatable, Sendable, CustomStringConvertible {
        case claimedByAnother(PublicIdentity, owner: InboxID)

        public var description: String {
            switch self {
            case let .claimedByAnother(identity, owner): "the \(identity) is already claimed by \(owner)"
            }
        }
    }

    private var owners: [PublicIdentity: InboxID] = [:]
    private var claims: [InboxID: [PublicIdentity]] = [:]

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

    /// `change` with every identity it names resolved through this directory; an identity no
    /// inbox claims stays unresolved, for the reducer to reject with `identityNotFound`.
    public func resolving(_ change: Change) -> Change {
        change.resolvingIdentities { (identity: PublicIdentity) -> InboxID? in owners[identity] }
    }
}
