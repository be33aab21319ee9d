import GroupCodec
import GroupCore
import GroupStore

/// Appending: submits batched into shared transactions (group commit), and ingest. Every
/// append locks its groups' head rows first, so writers on other connections and hosts wait.
extension PostgresStore {
    /// Judges `changes` against the group's head and appends them as one commit when the
    /// reducer applies them (see `CommitLogStorage.submit`).
    @discardableResult
    public func submit(
        to group: GroupID, actor: InboxID, time: Milliseconds, changes: [Change], expectedSequence: UInt64?,
        signingKey: Ed25519.PrivateKey?
    ) throws(StoreError) -> SubmittedCommit {
        let request = SubmitRequest(
            group: group, actor: actor, time: time, changes: changes, expectedSequence: expectedSequence, signingKey: signingKey)
        return try submissions.submit(request, servingBatchesWith: serveSubmits).get()
    }

    /// How this store's submits have been batched since it was opened.
    public var submitStatistics: SubmitStatistics {
        let counts = submissions.servedCounts
        return SubmitStatistics(batches: counts.batches, submits: counts.requests)
    }

    /// Appends commits made elsewhere in one transaction, all or none (see `CommitLogStorage.ingest`).
    ///
    /// The heads of every group the commits name are locked at once (`lockHeads`); the commits
    /// and their outcomes go in with a binary COPY each, the heads are advanced in one statement
    /// and the indexes written once at the end (`PostgresAppendBatch`), all in the transaction
    /// that locked the heads: a refused commit or a failed write leaves nothing of the batch.
    @discardableResult
    public func ingest(_ commits: [Commit], claims: [IdentityClaims], progress: StoreProgress?) throws(StoreError) -> [CommitOutcome] {
        // Checked before the transaction: verifying holds no lock.
        try SignatureDoor.admit(commits)
        let (outcomes, working) = try writing { connection throws(StoreError) in
            for entry in claims {
                for identity in entry.claims { try record(identity, for: entry.inbox, on: connection) }
                for key in entry.keys { try record(key, for: entry.inbox, on: connection, strictly: false) }
            }
            var working = try lockHeads(
                of: Set(commits.map(\.groupID)), creating: Set(commits.filter { $0.sequence == 0 }.map(\.groupID)), on: connection)
            var outcomes: [CommitOutcome] = []
            var batch = PostgresAppendBatch(snapshotting: options.snapshotSchedule)
            for commit in commits {
                let group = commit.groupID
                // Every group of the batch was locked above.
                var current = working.removeValue(forKey: group) ?? WorkingGroup()
                let expected = current.head.map { $0.sequence + 1 } ?? 0
                guard commit.sequence == expected else {
                    throw .ingestRefused(group, sequence: commit.sequence, reason: "the log's next sequence is \(expected)")
                }
                guard commit.previousHash == current.head?.hash else {
                    throw .ingestRefused(group, sequence: commit.sequence, reason: "its previous hash does not match the head commit's hash")
                }
                var replica: Replica
                if let known = current.replica { replica = known } else { replica = try loadReplica(group, current.head, on: connection) }
                current.replica = nil
                let outcome = replica.fold(commit, recordingEvents: false)
                current.head = batch.append(commit, outcome: outcome, state: replica.state)
                current.replica = replica
                working[group] = current
                outcomes.append(outcome)
                progress?(outcomes.count, commits.count)
            }
            try batch.write(on: connection)
            return (outcomes, working.filter { $0.value.head != nil })
        }
        remember(working)
        waiters.journal.claimed(claims.map(\.inbox))
        return outcomes
    }

    /// A group as a transaction has left it so far.
    struct WorkingGroup {
        var head: PostgresHead?
        /// The state at `head`; nil until needed.
        var replica: Replica?
        /// A placeholder head row was inserted to lock a group being created.
        var placeholder = false
    }

    /// Locks the head rows of `groups` for this transaction and reads them, in one round trip
    /// whatever their number (`headLocks`, `lockedHeads`).
    /// - Returns: every group of `groups`: its head, nil for a missing group or a placeholder.
    func lockHeads(of groups: Set<GroupID>, creating: Set<GroupID>, on connection: PGConnection) throws(StoreError) -> [GroupID: WorkingGroup] {
        let statements = Self.headLocks(of: groups, creating: creating)
        return try Self.lockedHeads(of: groups, creating: creating, from: try connection.execute(pipelined: statements))
    }

    /// The statements that lock the head rows of `groups`, at most two whatever their number.
    /// Rows are locked in group ID order, so that two transactions locking groups in common
    /// queue on the first of them rather than deadlock. The groups of `creating` that have no
    /// row get a placeholder (sequence -1) first, so that two creators of one group serialize
    /// on it too: a placeholder another transaction is inserting makes this one wait for it.
    static func headLocks(of groups: Set<GroupID>, creating: Set<GroupID>) -> [PGStatement] {
        guard !groups.isEmpty else { return [] }
        var statements: [PGStatement] = []
        if !creating.isEmpty {
            statements.append(PGStatement(
                """
                INSERT INTO grouplog_groups (group_id, head_sequence, head_hash) SELECT unnest($1::text[]), -1, ''::bytea
                ON CONFLICT DO NOTHING RETURNING group_id
                """,
                [.textArray(creating.sorted().map(\.rawValue))], operation: "create the heads of \(creating.count) groups"))
        }
        statements.append(PGStatement(
            "SELECT group_id, head_sequence, head_hash FROM grouplog_groups WHERE group_id = ANY($1) ORDER BY group_id FOR UPDATE",
            [.textArray(groups.sorted().map(\.rawValue))], operation: "lock the heads of \(groups.count) groups"))
        return statements
    }

    /// The heads `headLocks(of: groups, creating: creating)` read, from its statements' results.
    static func lockedHeads(of groups: Set<GroupID>, creating: Set<GroupID>, from results: [PGResult]) throws(StoreError) -> [GroupID: WorkingGroup] {
        guard let rows = results.last else { return [:] }
        var placeholders: Set<String> = []
        if !creating.isEmpty, let inserted = results.first {
            placeholders = Set((0..<inserted.rowCount).map { inserted.text($0, 0) })
        }
        var working: [GroupID: WorkingGroup] = [:]
        for group in groups { working[group] = WorkingGroup(placeholder: placeholders.contains(group.rawValue)) }
        for row in 0..<rows.rowCount where rows.int64(row, 1) >= 0 {
            let group = GroupID(unchecked: rows.text(row, 0))
            guard let hash = Digest(bytes: rows.bytes(row, 2)) else {
                throw .corrupt(group, sequence: nil, reason: "its head record holds no hash")
            }
            working[group]?.head = PostgresHead(sequence: UInt64(rows.int64(row, 1)), hash: hash)
        }
        return working
    }

    /// The state at `head`, from the cache when it is at that head, else folded from the log.
    func loadReplica(_ group: GroupID, _ head: PostgresHead?, on connection: PGConnection) throws(StoreError) -> Replica {
        guard let head else { return Replica() }
        if let cached = heads.take(group, matching: head) { return cached }
        return try replica(of: group, head, at: head.sequence, on: connection)
    }

    /// Records what the reducer made of a commit, beside the commit (outcomes are derived, so
    /// they live apart from the append-only commits).
    func storeOutcome(_ outcome: CommitOutcome, of group: GroupID, _ sequence: UInt64, on connection: PGConnection) throws(StoreError) {
        try connection.execute(
            "INSERT INTO grouplog_outcomes (group_id, sequence, outcome) VALUES ($1, $2, $3)",
            [.text(group.rawValue), .int64(Int64(sequence)), .bytes(OutcomeCodec.encode(outcome))],
            operation: "record the outcome of commit \(sequence) of \(group)")
    }

    /// Writes the state after commit `sequence` as the group's snapshot there.
    func storeSnapshot(_ state: GroupState?, of group: GroupID, _ sequence: UInt64, on connection: PGConnection) throws(StoreError) {
        try connection.execute(
            "INSERT INTO grouplog_snapshots (group_id, sequence, snapshot) VALUES ($1, $2, $3)",
            [.text(group.rawValue), .int64(Int64(sequence)), .bytes(SnapshotRecord.encode(state))],
            operation: "write snapshot \(sequence) of \(group)")
    }

    /// Files the memberships, the DM pair and the directory entry an applied commit changes.
    func index(_ commit: Commit, _ state: GroupState, on connection: PGConnection) throws(StoreError) {
        var batch = PostgresIndexBatch()
        batch.add(commit, state)
        try connection.execute(pipelined: batch.statements)
    }

    /// Caches each group's state at its new head, and wakes its waiters in this process.
    func remember(_ working: [GroupID: WorkingGroup]) {
        for (group, entry) in working {
            if let head = entry.head, let replica = entry.replica { heads.store(replica, for: group, at: head) }
        }
        waiters.wake(working.keys)
    }
}
