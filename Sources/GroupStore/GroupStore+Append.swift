import GroupCodec
import GroupCore

/// Appending to a log: submit (judged first, written only when applied) and ingest (any
/// well-formed commit that fits the chain, judged and written with its outcome).
extension GroupStore {
    /// Checks `changes` against the group's current state and appends them as one commit when
    /// the reducer applies them, returning once that commit is durable.
    ///
    /// Identities in `addMembers` are resolved through the store's directory now, and a `create`
    /// that gives no member limit gets the store's default, so the commit never depends on either.
    ///
    /// Submits from many threads at once share write transactions, and so fsyncs (group commit,
    /// `GroupStore+GroupCommit.swift`); each is judged exactly as it would be alone, against the
    /// state the submits before it left, and fails or succeeds on its own.
    /// - Parameter expectedSequence: the sequence the caller expects to write; another writer
    ///   that got there first makes this `sequenceConflict`.
    /// - Throws: `StoreError.rejected` with the reducer's reason (nothing written), or another
    ///   `StoreError` (nothing written).
    @discardableResult
    public func submit(
        to group: GroupID, actor: InboxID, time: Milliseconds, changes: [Change], expectedSequence: UInt64? = nil,
        signingKey: Ed25519.PrivateKey? = nil
    ) throws(StoreError) -> SubmittedCommit {
        do throws(LMDBError) {
            // Waiting for another thread's write while holding a transaction could wait forever.
            try environment.ensureCanWrite("submit to \(group)")
        } catch {
            throw StoreError(error)
        }
        let request = SubmitRequest(
            group: group, actor: actor, time: time, changes: changes, expectedSequence: expectedSequence, signingKey: signingKey)
        return try submissions.submit(request, servingBatchesWith: serveSubmits).get()
    }

    /// Appends many commits in one transaction (imports, benchmarks): all of them, or, when one
    /// does not fit, none. They may belong to different groups.
    /// Every signature is verified first, outside the write transaction.
    /// - Parameters:
    ///   - claims: identity and key claims to record in the same transaction, first (an import
    ///     brings the log's directory with it).
    ///   - progress: told after each commit is judged.
    @discardableResult
    public func ingest(_ commits: [Commit], claims: [IdentityClaims], progress: StoreProgress?) throws(StoreError) -> [CommitOutcome] {
        try SignatureDoor.admit(commits)
        let encoder = commits.count >= CommitEncoder.threadedCount ? CommitEncoder(commits) : nil
        defer { encoder?.stop() }
        let outcomes = try writingMany { (txn, attempt) throws(StoreError) in
            for entry in claims {
                for identity in entry.claims { try record(identity, for: entry.inbox, in: txn) }
                for key in entry.keys { try record(key, for: entry.inbox, in: txn, strictly: false) }
            }
            var outcomes: [CommitOutcome] = []
            outcomes.reserveCapacity(commits.count)
            // The groups the batch has written to, but for the current one, which is held apart:
            // a batch is mostly runs of one group's commits, and each commit went through the
            // dictionary twice, hashing its group ID (issue 18: 5% of ingest's writing thread).
            // The current one is folded and written in place, never copied: a copy left behind
            // would make every fold copy the whole roster, and copying it in and out for each
            // commit retained and released what it holds (issue 18).
            var working: [GroupID: (head: GroupHead?, replica: Replica)] = [:]
            var current: (group: GroupID, head: GroupHead?, replica: Replica)?
            var lookAhead = RosterLookAhead()
            var newest: UInt64?
            for (index, commit) in commits.enumerated() {
                let group = commit.groupID
                if current?.group != group {
                    if let held = current.take() { working[held.group] = (held.head, held.replica) }
                    let (head, replica) = try workingEntry(group, in: &working, attempt: attempt, txn)
                    current = (group, head, replica)
                }
                let head = current!.head
                let expected = head.map { $0.sequence + 1 } ?? 0
                guard commit.sequence == expected else {
                    throw .ingestRefused(group, sequence: commit.sequence, reason: "the log's next sequence is \(expected)")
                }
                guard commit.previousHash == head?.hash else {
                    throw .ingestRefused(group, sequence: commit.sequence, reason: "its previous hash does not match the head commit's hash")
                }
                lookAhead.prepare(commits, before: index, for: current!.replica)
                let outcome = current!.replica.fold(commit, recordingEvents: false, actorHash: lookAhead.actorHash)
                let encoded = encoder?.encoded(at: index) ?? CommitEncoder.encode(commit)
                current!.head = try append(commit, encoded, outcome: outcome, replica: &current!.replica, after: head, newest: &newest, in: txn)
                outcomes.append(outcome)
                progress?(outcomes.count, commits.count)
            }
            if let held = current.take() { working[held.group] = (held.head, held.replica) }
            for (group, entry) in working {
                if let head = entry.head { try settle(group, at: head, state: entry.replica.state, in: txn) }
            }
            return (outcomes, working.compactMap { group, entry in entry.head.map { (group, $0, entry.replica) } })
        }
        waiters.journal.claimed(claims.map(\.inbox))
        return outcomes
    }

    /// A group's head and replica for an ingest: taken out of `working` when the batch wrote
    /// to it before, else read from the store.
    private func workingEntry(
        _ group: GroupID, in working: inout [GroupID: (head: GroupHead?, replica: Replica)], attempt: Int,
        _ txn: borrowing WriteTransaction<StoreError>
    ) throws(StoreError) -> (head: GroupHead?, replica: Replica) {
        if let entry = working.removeValue(forKey: group) { return entry }
        let head = try self.head(of: group, in: txn)
        return (head, try workingReplica(group, head, attempt: attempt, in: txn))
    }

    // MARK: Shared machinery

    /// The replica to fold into: the cached head state, taken out so that folding copies nothing;
    /// reloaded from storage when the write is a retry (the first attempt may have folded into it).
    func workingReplica(_ group: GroupID, _ head: GroupHead?, attempt: Int, in txn: borrowing WriteTransaction<StoreError>) throws(StoreError) -> Replica {
        guard let head else { return Replica() }
        if attempt == 1, let cached = heads.take(group, matching: head) { return cached }
        return try replica(of: group, head, at: head.sequence, in: txn)
    }

    /// Writes one commit with its outcome, its snapshot (full or incremental) when one is due,
    /// marking `replica` as stored when one is written, and the membership
    /// index. Returns the group's new head, which the caller writes with ``settle(_:at:state:in:)``
    /// once the transaction has appended the group's last commit: a batch of ten thousand
    /// commits to one group then writes its head and directory entry once, not ten thousand
    /// times (issue 18).
    /// - Parameters:
    ///   - encoded: the commit's bytes and hash when a `CommitEncoder` made them ahead.
    ///   - newest: the number of the store's newest group, read by the transaction's first
    ///     append and kept by the rest (issue 18: read for every commit, it was a twentieth of
    ///     an ingest's writing thread); the caller starts each transaction with nil.
    func append(
        _ commit: Commit, _ encoded: CommitEncoder.Encoded? = nil, outcome: CommitOutcome, replica: inout Replica, after head: GroupHead?,
        newest: inout UInt64?, in txn: borrowing WriteTransaction<StoreError>
    ) throws(StoreError) -> GroupHead {
        let encoded = encoded ?? CommitEncoder.encode(commit)
        let number: UInt64
        if let head {
            number = head.number
        } else {
            number = try assignNumber(in: txn)
            newest = number
        }
        if newest == nil { newest = try lastAssignedNumber(in: txn) }
        // Keys of the newest group are the largest in each database, so they can be appended.
        let placement: LMDBPutOptions = number == newest ? [.append] : []
        let key = StoreKeys.entry(number, commit.sequence)
        try txn.put(databases.commits, key: key, value: encoded.bytes, options: placement)
        try txn.put(databases.outcomes, key: key, value: OutcomeCodec.encode(outcome), options: placement)
        try saveState(replica: &replica, at: commit.sequence) { bytes throws(StoreError) in
            try txn.put(databases.snapshots, key: key, value: bytes, options: placement)
        }
        if outcome.isApplied, let state = replica.state {
            try index(commit, state, number: number, in: txn)
        }
        return GroupHead(number: number, sequence: commit.sequence, hash: encoded.hash)
    }

    /// Hands `save` the snapshot of the state after commit `sequence` when one is due: a full one
    /// on the schedule; at each unstretched interval between, an incremental one of what changed
    /// since the stored state before it, or a full one when there is none to build on or so much
    /// changed that a full one is the smaller (a quarter of the records or more). Marks the
    /// replica as stored then.
    /// - Returns: whether a snapshot was saved.
    @discardableResult
    func saveState(replica: inout Replica, at sequence: UInt64, _ save: ([UInt8]) throws(StoreError) -> Void) throws(StoreError) -> Bool {
        let members = replica.state?.memberCount ?? 0
        if options.snapshotSchedule.isDue(at: sequence, members: members) {
            try save(SnapshotRecord.encode(replica.state))
        } else if options.snapshotSchedule.isDeltaDue(at: sequence, members: members), let state = replica.state {
            try save(SnapshotRecord.encodeDelta(of: state)?.bytes ?? SnapshotRecord.encode(state))
        } else {
            return false
        }
        replica.markStored(at: sequence)
        return true
    }

    /// Writes a group's head and directory entry after the transaction's last append to it.
    /// - Parameter state: the group's state at `head`; nil when its log created no group.
    func settle(_ group: GroupID, at head: GroupHead, state: GroupState?, in txn: borrowing WriteTransaction<StoreError>) throws(StoreError) {
        try txn.put(databases.groups, key: StoreKeys.group(group), value: head.encoded())
        if let state { try listInDirectory(state, in: txn) }
    }

    /// Keeps the inbox-to-groups index in step with the inboxes whose membership the commit may
    /// have changed, and files a new DM under its pair.
    func index(_ commit: Commit, _ state: GroupState, number: UInt64, in txn: borrowing WriteTransaction<StoreError>) throws(StoreError) {
        if CommitIndexing.dmPair(created: commit, state) != nil { try indexDM(state, number: number, in: txn) }
        for (inbox, isMember) in CommitIndexing.memberships(after: commit, state) {
            let key = StoreKeys.membership(inbox, commit.groupID)
            if isMember {
                try txn.put(databases.memberships, key: key, value: [UInt8]())
            } else {
                try txn.delete(databases.memberships, key: key)
            }
        }
    }

    /// Keeps the group's directory entry in step: listed while its join rule lets anyone find
    /// it (open or approval) and it is not deleted, with its name and member count.
    func listInDirectory(_ state: GroupState, in txn: borrowing WriteTransaction<StoreError>) throws(StoreError) {
        let key = StoreKeys.group(state.groupID)
        guard let entry = CommitIndexing.directoryEntry(state) else {
            try txn.delete(databases.directory, key: key)
            return
        }
        try txn.put(databases.directory, key: key, value: entry.encoded())
    }

    private func assignNumber(in txn: borrowing WriteTransaction<StoreError>) throws(StoreError) -> UInt64 {
        let number = try nextGroupNumber(in: txn)
        var writer = BinaryWriter()
        writer.writeVarint(number + 1)
        try txn.put(databases.meta, key: StoreKeys.nextGroupNumber, value: writer.bytes)
        return number
    }

    private func nextGroupNumber(in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> UInt64 {
        guard let bytes = try txn.get(databases.meta, key: StoreKeys.nextGroupNumber) else { return 0 }
        var reader = BinaryReader(bytes)
        do throws(BinaryDecodingError) {
            return try reader.readVarint("next group number")
        } catch {
            throw .corrupt(nil, sequence: nil, reason: error.description)
        }
    }

    /// The number the most recently created group got; groups are numbered from 0.
    private func lastAssignedNumber(in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> UInt64 {
        let next = try nextGroupNumber(in: txn)
        return next == 0 ? 0 : next - 1
    }

    /// Runs one write that may append to many groups, caching each group's new head state.
    private func writingMany<T>(
        _ body: (borrowing WriteTransaction<StoreError>, Int) throws(StoreError) -> (T, [(GroupID, GroupHead, Replica)])
    ) throws(StoreError) -> T {
        var attempt = 0
        let (value, written) = try writing { txn throws(StoreError) in
            attempt += 1
            return try body(txn, attempt)
        }
        for (group, head, replica) in written { heads.store(replica, for: group, at: head) }
        waiters.wake(written.map(\.0))
        return value
    }
}
