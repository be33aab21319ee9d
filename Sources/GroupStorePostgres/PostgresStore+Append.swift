import GroupCodec
import GroupCore
import GroupStore

/// Appending: submits batched into shared transactions (group commit), and ingest. Every
/// append locks its group's head row first, so writers on other connections and hosts wait.
extension PostgresStore {
    /// Judges `changes` against the group's head and appends them as one commit when the
    /// reducer applies them (see `CommitLogStorage.submit`).
    @discardableResult
    public func submit(
        to group: GroupID, actor: InboxID, time: Milliseconds, changes: [Change], expectedSequence: UInt64?
    ) throws(StoreError) -> SubmittedCommit {
        let request = SubmitRequest(group: group, actor: actor, time: time, changes: changes, expectedSequence: expectedSequence)
        return try submissions.submit(request, servingBatchesWith: serveSubmits).get()
    }

    /// How this store's submits have been batched since it was opened.
    public var submitStatistics: SubmitStatistics {
        let counts = submissions.servedCounts
        return SubmitStatistics(batches: counts.batches, submits: counts.requests)
    }

    /// Appends commits made elsewhere in one transaction, all or none (see `CommitLogStorage.ingest`).
    ///
    /// The commits and their outcomes go in with a binary COPY each, each group's head is
    /// advanced once, and the indexes are written once at the end (`PostgresIndexBatch`), all in
    /// the transaction that locked the heads: a refused commit or a failed write leaves nothing
    /// of the batch.
    @discardableResult
    public func ingest(_ commits: [Commit], claims: [IdentityClaims]) throws(StoreError) -> [CommitOutcome] {
        let (outcomes, working) = try writing { connection throws(StoreError) in
            for entry in claims {
                for identity in entry.claims { try record(identity, for: entry.inbox, on: connection) }
            }
            var outcomes: [CommitOutcome] = []
            var working: [GroupID: WorkingGroup] = [:]
            var rows = PGCopyRows(columns: 3)
            var outcomeRows = PGCopyRows(columns: 3)
            var indexes = PostgresIndexBatch()
            for commit in commits {
                let group = commit.groupID
                var current: WorkingGroup
                if let known = working.removeValue(forKey: group) {
                    current = known
                } else {
                    current = try lockHead(of: group, creating: commit.sequence == 0, on: connection)
                }
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
                let outcome = replica.fold(commit)
                let bytes = CommitCodec.encode(commit)
                rows.append(.text(group.rawValue), .int64(Int64(commit.sequence)), .bytes(bytes))
                outcomeRows.append(.text(group.rawValue), .int64(Int64(commit.sequence)), .bytes(OutcomeCodec.encode(outcome)))
                if outcome.isApplied, let state = replica.state { indexes.add(commit, state) }
                current.head = PostgresHead(sequence: commit.sequence, hash: SHA256.hash(bytes))
                current.replica = replica
                working[group] = current
                outcomes.append(outcome)
            }
            if !rows.isEmpty {
                try connection.copy("COPY grouplog_commits (group_id, sequence, commit_bytes) FROM STDIN (FORMAT binary)", rows,
                                    operation: "append \(rows.count) commits")
                try connection.copy("COPY grouplog_outcomes (group_id, sequence, outcome) FROM STDIN (FORMAT binary)", outcomeRows,
                                    operation: "record the outcomes of \(outcomeRows.count) commits")
            }
            for (group, entry) in working.sorted(by: { $0.key < $1.key }) {
                guard let head = entry.head else { continue }
                try advanceHead(of: group, to: head, on: connection)
            }
            try indexes.write(on: connection)
            for group in working.keys.sorted() { try connection.notify(PostgresSchema.channel, payload: group.rawValue) }
            return (outcomes, working)
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

    /// Locks the group's head row for this transaction and reads it. A group being created gets
    /// a placeholder row (sequence -1), so that two creators of one group serialize on it too.
    func lockHead(of group: GroupID, creating: Bool, on connection: PGConnection) throws(StoreError) -> WorkingGroup {
        let select = "SELECT head_sequence, head_hash FROM grouplog_groups WHERE group_id = $1 FOR UPDATE"
        var rows = try connection.execute(select, [.text(group.rawValue)], operation: "lock the head of \(group)")
        var placeholder = false
        if rows.rowCount == 0 && creating {
            let inserted = try connection.execute(
                "INSERT INTO grouplog_groups (group_id, head_sequence, head_hash) VALUES ($1, -1, ''::bytea) ON CONFLICT DO NOTHING",
                [.text(group.rawValue)], operation: "create the head of \(group)")
            placeholder = inserted.affectedRows == 1
            rows = try connection.execute(select, [.text(group.rawValue)], operation: "lock the head of \(group)")
        }
        guard rows.rowCount == 1, rows.int64(0, 0) >= 0 else { return WorkingGroup(head: nil, replica: nil, placeholder: placeholder) }
        guard let hash = Digest(bytes: rows.bytes(0, 1)) else {
            throw .corrupt(group, sequence: nil, reason: "its head record holds no hash")
        }
        return WorkingGroup(head: PostgresHead(sequence: UInt64(rows.int64(0, 0)), hash: hash), replica: nil)
    }

    /// The state at `head`, from the cache when it is at that head, else folded from the log.
    func loadReplica(_ group: GroupID, _ head: PostgresHead?, on connection: PGConnection) throws(StoreError) -> Replica {
        guard let head else { return Replica() }
        if let cached = heads.take(group, matching: head) { return cached }
        return try replica(of: group, head, at: head.sequence, on: connection)
    }

    /// Writes one commit, its outcome, the new head and the indexes; returns the new head.
    func append(_ commit: Commit, outcome: CommitOutcome, state: GroupState?, on connection: PGConnection) throws(StoreError) -> PostgresHead {
        let group = commit.groupID
        let bytes = CommitCodec.encode(commit)
        let hash = SHA256.hash(bytes)
        try connection.execute(
            "INSERT INTO grouplog_commits (group_id, sequence, commit_bytes) VALUES ($1, $2, $3)",
            [.text(group.rawValue), .int64(Int64(commit.sequence)), .bytes(bytes)], operation: "append commit \(commit.sequence) of \(group)")
        try storeOutcome(outcome, of: group, commit.sequence, on: connection)
        let head = PostgresHead(sequence: commit.sequence, hash: hash)
        try advanceHead(of: group, to: head, on: connection)
        if outcome.isApplied, let state { try index(commit, state, on: connection) }
        return head
    }

    /// Moves the group's head record (locked by `lockHead`) to `head`.
    func advanceHead(of group: GroupID, to head: PostgresHead, on connection: PGConnection) throws(StoreError) {
        try connection.execute(
            "UPDATE grouplog_groups SET head_sequence = $2, head_hash = $3 WHERE group_id = $1",
            [.text(group.rawValue), .int64(Int64(head.sequence)), .bytes(head.hash.bytes)], operation: "advance the head of \(group)")
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
        try batch.write(on: connection)
    }

    /// Caches each group's state at its new head, and wakes its waiters in this process.
    func remember(_ working: [GroupID: WorkingGroup]) {
        for (group, entry) in working {
            if let head = entry.head, let replica = entry.replica { heads.store(replica, for: group, at: head) }
        }
        waiters.wake(working.keys)
    }
}
