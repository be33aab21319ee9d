import GroupCodec
import GroupCore

extension GroupStore {
    /// Drops everything derived from the logs (heads, outcomes, snapshots, the cross-group and DM indexes)
    /// and makes it again by replaying every log, in one transaction: a log that fails its chain
    /// check stops the rebuild and leaves the store as it was.
    /// - Parameter progress: told after each commit read; every commit is read twice, once to
    ///   check its chain and once to replay it, so the total is twice the commits.
    public func rebuild(progress: StoreProgress?) throws(StoreError) -> RebuildReport {
        heads.removeAll()
        return try writing { txn throws(StoreError) in
            // Check every chain first, while the heads that vouch for each log's last commit
            // are still there: a damaged log stops the rebuild, naming the changed commit.
            let vouched = try headHashes(in: txn)
            let groups = try groups(in: txn)
            var read = CheckedCount(total: 2 * groups.reduce(0) { $0 + Int($1.headSequence) + 1 }, progress: progress)
            for summary in groups {
                let head = try existingHead(of: summary.group, in: txn)
                try verifiedCommits(summary.group, head, from: 0, through: head.sequence, in: txn) { _ in read.advance() }
            }
            for database in [databases.groups, databases.outcomes, databases.snapshots, databases.memberships, databases.directory, databases.dms] {
                try txn.drop(database)
            }
            return try replayEveryLog(vouchedBy: vouched, in: txn, counting: &read)
        }
    }

    /// Each group's head hash by group number, as stored before the rebuild.
    private func headHashes(in txn: borrowing WriteTransaction<StoreError>) throws(StoreError) -> [UInt64: (sequence: UInt64, hash: Digest)] {
        var hashes: [UInt64: (sequence: UInt64, hash: Digest)] = [:]
        try txn.withCursor(databases.groups) { cursor throws(StoreError) in
            try cursor.forEach { entry throws(StoreError) in
                if let head = try? GroupHead(decoding: entry.value) { hashes[head.number] = (head.sequence, head.hash) }
                return .next
            }
        }
        return hashes
    }

    private func replayEveryLog(
        vouchedBy heads: [UInt64: (sequence: UInt64, hash: Digest)], in txn: borrowing WriteTransaction<StoreError>,
        counting read: inout CheckedCount
    ) throws(StoreError) -> RebuildReport {
        var groups = 0, commits = 0, snapshots = 0
        var current: (number: UInt64, group: GroupID, replica: Replica, previous: Digest?, sequence: UInt64)?
        func finish() throws(StoreError) {
            guard let current, let previous = current.previous else { return }
            if let stored = heads[current.number], stored.sequence == current.sequence, stored.hash != previous {
                throw .corrupt(current.group, sequence: current.sequence, reason: "the commit does not hash to what its group's head records: it was changed")
            }
            let head = GroupHead(number: current.number, sequence: current.sequence, hash: previous)
            try txn.put(databases.groups, key: StoreKeys.group(current.group), value: head.encoded())
        }
        try txn.withCursor(databases.commits) { cursor throws(StoreError) in
            try cursor.forEach { entry throws(StoreError) in
                guard let (number, sequence) = StoreKeys.parse(entry.key) else {
                    throw .corrupt(nil, sequence: nil, reason: "a commit is filed under a malformed key")
                }
                let commit: Commit
                do throws(BinaryDecodingError) { commit = try CommitCodec.decode(entry.value) } catch {
                    throw .corrupt(current?.group, sequence: sequence, reason: error.description)
                }
                if current?.number != number {
                    try finish()
                    guard sequence == 0 else {
                        throw .corrupt(commit.groupID, sequence: 0, reason: "the log does not start at commit 0")
                    }
                    current = (number, commit.groupID, Replica(), nil, 0)
                    groups += 1
                }
                guard var log = current, commit.groupID == log.group, commit.sequence == sequence,
                      sequence == 0 || sequence == log.sequence + 1, commit.previousHash == log.previous else {
                    throw .corrupt(current?.group, sequence: sequence, reason: "the chain is broken")
                }
                // Leave `log` the only reference to the state, so folding copies nothing.
                current = nil
                read.advance()
                let outcome = log.replica.fold(commit, recordingEvents: false)
                try txn.put(databases.outcomes, key: StoreKeys.entry(number, sequence), value: OutcomeCodec.encode(outcome))
                if try saveState(replica: &log.replica, at: sequence, { bytes throws(StoreError) in
                    try txn.put(databases.snapshots, key: StoreKeys.entry(number, sequence), value: bytes)
                }) {
                    snapshots += 1
                }
                if outcome.isApplied, let state = log.replica.state {
                    try index(commit, state, number: number, in: txn)
                    try listInDirectory(state, in: txn)
                }
                log.previous = SHA256.hash(entry.value)
                log.sequence = sequence
                current = log
                commits += 1
                return .next
            }
        }
        try finish()
        return RebuildReport(groups: groups, commits: commits, snapshots: snapshots)
    }
}
