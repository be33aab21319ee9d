import GroupStore

/// Finding the DM with another inbox, and making it only when there is none (XMTP's
/// `findOrCreateDm`, `findOrCreateDmWithIdentity`, `findDmByInboxId`, `findDmByIdentity`).
///
/// The store files every DM under its pair of participants when its `create` applies, so a
/// look-up costs one read. A DM made here takes the pair's ID, `GroupID.dm(between:and:)`,
/// and must be its log's commit 0: two writers racing to make it, in one process or two, append to
/// one log, and the one that comes second gets `sequenceConflict` and finds the first one's DM.
extension Conversations {
    /// The DM between the acting inbox and `peer`, made now when the two have none.
    ///
    /// When they have several (made with `newConversation(with:groupId:disappearingMessages:requireSignatures:)`),
    /// the oldest. A DM that exists is returned as it is: `disappearingMessages` is for a new one.
    /// - Parameters:
    ///   - peer: the other participant.
    ///   - disappearingMessages: the settings a new DM starts with; nil leaves them off.
    ///   - requireSignatures: whether a new DM requires every commit signed (SPEC section 14).
    /// - Throws: `GroupLogError.rejected` (`invalidCommit` when `peer` is the acting inbox,
    ///   `invalidArgument` for negative settings), nothing written.
    public func findOrCreateDm(
        with peer: InboxID, disappearingMessages: DisappearingMessages? = nil, requireSignatures: Bool = false
    ) async throws(GroupLogError) -> Group {
        if let found = try dm(with: peer) { return found }
        return try createDM(with: peer, CreateConversation(
            kind: .dm, members: [peer], disappearingMessages: disappearingMessages, requireSignatures: requireSignatures))
    }

    /// The DM between the acting inbox and the inbox claiming `identity`, made now when the two
    /// have none; a new DM's `create` names the identity, and the store records the inbox it
    /// resolves to.
    /// - Parameters:
    ///   - identity: a handle or account the other participant claims.
    ///   - disappearingMessages: the settings a new DM starts with; nil leaves them off.
    /// - Throws: `GroupLogError.rejected` with `identityNotFound` when no inbox claims `identity`,
    ///   `invalidCommit` when the acting inbox does; nothing written.
    public func findOrCreateDmWithIdentity(
        _ identity: PublicIdentity, disappearingMessages: DisappearingMessages? = nil
    ) async throws(GroupLogError) -> Group {
        guard let peer = try owner(of: identity) else { throw Self.unclaimed(identity) }
        if let found = try dm(with: peer) { return found }
        let request = CreateConversation(
            kind: .dm, identities: [ResolvedIdentity(identity, inbox: nil)], disappearingMessages: disappearingMessages)
        return try createDM(with: peer, request)
    }

    /// The DM between the acting inbox and `inboxId` (the oldest, when there are several), or nil
    /// when the two have none.
    public func findDmByInboxId(_ inboxId: InboxID) async throws(GroupLogError) -> Group? {
        try dm(with: inboxId)
    }

    /// The DM between the acting inbox and the inbox claiming `identity`, or nil when no inbox
    /// claims it or the two have no DM.
    public func findDmByIdentity(_ identity: PublicIdentity) async throws(GroupLogError) -> Group? {
        guard let peer = try owner(of: identity) else { return nil }
        return try dm(with: peer)
    }

    /// The oldest DM between the acting inbox and `peer`, from the store's DM index.
    func dm(with peer: InboxID) throws(GroupLogError) -> Group? {
        let inbox = inboxId
        let found = try store.reading { store throws(StoreError) in try store.dms(between: inbox, and: peer) }
        return found.first.map(handle)
    }

    /// Makes the DM `request` describes under the pair's ID, as that log's commit 0. When another
    /// writer made it first (`sequenceConflict`), returns that DM rather than making a second.
    /// - Throws: the submit's error; `GroupLogError.store(.sequenceConflict)` too when the
    ///   pair's ID holds a log that is not their DM (a group made with that ID by hand).
    func createDM(with peer: InboxID, _ request: CreateConversation) throws(GroupLogError) -> Group {
        let id = GroupID.dm(between: inboxId, and: peer)
        do throws(GroupLogError) {
            try store.submit(to: id, actor: inboxId, changes: [.create(request)], expectedSequence: 0, signingKey: signingKey)
        } catch {
            guard case .store(.sequenceConflict) = error else { throw error }
            if let found = try dm(with: peer) { return found }
            throw error
        }
        return handle(id)
    }

    /// The inbox claiming `identity` now, or nil.
    /// - Throws: `GroupLogError.invalidArgument` for an identity whose text is not 1 to 256 bytes.
    func owner(of identity: PublicIdentity) throws(GroupLogError) -> InboxID? {
        let identity = try identity.checked()
        return try store.reading { store throws(StoreError) in try store.inbox(claiming: identity) }
    }

    /// The rejection the reducer gives an identity no inbox claims, for a call that finds that
    /// out before it has a commit to submit: nothing is written either way.
    static func unclaimed(_ identity: PublicIdentity) -> GroupLogError {
        .rejected(CommitRejection(changeIndex: 0, reason: .identityNotFound(identity)))
    }
}
