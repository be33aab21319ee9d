import GroupCodec
import GroupCore
import GroupStore

extension PostgresStore {
    /// Every group, in group ID order.
    public func groups() throws(StoreError) -> [GroupSummary] {
        try reading { connection throws(StoreError) in try groups(on: connection) }
    }

    func groups(on connection: PGConnection) throws(StoreError) -> [GroupSummary] {
        let rows = try connection.execute(
            "SELECT group_id, head_sequence FROM grouplog_groups WHERE head_sequence >= 0 ORDER BY group_id", operation: "list the groups")
        var summaries: [GroupSummary] = []
        for row in 0..<rows.rowCount {
            guard let group = try? GroupID(rows.text(row, 0)) else {
                throw .corrupt(nil, sequence: nil, reason: "a group head is filed under a key that is not a group ID")
            }
            summaries.append(GroupSummary(group: group, headSequence: UInt64(rows.int64(row, 1))))
        }
        return summaries
    }

    /// The group's last commit's sequence.
    public func headSequence(of group: GroupID) throws(StoreError) -> UInt64 {
        try pool.with { connection throws(StoreError) in try existingHead(of: group, on: connection).sequence }
    }

    /// The group's state after commit `sequence` (the head when nil): a state other than the
    /// cached head's is folded from the nearest snapshot at or before it.
    public func state(of group: GroupID, at sequence: UInt64?) throws(StoreError) -> StoredState {
        try reading { connection throws(StoreError) in
            let head = try existingHead(of: group, on: connection)
            let target = sequence ?? head.sequence
            guard target <= head.sequence else { throw .sequencePastHead(group, sequence: target, head: head.sequence) }
            let replica: Replica
            if target == head.sequence, let cached = heads.peek(group, matching: head) {
                replica = cached
            } else {
                replica = try self.replica(of: group, head, at: target, on: connection)
                if target == head.sequence { heads.store(replica, for: group, at: head) }
            }
            return StoredState(sequence: target, headSequence: head.sequence, state: replica.state)
        }
    }

    /// Up to `limit` commits from `first` on, with their outcomes and events.
    public func commits(of group: GroupID, from first: UInt64, limit: Int) throws(StoreError) -> [LoggedCommit] {
        try reading { connection throws(StoreError) in
            let head = try existingHead(of: group, on: connection)
            guard first <= head.sequence else { throw .sequencePastHead(group, sequence: first, head: head.sequence) }
            var logged: [LoggedCommit] = []
            guard limit > 0 else { return logged }
            let last = min(head.sequence, first &+ UInt64(limit) &- 1)
            var replica = first == 0 ? Replica() : try replica(of: group, head, at: first - 1, on: connection)
            try verifiedCommits(group, head, from: first, through: last, on: connection) { commit, stored throws(StoreError) in
                replica.fold(commit)
                logged.append(LoggedCommit(commit: commit, outcome: try Self.decodeOutcome(stored, group, commit.sequence),
                                           events: replica.lastEvents))
            }
            return logged
        }
    }

    /// Up to `limit` commits from `first` on with their stored outcomes, checked against the
    /// chain and not folded.
    public func storedCommits(of group: GroupID, from first: UInt64, limit: Int) throws(StoreError) -> [StoredCommit] {
        try reading { connection throws(StoreError) in
            let head = try existingHead(of: group, on: connection)
            guard first <= head.sequence else { throw .sequencePastHead(group, sequence: first, head: head.sequence) }
            var stored: [StoredCommit] = []
            guard limit > 0 else { return stored }
            let last = min(head.sequence, first &+ UInt64(limit) &- 1)
            try verifiedCommits(group, head, from: first, through: last, on: connection) { commit, outcome throws(StoreError) in
                stored.append(StoredCommit(commit: commit, outcome: try Self.decodeOutcome(outcome, group, commit.sequence)))
            }
            return stored
        }
    }

    /// Folds the log from commit 0 through `last`, in memory that does not grow with the log.
    public func replay(
        _ group: GroupID, through last: UInt64?, _ body: (Commit, CommitOutcome, [DomainEvent]) -> Void
    ) throws(StoreError) -> StoredState {
        try reading { connection throws(StoreError) in
            let head = try existingHead(of: group, on: connection)
            let target = last ?? head.sequence
            guard target <= head.sequence else { throw .sequencePastHead(group, sequence: target, head: head.sequence) }
            var replica = Replica()
            try verifiedRuns(group, head, from: 0, through: target, withOutcomes: false, on: connection) { commits, _ in replica.fold(commits, body) }
            return StoredState(sequence: target, headSequence: head.sequence, state: replica.state)
        }
    }

    /// Hands commits `first...last` to `body`, each checked against the chain, without folding.
    public func forEachCommit(of group: GroupID, from first: UInt64, through last: UInt64, _ body: (Commit) -> Void) throws(StoreError) {
        try reading { connection throws(StoreError) in
            let head = try existingHead(of: group, on: connection)
            guard last <= head.sequence else { throw .sequencePastHead(group, sequence: last, head: head.sequence) }
            try verifiedCommits(group, head, from: first, through: last, withOutcomes: false, on: connection) { commit, _ in body(commit) }
        }
    }
}
