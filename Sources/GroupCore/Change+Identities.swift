extension Change {
    /// The public identities the change names: those of `create`, `addMembers` and
    /// `removeMembers`, in argument order.
    public var namedIdentities: [PublicIdentity] {
        switch self {
        case let .create(request): request.identities.map(\.identity)
        case let .addMembers(_, identities, _), let .removeMembers(_, identities, _): identities.map(\.identity)
        default: []
        }
    }

    /// This change with every public identity it names resolved by `owner`, as a submitter
    /// records it: `create`, `addMembers` and `removeMembers` take identities (SPEC section 6).
    /// An identity already resolved keeps its inbox; one `owner` does not know stays unresolved,
    /// for the reducer to reject with `identityNotFound`.
    public func resolvingIdentities<Failure: Error>(
        _ owner: (PublicIdentity) throws(Failure) -> InboxID?
    ) throws(Failure) -> Change {
        func resolve(_ identities: [ResolvedIdentity]) throws(Failure) -> [ResolvedIdentity] {
            var resolved: [ResolvedIdentity] = []
            resolved.reserveCapacity(identities.count)
            for identity in identities {
                if identity.inbox != nil {
                    resolved.append(identity)
                } else {
                    resolved.append(ResolvedIdentity(identity.identity, inbox: try owner(identity.identity)))
                }
            }
            return resolved
        }
        switch self {
        case var .create(request) where !request.identities.isEmpty:
            request.identities = try resolve(request.identities)
            return .create(request)
        case let .addMembers(inboxes, identities, keys) where !identities.isEmpty:
            return .addMembers(inboxes: inboxes, identities: try resolve(identities), keys: keys)
        case let .removeMembers(inboxes, identities, withMessages) where !identities.isEmpty:
            return .removeMembers(inboxes: inboxes, identities: try resolve(identities), withMessages: withMessages)
        default:
            return self
        }
    }
}
