import GroupCore

extension GroupStore {
    /// Checks every commit of the group (or of every group): its encoding, its place in the chain,
    /// its signature, its stored outcome against a fresh replay, every snapshot against the replayed state, the
    /// head, and the cross-group indexes. Reports each problem with its group and sequence. A
    /// check of the whole store also finds index entries that name no member or no group.
    /// - Parameter progress: told after each commit is checked.
    public func verify(_ only: GroupID?, progress: StoreProgress?) throws(StoreError) -> [VerifyProblem] {
        let groups: [GroupSummary]
        if let only {
            groups = [GroupSummary(group: only, headSequence: try headSequence(of: only))]
        } else {
            groups = try self.groups()
        }
        var problems = try damagedTableRecords()
        if only == nil {
            do throws(StoreError) {
                problems += try strayIndexEntries(among: groups)
            } catch {
                // A damaged page of an index: a problem to report beside the groups' own.
                guard case let .corrupt(group, sequence, reason) = error else { throw error }
                problems.append(VerifyProblem(group: group, sequence: sequence, message: reason))
            }
        }
        var checked = CheckedCount(total: groups.reduce(0) { $0 + Int($1.headSequence) + 1 }, progress: progress)
        for summary in groups {
            do throws(StoreError) {
                problems += try reading { txn throws(StoreError) in try verify(summary.group, in: txn, counting: &checked) }
            } catch {
                guard case let .corrupt(group, sequence, reason) = error else { throw error }
                problems.append(VerifyProblem(group: group ?? summary.group, sequence: sequence, message: reason))
            }
        }
        return problems
    }

    private func verify(
        _ group: GroupID, in txn: borrowing ReadTransaction<StoreError>, counting checked: inout CheckedCount
    ) throws(StoreError) -> [VerifyProblem] {
        var problems: [VerifyProblem] = []
        func report(_ sequence: UInt64?, _ message: String) {
            problems.append(VerifyProblem(group: group, sequence: sequence, message: message))
        }
        let head = try existingHead(of: group, in: txn)
        var replica = Replica()
        // The state the stored snapshots give, full ones decoded and incremental ones applied in
        // turn, as a state read would: each must equal the replay's.
        var stored: (sequence: UInt64, state: GroupState?)?
        try verifiedCommits(group, head, from: 0, through: head.sequence, in: txn) { commit throws(StoreError) in
            checked.advance()
            if let problem = SignatureDoor.problem(with: commit) { problems.append(problem) }
            let outcome = replica.fold(commit, recordingEvents: false)
            let key = StoreKeys.entry(head.number, commit.sequence)
            do throws(StoreError) {
                let stored = try self.outcome(group, head, commit.sequence, in: txn)
                if stored != outcome {
                    report(commit.sequence, "its stored outcome (\(CommitIndexing.describe(stored))) differs from a replay's (\(CommitIndexing.describe(outcome)))")
                }
            } catch {
                // A record's damage is reported and the check goes on; a damaged page of LMDB's
                // tree (a `.corrupt` naming no group) leaves the transaction unusable, so it ends
                // this group's check, and the caller reports it for the group.
                guard case let .corrupt(.some, _, reason) = error else { throw error }
                report(commit.sequence, reason)
            }
            guard let snapshot = try txn.get(databases.snapshots, key: key) else { return }
            let sequence = commit.sequence
            do throws(SnapshotProblem) {
                if let base = try SnapshotRecord.deltaBase(of: snapshot) {
                    guard let previous = stored.take(), previous.sequence == base, var state = previous.state else {
                        report(sequence, "its incremental snapshot applies to commit \(base), where no stored state is")
                        return
                    }
                    try SnapshotRecord.applyDelta(snapshot, to: &state)
                    stored = (sequence, state)
                } else {
                    stored = (sequence, try SnapshotRecord.decode(snapshot))
                }
                if stored?.state != replica.state {
                    report(sequence, "its snapshot differs from the state a replay gives")
                }
            } catch {
                stored = nil
                report(sequence, "its snapshot: \(error.reason)")
            }
        }
        if let state = replica.state {
            problems += try verifyIndex(group, state, in: txn)
        }
        return problems
    }

    /// Every current member has an index entry for the group, and no one else does.
    private func verifyIndex(_ group: GroupID, _ state: GroupState, in txn: borrowing ReadTransaction<StoreError>) throws(StoreError) -> [VerifyProblem] {
        var problems: [VerifyProblem] = []
        for record in state.allMembers where try txn.get(databases.memberships, key: StoreKeys.membership(record.inbox, group)) == nil {
            problems.append(VerifyProblem(group: group, sequence: nil, message: "the cross-group index lacks member \(record.inbox)"))
        }
        for record in state.formerMembers where try txn.get(databases.memberships, key: StoreKeys.membership(record.inbox, group)) != nil {
            problems.append(VerifyProblem(group: group, sequence: nil, message: "the cross-group index still lists former member \(record.inbox)"))
        }
        let listed = try txn.get(databases.directory, key: StoreKeys.group(group)).map(Array.init)
        let expected = DirectoryEntry.lists(state) ? DirectoryEntry(state).encoded() : nil
        if listed != expected {
            problems.append(VerifyProblem(group: group, sequence: nil, message: "the group directory's entry differs from the group's state"))
        }
        return problems
    }

    /// LMDB's records of the store's tables whose size is not the one LMDB writes. Reads never
    /// look at it, so nothing else shows the damage; the next write to such a table would move as
    /// many bytes as the size claims (the corruption campaign, trial 122 of seed 17).
    private func damagedTableRecords() throws(StoreError) -> [VerifyProblem] {
        try reading { txn throws(StoreError) in
            var problems: [VerifyProblem] = []
            for table in databases.all {
                // Only the size is read: it is what may be damaged.
                guard let size = try txn.get(databases.main, key: Array(table.name.utf8))?.count, size != LMDBDatabase.recordSize else { continue }
                problems.append(VerifyProblem(group: nil, sequence: nil, message:
                    "LMDB's record of the table \(table) claims \(size) bytes, not \(LMDBDatabase.recordSize): the next write to the table would fail; restore the store from a copy"))
            }
            return problems
        }
    }

    /// Index entries that no group's state accounts for: a membership of an inbox its group never
    /// had, or of a group that does not exist, and a directory entry for a group that does not.
    private func strayIndexEntries(among groups: [GroupSummary]) throws(StoreError) -> [VerifyProblem] {
        let known = Set(groups.map(\.group))
        return try reading { txn throws(StoreError) in
            var problems: [VerifyProblem] = []
            try txn.withCursor(databases.memberships) { cursor throws(StoreError) in
                try cursor.forEach { entry throws(StoreError) in
                    let bytes = Array(entry.key)
                    guard let separator = bytes.firstIndex(of: 0),
                          let inbox = String(validating: bytes[..<separator], as: UTF8.self).flatMap({ try? InboxID($0) }),
                          let group = String(validating: bytes[(separator + 1)...], as: UTF8.self).flatMap({ try? GroupID($0) }) else {
                        problems.append(VerifyProblem(group: nil, sequence: nil, message: "the cross-group index holds a malformed key"))
                        return .next
                    }
                    if !known.contains(group) {
                        problems.append(VerifyProblem(group: group, sequence: nil, message: "the cross-group index lists \(inbox) in a group that does not exist"))
                    } else {
                        var replica: Replica?
                        do throws(StoreError) {
                            replica = try headReplica(of: group, try existingHead(of: group, in: txn), in: txn)
                        } catch {
                            // A group whose log is damaged is reported by its own check below; a
                            // damaged page of LMDB's tree leaves the transaction unusable.
                            if case .corrupt(nil, _, _) = error { throw error }
                        }
                        if let replica, replica.state?.member(inbox) == nil {
                            problems.append(VerifyProblem(group: group, sequence: nil, message: "the cross-group index lists \(inbox), which the group never had"))
                        }
                    }
                    return .next
                }
            }
            try txn.withCursor(databases.directory) { cursor throws(StoreError) in
                try cursor.forEach { entry throws(StoreError) in
                    let name = String(validating: entry.key, as: UTF8.self).flatMap { try? GroupID($0) }
                    if name.map({ !known.contains($0) }) ?? true {
                        problems.append(VerifyProblem(group: name, sequence: nil, message: "the group directory lists a group that does not exist"))
                    }
                    return .next
                }
            }
            return problems
        }
    }
}
