import GroupCodec
import GroupCore

extension GroupStore {
    /// Every group, in group ID order.
    public func groups() throws(StoreError) -> [GroupSummary] {
        try reading { txn throws(StoreError) in try groups(in: txn) }
    }

    func groups(in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> [GroupSummary] {
        var summaries: [GroupSummary] = []
        try txn.withCursor(databases.groups) { cursor throws(StoreError) in
            try cursor.forEach { entry throws(StoreError) in
                guard let text = String(validating: entry.key, as: UTF8.self), let group = try? GroupID(text) else {
                    throw .corrupt(nil, sequence: nil, reason: "a group head is filed under a key that is not a group ID")
                }
                let head: GroupHead
                do throws(BinaryDecodingError) { head = try GroupHead(decoding: entry.value) } catch {
                    throw .corrupt(group, sequence: nil, reason: "its head record: \(error)")
                }
                summaries.append(GroupSummary(group: group, headSequence: head.sequence))
                return .next
            }
        }
        return summaries
    }

    /// The group's last commit's sequence.
    public func headSequence(of group: GroupID) throws(StoreError) -> UInt64 {
        try reading { txn throws(StoreError) in try existingHead(of: group, in: txn).sequence }
    }

    /// The group's state after commit `sequence` (the head when nil): the nearest snapshot plus
    /// the commits after it (at most the snapshot schedule's interval), every one checked
    /// against the chain.
    public func state(of group: GroupID, at sequence: UInt64? = nil) throws(StoreError) -> StoredState {
        try reading { txn throws(StoreError) in
            let head = try existingHead(of: group, in: txn)
            let target = sequence ?? head.sequence
            guard target <= head.sequence else {
                throw .sequencePastHead(group, sequence: target, head: head.sequence)
            }
            let replica = target == head.sequence
                ? try headReplica(of: group, head, in: txn)
                : try replica(of: group, head, at: target, in: txn)
            return StoredState(sequence: target, headSequence: head.sequence, state: replica.state)
        }
    }

    /// Up to `limit` commits from `first` on, with their outcomes and events, checked against the
    /// chain. The events are recomputed by folding from the state before `first` (one snapshot
    /// and at most the snapshot interval of commits), so the log stores nothing derived twice.
    public func commits(of group: GroupID, from first: UInt64 = 0, limit: Int = .max) throws(StoreError) -> [LoggedCommit] {
        try reading { txn throws(StoreError) in
            let head = try existingHead(of: group, in: txn)
            guard first <= head.sequence else {
                throw .sequencePastHead(group, sequence: first, head: head.sequence)
            }
            var logged: [LoggedCommit] = []
            guard limit > 0 else { return logged }
            let last = min(head.sequence, first &+ UInt64(limit) &- 1)
            var replica = first == 0 ? Replica() : try replica(of: group, head, at: first - 1, in: txn)
            try verifiedCommits(group, head, from: first, through: last, in: txn) { commit throws(StoreError) in
                let folded = replica.fold(commit)
                // An outcome record has no checksum of its own: a flipped byte in its detail
                // text still decodes (the corruption campaign found one that `grouplog log`
                // printed as if it were true). The fold is here anyway, for the events.
                let stored = try outcome(group, head, commit.sequence, in: txn)
                guard stored == folded else {
                    throw .corrupt(group, sequence: commit.sequence, reason: "its stored outcome (\(CommitIndexing.describe(stored))) differs from a replay's (\(CommitIndexing.describe(folded))); run 'grouplog rebuild'")
                }
                logged.append(LoggedCommit(commit: commit, outcome: stored, events: replica.lastEvents))
            }
            return logged
        }
    }

    /// Up to `limit` commits from `first` on with their stored outcomes, checked against the
    /// chain and not folded: one cursor over the log, one lookup of each outcome.
    public func storedCommits(of group: GroupID, from first: UInt64, limit: Int) throws(StoreError) -> [StoredCommit] {
        try reading { txn throws(StoreError) in
            let head = try existingHead(of: group, in: txn)
            guard first <= head.sequence else {
                throw .sequencePastHead(group, sequence: first, head: head.sequence)
            }
            var stored: [StoredCommit] = []
            guard limit > 0 else { return stored }
            let last = min(head.sequence, first &+ UInt64(limit) &- 1)
            try verifiedCommits(group, head, from: first, through: last, in: txn) { commit throws(StoreError) in
                stored.append(StoredCommit(commit: commit, outcome: try outcome(group, head, commit.sequence, in: txn)))
            }
            return stored
        }
    }

    /// Folds the whole log from commit 0, handing each commit and its outcome to `body` as it
    /// goes: a replay in constant memory whatever the log's length.
    public func replay(_ group: GroupID, through last: UInt64? = nil, _ body: (Commit, CommitOutcome, [DomainEvent]) -> Void) throws(StoreError) -> StoredState {
        try reading { txn throws(StoreError) in
            let head = try existingHead(of: group, in: txn)
            let target = last ?? head.sequence
            guard target <= head.sequence else {
                throw .sequencePastHead(group, sequence: target, head: head.sequence)
            }
            var replica = Replica()
            try verifiedRuns(group, head, from: 0, through: target, in: txn) { run in replica.fold(run, body) }
            return StoredState(sequence: target, headSequence: head.sequence, state: replica.state)
        }
    }

    /// Hands commits `first...last` of a group to `body` in order, each checked against the
    /// chain, without folding them: a scan in constant memory for tools that fold on their own.
    public func forEachCommit(of group: GroupID, from first: UInt64, through last: UInt64, _ body: (Commit) -> Void) throws(StoreError) {
        try reading { txn throws(StoreError) in
            let head = try existingHead(of: group, in: txn)
            guard last <= head.sequence else {
                throw .sequencePastHead(group, sequence: last, head: head.sequence)
            }
            try verifiedCommits(group, head, from: first, through: last, in: txn, body)
        }
    }

    func outcome(_ group: GroupID, _ head: GroupHead, _ sequence: UInt64, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> CommitOutcome {
        guard let bytes = try txn.get(databases.outcomes, key: StoreKeys.entry(head.number, sequence)) else {
            throw .corrupt(group, sequence: sequence, reason: "its outcome is missing; run 'grouplog rebuild'")
        }
        do throws(BinaryDecodingError) {
            return try OutcomeCodec.decode(bytes)
        } catch {
            throw .corrupt(group, sequence: sequence, reason: "its outcome: \(error); run 'grouplog rebuild'")
        }
    }
}
