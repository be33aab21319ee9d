import GroupCodec
import GroupCore
import GroupStore

/// What one transaction appends (a batch of submits, an ingest), gathered as its commits are
/// judged and written at the transaction's end in a fixed handful of statements, however many
/// commits and groups it holds: one COPY for the commits and one for their outcomes, one UPDATE
/// advancing every head, the index changes (`PostgresIndexBatch`), and one NOTIFY announcing
/// every group appended to.
///
/// Its groups' head rows must be locked (`PostgresStore.lockHeads`) in the same transaction
/// before the first commit is added, and each group's commits added in log order.
struct PostgresAppendBatch {
    private var commits = PGCopyRows(columns: 3)
    private var outcomes = PGCopyRows(columns: 3)
    /// Each group's head after its last commit here.
    private(set) var heads: [GroupID: PostgresHead] = [:]
    private var indexes = PostgresIndexBatch()

    /// How many commits it holds.
    var count: Int { commits.count }

    /// Adds `commit`, the next of its group's log, with the reducer's outcome and, when it
    /// applied, the state it leaves (for the indexes); returns the group's new head.
    mutating func append(_ commit: Commit, outcome: CommitOutcome, state: GroupState?) -> PostgresHead {
        let group = commit.groupID
        let bytes = CommitCodec.encode(commit)
        commits.append(.text(group.rawValue), .int64(Int64(commit.sequence)), .bytes(bytes))
        outcomes.append(.text(group.rawValue), .int64(Int64(commit.sequence)), .bytes(OutcomeCodec.encode(outcome)))
        if outcome.isApplied, let state { indexes.add(commit, state) }
        let head = PostgresHead(sequence: commit.sequence, hash: SHA256.hash(bytes))
        heads[group] = head
        return head
    }

    /// Writes everything gathered in `connection`'s transaction; nothing when it holds no commit.
    /// - Throws: `storage` when the server refuses a write (the transaction can then only roll
    ///   back); `corrupt` when a group has no head row to advance.
    func write(on connection: PGConnection) throws(StoreError) {
        guard !commits.isEmpty else { return }
        try connection.copy("COPY grouplog_commits (group_id, sequence, commit_bytes) FROM STDIN (FORMAT binary)", commits,
                            operation: "append \(commits.count) commits")
        try connection.copy("COPY grouplog_outcomes (group_id, sequence, outcome) FROM STDIN (FORMAT binary)", outcomes,
                            operation: "record the outcomes of \(outcomes.count) commits")
        let advanced = heads.sorted { $0.key < $1.key }
        let updated = try connection.execute(
            """
            UPDATE grouplog_groups g SET head_sequence = h.sequence, head_hash = h.hash
            FROM unnest($1::text[], $2::bigint[], $3::bytea[]) AS h (group_id, sequence, hash)
            WHERE g.group_id = h.group_id
            """,
            [.textArray(advanced.map(\.key.rawValue)), .int64Array(advanced.map { Int64($0.value.sequence) }),
             .bytesArray(advanced.map(\.value.hash.bytes))],
            operation: "advance the heads of \(advanced.count) groups")
        // Cannot happen while every group's row is locked first (a creation's placeholder
        // included): a commit whose head did not move would be a log the store cannot find.
        guard updated.affectedRows == advanced.count else {
            let missing = advanced.count - updated.affectedRows
            throw .corrupt(nil, sequence: nil, reason: "\(missing) of the \(advanced.count) groups appended to have no head record")
        }
        try indexes.write(on: connection)
        for payload in PostgresCommitNotice.payloads(announcing: advanced.map(\.key)) {
            try connection.notify(PostgresSchema.channel, payload: payload)
        }
    }
}
