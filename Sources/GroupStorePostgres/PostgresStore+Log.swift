import GroupCodec
import GroupCore
import GroupStore

/// Reading a log: heads, and commits in chunks, each checked against the chain (GroupStore's
/// `ChainCheck`, the same check LMDB makes).
extension PostgresStore {
    /// Commits are read this many at a time, so a replay's memory does not grow with the log.
    static let chunk: Int64 = 1_000

    func head(of group: GroupID, on connection: PGConnection) throws(StoreError) -> PostgresHead? {
        let rows = try connection.execute(
            "SELECT head_sequence, head_hash FROM grouplog_groups WHERE group_id = $1 AND head_sequence >= 0",
            [.text(group.rawValue)], operation: "read the head of \(group)")
        guard rows.rowCount == 1 else { return nil }
        guard let hash = Digest(bytes: rows.bytes(0, 1)) else {
            throw .corrupt(group, sequence: nil, reason: "its head record holds no hash")
        }
        return PostgresHead(sequence: UInt64(rows.int64(0, 0)), hash: hash)
    }

    func existingHead(of group: GroupID, on connection: PGConnection) throws(StoreError) -> PostgresHead {
        guard let head = try head(of: group, on: connection) else { throw .groupNotFound(group) }
        return head
    }

    /// The stored bytes of one commit.
    func commitBytes(_ group: GroupID, _ sequence: UInt64, on connection: PGConnection) throws(StoreError) -> [UInt8] {
        let rows = try connection.execute(
            "SELECT commit_bytes FROM grouplog_commits WHERE group_id = $1 AND sequence = $2",
            [.text(group.rawValue), .int64(Int64(sequence))], operation: "read commit \(sequence) of \(group)")
        guard rows.rowCount == 1 else { throw .corrupt(group, sequence: sequence, reason: "the commit is missing from the log") }
        return rows.bytes(0, 0)
    }

    /// The hash the log records for commit `sequence`'s bytes: the next commit's previous hash,
    /// or the head's hash for the last commit.
    func vouchedHash(_ group: GroupID, _ head: PostgresHead, for sequence: UInt64, on connection: PGConnection) throws(StoreError) -> Digest? {
        if sequence == head.sequence { return head.hash }
        let next = try commitBytes(group, sequence + 1, on: connection)
        do throws(BinaryDecodingError) {
            return try CommitCodec.decode(next).previousHash
        } catch {
            throw .corrupt(group, sequence: sequence + 1, reason: error.description)
        }
    }

    /// Decodes commits `first...last`, checking each against the chain, with their stored
    /// outcomes; a fold that needs only the commits passes `withOutcomes: false` and saves the
    /// join. A commit whose outcome is missing (or was not asked for) gets empty bytes.
    func verifiedCommits(
        _ group: GroupID, _ head: PostgresHead, from first: UInt64, through last: UInt64, withOutcomes: Bool = true,
        on connection: PGConnection, _ body: (Commit, _ storedOutcome: [UInt8]) throws(StoreError) -> Void
    ) throws(StoreError) {
        try verifiedRuns(group, head, from: first, through: last, withOutcomes: withOutcomes, on: connection) { commits, outcomes throws(StoreError) in
            for index in commits.indices { try body(commits[index], outcomes[index]) }
        }
    }

    /// ``verifiedCommits(_:_:from:through:withOutcomes:on:_:)`` handing `body` a chunk's commits
    /// at a time, with their stored outcomes beside them, so that a fold can look ahead within
    /// each (`Replica.fold(_:recordingEvents:_:)`). Every commit before a damaged one is handed
    /// over before the damage is thrown, as one commit at a time would be.
    func verifiedRuns(
        _ group: GroupID, _ head: PostgresHead, from first: UInt64, through last: UInt64, withOutcomes: Bool = true,
        on connection: PGConnection, _ body: (_ commits: [Commit], _ storedOutcomes: [[UInt8]]) throws(StoreError) -> Void
    ) throws(StoreError) {
        guard first <= last else { return }
        let previous: Digest? = first == 0 ? nil : SHA256.hash(try commitBytes(group, first - 1, on: connection))
        var chain = ChainCheck(group, from: first, previous: previous)
        while chain.next <= last {
            let start = chain.next
            let end = min(last, start + UInt64(Self.chunk) - 1)
            let sql = withOutcomes
                ? """
                  SELECT c.sequence, c.commit_bytes, o.outcome FROM grouplog_commits c LEFT JOIN grouplog_outcomes o USING (group_id, sequence)
                  WHERE c.group_id = $1 AND c.sequence BETWEEN $2 AND $3 ORDER BY c.sequence
                  """
                : "SELECT sequence, commit_bytes, ''::bytea FROM grouplog_commits WHERE group_id = $1 AND sequence BETWEEN $2 AND $3 ORDER BY sequence"
            let rows = try connection.execute(sql, [.text(group.rawValue), .int64(Int64(start)), .int64(Int64(end))], operation: "read the log of \(group)")
            var commits: [Commit] = [], outcomes: [[UInt8]] = []
            commits.reserveCapacity(rows.rowCount)
            outcomes.reserveCapacity(rows.rowCount)
            do throws(StoreError) {
                for row in 0..<rows.rowCount {
                    let sequence = chain.next
                    guard UInt64(rows.int64(row, 0)) == sequence else { break }
                    let bytes = rows.bytes(row, 1)
                    commits.append(try bytes.withBytes { raw throws(StoreError) in
                        try chain.check(raw) { sequence throws(StoreError) in try vouchedHash(group, head, for: sequence, on: connection) }
                    })
                    outcomes.append(rows.bytes(row, 2))
                }
            } catch {
                // The commits before the damage, then the damage.
                try body(commits, outcomes)
                throw error
            }
            try body(commits, outcomes)
            guard chain.next > end else {
                throw .corrupt(group, sequence: chain.next, reason: "the commit is missing from the log")
            }
        }
        try chain.finish(vouched: try vouchedHash(group, head, for: last, on: connection))
    }

    /// The group's replica after commit `sequence`, folded from the nearest snapshot at or
    /// before it (from commit 0 when there is none); every commit folded is checked against the
    /// chain, and the snapshot against its own checksum.
    func replica(of group: GroupID, _ head: PostgresHead, at sequence: UInt64, on connection: PGConnection) throws(StoreError) -> Replica {
        var replica = Replica()
        var next: UInt64 = 0
        if let (snapshotSequence, state) = try nearestSnapshot(group, atOrBefore: sequence, on: connection) {
            replica = Replica(resuming: state)
            next = snapshotSequence + 1
        }
        if next <= sequence {
            try verifiedRuns(group, head, from: next, through: sequence, withOutcomes: false, on: connection) { commits, _ in
                replica.fold(commits, recordingEvents: false) { _, _, _ in }
            }
        }
        return replica
    }

    private func nearestSnapshot(_ group: GroupID, atOrBefore sequence: UInt64, on connection: PGConnection) throws(StoreError) -> (UInt64, GroupState?)? {
        let rows = try connection.execute(
            "SELECT sequence, snapshot FROM grouplog_snapshots WHERE group_id = $1 AND sequence <= $2 ORDER BY sequence DESC LIMIT 1",
            [.text(group.rawValue), .int64(Int64(clamping: sequence))], operation: "find a snapshot of \(group)")
        guard rows.rowCount == 1 else { return nil }
        let found = UInt64(rows.int64(0, 0))
        return (found, try Self.decodeSnapshot(rows.bytes(0, 1), group, found))
    }

    /// A stored snapshot's state.
    /// - Throws: `corrupt` naming the snapshot's group and sequence.
    static func decodeSnapshot(_ bytes: [UInt8], _ group: GroupID, _ sequence: UInt64) throws(StoreError) -> GroupState? {
        do throws(SnapshotProblem) {
            return try bytes.withBytes { raw throws(SnapshotProblem) in try SnapshotRecord.decode(raw) }
        } catch {
            throw .corrupt(group, sequence: sequence, reason: "its snapshot: \(error.reason); run 'grouplog rebuild'")
        }
    }

    /// A stored outcome; empty bytes (never an encoded outcome) mean it is missing.
    static func decodeOutcome(_ bytes: [UInt8], _ group: GroupID, _ sequence: UInt64) throws(StoreError) -> CommitOutcome {
        guard !bytes.isEmpty else { throw .corrupt(group, sequence: sequence, reason: "its outcome is missing; run 'grouplog rebuild'") }
        do throws(BinaryDecodingError) {
            return try bytes.withBytes { raw throws(BinaryDecodingError) in try OutcomeCodec.decode(raw) }
        } catch {
            throw .corrupt(group, sequence: sequence, reason: "its outcome: \(error); run 'grouplog rebuild'")
        }
    }
}
