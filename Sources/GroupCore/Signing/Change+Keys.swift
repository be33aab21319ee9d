extension Change {
    /// The inboxes this change makes members or invitees when `actor` commits it, in argument
    /// order: the creator and the members of `create`, the inboxes `addMembers` adds (identities
    /// as they were resolved), the actor of `join` and `acceptInvitation`. These are the inboxes
    /// whose signing keys the change records (SPEC section 14).
    public func inboxesRecordingKeys(actor: InboxID) -> [InboxID] {
        switch self {
        case let .create(request): [actor] + request.allMembers
        case let .addMembers(inboxes, identities, _): inboxes + identities.compactMap(\.inbox)
        case .join, .acceptInvitation: [actor]
        default: []
        }
    }

    /// The signing keys the change records, by inbox, when `actor` commits it; empty for a change
    /// that records none.
    public func recordedKeys(actor: InboxID) -> RecordedKeys {
        switch self {
        case let .create(request): request.keys
        case let .addMembers(_, _, keys): keys
        case let .join(_, keys), let .acceptInvitation(keys): keys.isEmpty ? [:] : [actor: keys]
        default: [:]
        }
    }

    /// Whether the change records any signing key at all.
    public var recordsKeys: Bool {
        switch self {
        case let .create(request): !request.keys.isEmpty
        case let .addMembers(_, _, keys): !keys.isEmpty
        case let .join(_, keys), let .acceptInvitation(keys): !keys.isEmpty
        default: false
        }
    }

    /// This change with the signing keys of every inbox it makes a member or invitee (see
    /// ``inboxesRecordingKeys(actor:)``) as `keys` gives them, in place of any it recorded: what
    /// a submitter records, from the directory, so that replay never consults it. An inbox with
    /// no keys gets no entry. Changes that record no keys come back as they are.
    public func recordingKeys<Failure: Error>(
        actor: InboxID, _ keys: (InboxID) throws(Failure) -> [PublicKey]
    ) throws(Failure) -> Change {
        switch self {
        case .create, .addMembers:
            var table: RecordedKeys = [:]
            for inbox in inboxesRecordingKeys(actor: actor) where table[inbox] == nil {
                let found = try keys(inbox)
                if !found.isEmpty { table[inbox] = found }
            }
            if case var .create(request) = self {
                request.keys = table
                return .create(request)
            }
            guard case let .addMembers(inboxes, identities, _) = self else { return self }
            return .addMembers(inboxes: inboxes, identities: identities, keys: table)
        case let .join(link, _):
            return .join(link: link, keys: try keys(actor))
        case .acceptInvitation:
            return .acceptInvitation(keys: try keys(actor))
        default:
            return self
        }
    }
}
