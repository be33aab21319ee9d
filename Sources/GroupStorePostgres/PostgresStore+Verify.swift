import GroupCodec
import GroupCore
import GroupStore

/// Checking the logs and making everything derived from them again.
extension PostgresStore {
    /// Checks each group (or one) against a fresh replay: the chain, the stored outcomes, the
    /// head and the indexes; a check of the whole store also finds stray index entries.
    public func verify(_ only: GroupID?, progress: StoreProgress?) throws(StoreError) -> [VerifyProblem] {
        try reading { connection throws(StoreError) in
            let groups = if let only {
                [GroupSummary(group: only, headSequence: try existingHead(of: only, on: connection).sequence)]
            } else {
                try self.groups(on: connection)
            }
            var problems: [VerifyProblem] = []
            var states: [GroupID: GroupState?] = [:]
            var checked = CheckedCount(total: groups.reduce(0) { $0 + Int($1.headSequence) + 1 }, progress: progress)
            for summary in groups {
                do throws(StoreError) {
                    let (found, state) = try verify(summary.group, on: connection, counting: &checked)
                    problems += found
                    states[summary.group] = state
                } catch {
                    guard case let .corrupt(group, sequence, reason) = error else { throw error }
                    problems.append(VerifyProblem(group: group ?? summary.group, sequence: sequence, message: reason))
                }
            }
            if only == nil { problems = try strayIndexEntries(known: Set(groups.map(\.group)), states: states, on: connection) + problems }
            return problems
        }
    }

    private func verify(
        _ group: GroupID, on connection: PGConnection, counting checked: inout CheckedCount
    ) throws(StoreError) -> ([VerifyProblem], GroupState?) {
        var problems: [VerifyProblem] = []
        let head = try existingHead(of: group, on: connection)
        let snapshotted = try snapshotSequences(of: group, on: connection)
        var replica = Replica()
        try verifiedCommits(group, head, from: 0, through: head.sequence, on: connection) { commit, stored throws(StoreError) in
            checked.advance()
            if let problem = SignatureDoor.problem(with: commit) { problems.append(problem) }
            let outcome = replica.fold(commit, recordingEvents: false)
            if snapshotted.contains(commit.sequence) {
                do throws(StoreError) {
                    if try snapshot(of: group, at: commit.sequence, on: connection) != replica.state {
                        problems.append(VerifyProblem(group: group, sequence: commit.sequence, message: "its snapshot differs from the state a replay gives"))
                    }
                } catch {
                    guard case let .corrupt(_, _, reason) = error else { throw error }
                    problems.append(VerifyProblem(group: group, sequence: commit.sequence, message: reason))
                }
            }
            do throws(StoreError) {
                let storedOutcome = try Self.decodeOutcome(stored, group, commit.sequence)
                if storedOutcome != outcome {
                    problems.append(VerifyProblem(group: group, sequence: commit.sequence, message:
                        "its stored outcome (\(CommitIndexing.describe(storedOutcome))) differs from a replay's (\(CommitIndexing.describe(outcome)))"))
                }
            } catch {
                guard case let .corrupt(_, _, reason) = error else { throw error }
                problems.append(VerifyProblem(group: group, sequence: commit.sequence, message: reason))
            }
        }
        guard let state = replica.state else { return (problems, nil) }
        let rows = try connection.execute("SELECT inbox FROM grouplog_memberships WHERE group_id = $1", [.text(group.rawValue)],
                                          operation: "read the memberships of \(group)")
        let indexed = Set((0..<rows.rowCount).map { rows.text($0, 0) })
        for record in state.allMembers where !indexed.contains(record.inbox.rawValue) {
            problems.append(VerifyProblem(group: group, sequence: nil, message: "the cross-group index lacks member \(record.inbox)"))
        }
        for record in state.formerMembers where indexed.contains(record.inbox.rawValue) {
            problems.append(VerifyProblem(group: group, sequence: nil, message: "the cross-group index still lists former member \(record.inbox)"))
        }
        let listed = try connection.execute("SELECT entry FROM grouplog_directory WHERE group_id = $1", [.text(group.rawValue)],
                                            operation: "read the directory entry of \(group)")
        let entry = listed.rowCount == 1 ? listed.bytes(0, 0) : nil
        if entry != CommitIndexing.directoryEntry(state)?.encoded() {
            problems.append(VerifyProblem(group: group, sequence: nil, message: "the group directory's entry differs from the group's state"))
        }
        return (problems, state)
    }

    /// The sequences the group has snapshots at (only the numbers: a snapshot is read when the
    /// replay reaches it, so a check holds one at a time).
    private func snapshotSequences(of group: GroupID, on connection: PGConnection) throws(StoreError) -> Set<UInt64> {
        let rows = try connection.execute("SELECT sequence FROM grouplog_snapshots WHERE group_id = $1", [.text(group.rawValue)],
                                          operation: "list the snapshots of \(group)")
        return Set((0..<rows.rowCount).map { UInt64(rows.int64($0, 0)) })
    }

    private func snapshot(of group: GroupID, at sequence: UInt64, on connection: PGConnection) throws(StoreError) -> GroupState? {
        let rows = try connection.execute("SELECT snapshot FROM grouplog_snapshots WHERE group_id = $1 AND sequence = $2",
                                          [.text(group.rawValue), .int64(Int64(sequence))], operation: "read snapshot \(sequence) of \(group)")
        return try Self.decodeSnapshot(rows.bytes(0, 0), group, sequence)
    }

    private func strayIndexEntries(known: Set<GroupID>, states: [GroupID: GroupState?], on connection: PGConnection) throws(StoreError) -> [VerifyProblem] {
        var problems: [VerifyProblem] = []
        let rows = try connection.execute("SELECT inbox, group_id FROM grouplog_memberships ORDER BY inbox, group_id", operation: "read the memberships")
        for row in 0..<rows.rowCount {
            guard let inbox = try? InboxID(rows.text(row, 0)), let group = try? GroupID(rows.text(row, 1)) else {
                problems.append(VerifyProblem(group: nil, sequence: nil, message: "the cross-group index holds a malformed key"))
                continue
            }
            if !known.contains(group) {
                problems.append(VerifyProblem(group: group, sequence: nil, message: "the cross-group index lists \(inbox) in a group that does not exist"))
            } else if let state = states[group] ?? nil, state.member(inbox) == nil {
                problems.append(VerifyProblem(group: group, sequence: nil, message: "the cross-group index lists \(inbox), which the group never had"))
            }
        }
        let listed = try connection.execute("SELECT group_id FROM grouplog_directory ORDER BY group_id", operation: "read the directory")
        for row in 0..<listed.rowCount {
            let name = try? GroupID(listed.text(row, 0))
            if name.map({ !known.contains($0) }) ?? true {
                problems.append(VerifyProblem(group: name, sequence: nil, message: "the group directory lists a group that does not exist"))
            }
        }
        return problems
    }

    /// Makes the outcomes, heads, snapshots and indexes again from the logs, in one
    /// transaction; a log that fails its chain check stops the rebuild and leaves the store as
    /// it was. Only derived tables are written: the commits are read, never changed (the schema
    /// refuses that).
    /// - Parameter progress: told after each commit is replayed (each is read once).
    public func rebuild(progress: StoreProgress?) throws(StoreError) -> RebuildReport {
        heads.removeAll()
        return try writing { connection throws(StoreError) in
            // Every append locks its group's head row first, so holding the heads' table keeps
            // writers out; the commits are only read (a writer role may not lock them harder).
            try connection.execute("LOCK TABLE grouplog_groups IN EXCLUSIVE MODE", operation: "lock the store for a rebuild")
            let rows = try connection.execute(
                "SELECT c.group_id, max(c.sequence), g.head_sequence, g.head_hash FROM grouplog_commits c LEFT JOIN grouplog_groups g USING (group_id) GROUP BY c.group_id, g.head_sequence, g.head_hash ORDER BY c.group_id",
                operation: "list the logs")
            var logs: [(GroupID, PostgresHead)] = []
            for row in 0..<rows.rowCount {
                guard let group = try? GroupID(rows.text(row, 0)) else {
                    throw .corrupt(nil, sequence: nil, reason: "a commit is filed under a group ID that is not one")
                }
                let last = UInt64(rows.int64(row, 1))
                // The stored head vouches for the last commit while it is there; a missing head is made from the log.
                let stored = rows.isNull(row, 3) ? nil : Digest(bytes: rows.bytes(row, 3))
                let vouched = rows.isNull(row, 2) || rows.int64(row, 2) != Int64(last) ? nil : stored
                let hash: Digest
                if let vouched { hash = vouched } else { hash = SHA256.hash(try commitBytes(group, last, on: connection)) }
                logs.append((group, PostgresHead(sequence: last, hash: hash)))
            }
            // The DM index keeps its entries (and so their filing order, oldest first); entries
            // the replay does not file again are dropped below.
            for statement in [
                "DELETE FROM grouplog_memberships", "DELETE FROM grouplog_directory", "DELETE FROM grouplog_groups",
                "DELETE FROM grouplog_outcomes", "DELETE FROM grouplog_snapshots",
            ] {
                try connection.execute(statement, operation: "clear the derived tables (\(statement))")
            }
            var commits = 0, snapshots = 0
            var read = CheckedCount(total: logs.reduce(0) { $0 + Int($1.1.sequence) + 1 }, progress: progress)
            var dms: Set<String> = []
            for (group, head) in logs {
                try connection.execute("INSERT INTO grouplog_groups (group_id, head_sequence, head_hash) VALUES ($1, $2, $3)",
                                       [.text(group.rawValue), .int64(Int64(head.sequence)), .bytes(head.hash.bytes)], operation: "restore the head of \(group)")
                var replica = Replica()
                try verifiedCommits(group, head, from: 0, through: head.sequence, withOutcomes: false, on: connection) { commit, _ throws(StoreError) in
                    let outcome = replica.fold(commit, recordingEvents: false)
                    try storeOutcome(outcome, of: group, commit.sequence, on: connection)
                    if options.snapshotSchedule.isDue(at: commit.sequence, members: replica.state?.memberCount ?? 0) {
                        try storeSnapshot(replica.state, of: group, commit.sequence, on: connection)
                        snapshots += 1
                    }
                    if outcome.isApplied, let state = replica.state {
                        try index(commit, state, on: connection)
                        if CommitIndexing.dmPair(created: commit, state) != nil { dms.insert(group.rawValue) }
                    }
                    commits += 1
                    read.advance()
                }
            }
            let filed = try connection.execute("SELECT DISTINCT group_id FROM grouplog_dms", operation: "read the DM index")
            for row in 0..<filed.rowCount where !dms.contains(filed.text(row, 0)) {
                try connection.execute("DELETE FROM grouplog_dms WHERE group_id = $1", [.text(filed.text(row, 0))], operation: "unfile a DM")
            }
            return RebuildReport(groups: logs.count, commits: commits, snapshots: snapshots)
        }
    }
}
