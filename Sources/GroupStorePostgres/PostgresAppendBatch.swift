import GroupCodec
import GroupCore
import GroupStore

/// What one transaction appends (a batch of submits, an ingest), gathered as its commits are
/// judged and written at the transaction's end in a fixed handful of statements, however many
/// commits and groups it holds: the commits, their outcomes, the snapshots due, every head
/// advanced in one UPDATE, the index changes (`PostgresIndexBatch`), and one NOTIFY naming every
/// group appended to (`PostgresCommitNotice`, more only past its 8,000 bytes).
///
/// Its groups' head rows must be locked (`PostgresStore.lockHeads`) in the same transaction
/// before it is written, and each group's commits added in log order.
struct PostgresAppendBatch {
    /// The rows of `grouplog_commits` and `grouplog_outcomes`, a column each.
    private var groups: [String] = []
    private var sequences: [Int64] = []
    private var commits: [[UInt8]] = []
    private var outcomes: [[UInt8]] = []
    /// The rows of `grouplog_snapshots`: the states after the commits the schedule picks.
    private var snapshots: (groups: [String], sequences: [Int64], states: [[UInt8]]) = ([], [], [])
    /// Each group's head after its last commit here.
    private var heads: [GroupID: PostgresHead] = [:]
    private var indexes = PostgresIndexBatch()
    private let schedule: SnapshotSchedule

    /// An empty batch whose commits are snapshotted on `schedule`.
    init(snapshotting schedule: SnapshotSchedule) {
        self.schedule = schedule
    }

    /// How many commits it holds.
    var count: Int { commits.count }

    /// Adds `commit`, the next of its group's log, with the reducer's outcome and the state
    /// after it (for the indexes, when it applied, and for its snapshot, when one is due);
    /// returns the group's new head.
    mutating func append(_ commit: Commit, outcome: CommitOutcome, state: GroupState?) -> PostgresHead {
        let bytes = CommitCodec.encode(commit)
        groups.append(commit.groupID.rawValue)
        sequences.append(Int64(commit.sequence))
        commits.append(bytes)
        outcomes.append(OutcomeCodec.encode(outcome))
        if schedule.isDue(at: commit.sequence, members: state?.memberCount ?? 0) {
            snapshots.groups.append(commit.groupID.rawValue)
            snapshots.sequences.append(Int64(commit.sequence))
            snapshots.states.append(SnapshotRecord.encode(state))
        }
        if outcome.isApplied, let state { indexes.add(commit, state) }
        let head = PostgresHead(sequence: commit.sequence, hash: SHA256.hash(bytes))
        heads[commit.groupID] = head
        return head
    }

    /// Everything it holds as statements to run in order (in a pipeline, say), the commits and
    /// outcomes inserted from arrays: none without a commit.
    var statements: [PGStatement] {
        guard !commits.isEmpty else { return [] }
        return [
            PGStatement(
                "INSERT INTO grouplog_commits (group_id, sequence, commit_bytes) SELECT * FROM unnest($1::text[], $2::bigint[], $3::bytea[])",
                [.textArray(groups), .int64Array(sequences), .bytesArray(commits)], operation: "append \(commits.count) commits"),
            PGStatement(
                "INSERT INTO grouplog_outcomes (group_id, sequence, outcome) SELECT * FROM unnest($1::text[], $2::bigint[], $3::bytea[])",
                [.textArray(groups), .int64Array(sequences), .bytesArray(outcomes)], operation: "record the outcomes of \(outcomes.count) commits"),
        ] + statementsAfterTheCommits
    }

    /// Writes everything it holds in `connection`'s transaction, the commits and outcomes with a
    /// binary COPY each (for a large batch, such as an ingest's), the rest in one pipeline.
    /// - Throws: `storage` when the server refuses a write; the transaction can then only roll back.
    func write(on connection: PGConnection) throws(StoreError) {
        guard !commits.isEmpty else { return }
        var commitRows = PGCopyRows(columns: 3), outcomeRows = PGCopyRows(columns: 3)
        for row in commits.indices {
            commitRows.append(.text(groups[row]), .int64(sequences[row]), .bytes(commits[row]))
            outcomeRows.append(.text(groups[row]), .int64(sequences[row]), .bytes(outcomes[row]))
        }
        try connection.copy("COPY grouplog_commits (group_id, sequence, commit_bytes) FROM STDIN (FORMAT binary)", commitRows,
                            operation: "append \(commits.count) commits")
        try connection.copy("COPY grouplog_outcomes (group_id, sequence, outcome) FROM STDIN (FORMAT binary)", outcomeRows,
                            operation: "record the outcomes of \(outcomes.count) commits")
        try connection.execute(pipelined: statementsAfterTheCommits)
    }

    /// The snapshots written, the heads advanced, the indexes written, the groups announced.
    private var statementsAfterTheCommits: [PGStatement] {
        // Each group's row was locked before its first commit was judged (a creation's
        // placeholder included), so every one is there to be updated.
        let advanced = heads.sorted { $0.key < $1.key }
        let advance = PGStatement(
            """
            UPDATE grouplog_groups g SET head_sequence = h.sequence, head_hash = h.hash
            FROM unnest($1::text[], $2::bigint[], $3::bytea[]) AS h (group_id, sequence, hash)
            WHERE g.group_id = h.group_id
            """,
            [.textArray(advanced.map(\.key.rawValue)), .int64Array(advanced.map { Int64($0.value.sequence) }),
             .bytesArray(advanced.map(\.value.hash.bytes))],
            operation: "advance the heads of \(advanced.count) groups")
        let notices = PostgresCommitNotice.payloads(announcing: advanced.map(\.key)).map { payload in
            PGStatement("SELECT pg_notify($1, $2)", [.text(PostgresSchema.channel), .text(payload)], operation: "notify \(PostgresSchema.channel)")
        }
        let snapshot = PGStatement(
            "INSERT INTO grouplog_snapshots (group_id, sequence, snapshot) SELECT * FROM unnest($1::text[], $2::bigint[], $3::bytea[])",
            [.textArray(snapshots.groups), .int64Array(snapshots.sequences), .bytesArray(snapshots.states)],
            operation: "write \(snapshots.states.count) snapshots")
        return (snapshots.states.isEmpty ? [] : [snapshot]) + [advance] + indexes.statements + notices
    }
}
