import GroupCodec
import GroupCore

/// How every backend judges a submit, so that LMDB and PostgreSQL turn the same request into
/// the same commit: the sequence checks, the preparation of the changes (identities resolved
/// and signing keys recorded through the store's directory, the operator configuration written
/// in), the signature, and the reducer's verdict. The backend supplies only what it reads: the
/// head, the state there, the directory.
package enum SubmitJudge {
    /// The checks made before anything is judged: the expected sequence, and that a missing
    /// group is being created.
    /// - Parameter head: the group's head (its last sequence), nil for a missing group.
    /// - Throws: `sequenceConflict`; `groupNotFound`.
    package static func check(_ request: SubmitRequest, head: UInt64?) throws(StoreError) {
        let sequence = head.map { $0 + 1 } ?? 0
        if let expected = request.expectedSequence, expected != sequence {
            throw .sequenceConflict(request.group, expected: expected, actual: sequence)
        }
        guard head != nil || request.createsGroup else { throw .groupNotFound(request.group) }
    }

    /// Prepares the request's changes, signs them with the request's key as the next commit, and
    /// folds that commit into `replica` (the state at the head), returning it when the reducer
    /// applies it. The signature is made here, by the store's own hand, so it always verifies;
    /// whether its key is one the actor may sign with is the reducer's to judge.
    /// - Parameters:
    ///   - head: the head's sequence and hash, nil for a new group.
    ///   - owner: the inbox claiming an identity, from the store's directory.
    ///   - keys: the signing keys in force of some inboxes (an inbox with none may be left out),
    ///     from the store's directory: what a change that makes them members records (SPEC
    ///     section 14). Asked once for each such change, never for any other.
    /// - Throws: `rejected` with the reducer's reason (`replica` is then as it was: the reducer
    ///   validates before it mutates), or the directory's error.
    package static func judge(
        _ request: SubmitRequest, head: (sequence: UInt64, hash: Digest)?, replica: inout Replica,
        configuration: OperatorConfiguration, owner: (PublicIdentity) throws(StoreError) -> InboxID?,
        keys: ([InboxID]) throws(StoreError) -> [InboxID: [PublicKey]]
    ) throws(StoreError) -> Commit {
        let sequence = head.map { $0.sequence + 1 } ?? 0
        // No local copy of the state: it would make the fold below copy the whole roster.
        let kind = replica.state?.kind ?? request.changes.first.flatMap { if case let .create(creation) = $0 { creation.kind } else { nil } }
        let resolved = try request.changes.map { change throws(StoreError) in
            let prepared = try prepare(change, kind: kind, configuration: configuration, owner: owner)
            let inboxes = prepared.inboxesRecordingKeys(actor: request.actor)
            guard !inboxes.isEmpty else { return prepared }
            let found = try keys(inboxes)
            return prepared.recordingKeys(actor: request.actor) { found[$0] ?? [] }
        }
        var commit = Commit(
            groupID: request.group, sequence: sequence, actor: request.actor, time: request.time, changes: resolved,
            previousHash: head?.hash)
        if let key = request.signingKey { commit = commit.signed(with: key) }
        switch replica.fold(commit, recordingEvents: false) {
        case .applied: return commit
        case let .rejected(rejection): throw .rejected(rejection)
        }
    }

    /// A change as the log records it: identities resolved (SPEC section 6), defaults written in.
    package static func prepare(
        _ change: Change, kind: ConversationKind?, configuration: OperatorConfiguration,
        owner: (PublicIdentity) throws(StoreError) -> InboxID?
    ) throws(StoreError) -> Change {
        switch change {
        case .create:
            return try configuration.preparing(change, in: kind).resolvingIdentities(owner)
        case .registerFields:
            return configuration.preparing(change, in: kind)
        case .addMembers, .removeMembers:
            return try change.resolvingIdentities(owner)
        default:
            return change
        }
    }
}
