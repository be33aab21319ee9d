/// Signed commits in the reducer (SPEC section 14): which keys may sign a commit, the
/// `unsignedCommit` and `wrongSigningKey` checks, the keys changes record, and `updateKeys`.
/// No cryptography here: the door verified every signature before the commit got this far.
extension GroupState {
    /// Whether every commit must be signed with a key recorded for its actor.
    public var requiresSignatures: Bool { settings.requireSignatures }

    /// The keys `inbox` may sign with, as its record holds them; none for an inbox the
    /// conversation never had. A former member's record keeps the keys it had.
    public func signingKeys(of inbox: InboxID) -> [PublicKey] { roster[inbox]?.keys ?? [] }

    /// The current member `key` is recorded for, if any.
    public func member(recording key: PublicKey) -> InboxID? { roster.keyOwners[key] }

    /// The keys `commit`'s actor may sign it with, judged on this state, the state before it: a
    /// current member's recorded keys; for an inbox that is no current member, the keys its own
    /// `join` in the commit records, as commit 0 is judged by the keys its `create` records
    /// (see docs/decisions.md, "Signed commits").
    public func signingKeys(for commit: Commit) -> [PublicKey] {
        if let record = roster[commit.actor], record.isCurrent { return record.keys }
        for case let .join(_, keys) in commit.changes { return keys }
        return []
    }

    /// How `commit`'s signature stands against the keys its actor may sign it with.
    public func signatureStanding(of commit: Commit) -> SignatureStanding {
        SignatureStanding(commit, actorKeys: signingKeys(for: commit))
    }

    /// The keys commit 0's creator may sign it with: those its own `create` records for it.
    public static func signingKeys(ofCreation commit: Commit) -> [PublicKey] {
        guard case let .create(request)? = commit.changes.first else { return [] }
        return request.keys[commit.actor] ?? []
    }

    /// How commit 0's signature stands against the keys its own `create` records for the creator.
    public static func signatureStanding(ofCreation commit: Commit) -> SignatureStanding {
        SignatureStanding(commit, actorKeys: signingKeys(ofCreation: commit))
    }

    /// The keys a change records, for `inbox`, judged on the running state: listed once each,
    /// none recorded for another current member (nor, through `taken`, for an inbox an earlier
    /// argument of the same change records it for), and, where signatures are required, at least
    /// one, or the member could never commit again.
    /// - Parameter taken: keys the change records for inboxes before this one.
    func checkRecordedKeys(
        _ keys: [PublicKey], for inbox: InboxID, _ draft: CommitDraft, taken: [PublicKey: InboxID] = [:]
    ) throws(Rejection) {
        try GroupState.checkRecordedKeys(keys, for: inbox, required: settings.requireSignatures) { key in
            taken[key] ?? keyOwner(key, in: draft)
        }
    }

    /// The rules of ``checkRecordedKeys(_:for:_:taken:)``, with `owner` naming the inbox a key
    /// is already recorded for.
    static func checkRecordedKeys(
        _ keys: [PublicKey], for inbox: InboxID, required: Bool, owner: (PublicKey) -> InboxID?
    ) throws(Rejection) {
        if keys.isEmpty {
            if required {
                throw .invalidArgument(reason: "\(inbox) has no signing key, and this conversation requires signed commits")
            }
            return
        }
        if let repeated = firstRepeat(in: keys) {
            throw .invalidArgument(reason: "signing key \(repeated) is listed twice for \(inbox)")
        }
        for key in keys {
            if let holder = owner(key), holder != inbox {
                throw .invalidArgument(reason: "signing key \(key) is already recorded for \(holder)")
            }
        }
    }

    /// Refuses keys a `create` or `addMembers` records for an inbox it does not make a member.
    static func refuseStrayKeys(_ keys: RecordedKeys, recordedFor inboxes: [InboxID], by op: String) throws(Rejection) {
        guard !keys.isEmpty else { return }
        let listed = Set(inboxes)
        if let stray = keys.keys.filter({ !listed.contains($0) }).min() {
            throw .invalidArgument(reason: "\(op) records signing keys for \(stray), whom it does not make a member")
        }
    }

    /// The current member `key` is recorded for, as the commit's earlier changes left the records.
    func keyOwner(_ key: PublicKey, in draft: CommitDraft) -> InboxID? {
        if !draft.keyOwners.isEmpty, let changed = draft.keyOwners[key] { return changed }
        return roster.keyOwners[key]
    }

    /// `updateKeys`: the actor changes its own keys, with no policy; `remove` is taken away, then
    /// `add` appended (a key it already has stays where it is).
    func checkUpdateKeys(add: [PublicKey], remove: [PublicKey], _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        let actor = context.actor
        if let trace = context.trace {
            traceOwnChoice(trace, context, reason: "a member changes its own signing keys, with no policy")
        }
        if add.isEmpty && remove.isEmpty { throw .invalidArgument(reason: "updateKeys needs a key to add or to remove") }
        if let repeated = GroupState.firstRepeat(in: add + remove) {
            throw .invalidArgument(reason: "signing key \(repeated) is listed twice in updateKeys")
        }
        // An actor that left earlier in the same commit has no keys to change (SPEC section 8's
        // reading of the running state).
        guard let current = record(of: actor, in: draft), current.isCurrent else { throw .notAMember(actor) }
        for key in add {
            if let owner = keyOwner(key, in: draft), owner != actor {
                throw .invalidArgument(reason: "signing key \(key) is already recorded for \(owner)")
            }
        }
        if let missing = remove.first(where: { !current.keys.contains($0) }) {
            throw .invalidArgument(reason: "signing key \(missing) is not recorded for \(actor)")
        }
        var keys = current.keys.filter { !remove.contains($0) }
        let added = add.filter { !keys.contains($0) }
        keys += added
        if keys.isEmpty && settings.requireSignatures {
            throw .invalidArgument(reason: "\(actor) cannot remove its last signing key: this conversation requires signed commits")
        }
        guard keys != current.keys else { return }
        var updated = current
        updated.keys = keys
        draft.put(updated, replacing: current)
        draft.events.append(.keysUpdated(actor, added: added, removed: remove))
    }

    private static func firstRepeat(in keys: [PublicKey]) -> PublicKey? {
        if keys.count < 2 { return nil }
        var seen = Set<PublicKey>()
        return keys.first { !seen.insert($0).inserted }
    }
}

extension GroupState {
    /// Whether any record, current or former, holds a signing key: a state with none, that
    /// requires no signatures, is encoded as before signed commits.
    public var recordsSigningKeys: Bool { roster.keyedRecords > 0 }
}

extension Replica {
    /// How `commit`'s signature stands, judged as ``fold(_:)`` would judge it next: against the
    /// state's keys, commit 0's against its own `create`'s; any key counts as another's in a log
    /// that has no group.
    public func signatureStanding(of commit: Commit) -> SignatureStanding {
        if let state { return state.signatureStanding(of: commit) }
        if commit.sequence == 0 { return GroupState.signatureStanding(ofCreation: commit) }
        return SignatureStanding(commit, actorKeys: [])
    }
}
