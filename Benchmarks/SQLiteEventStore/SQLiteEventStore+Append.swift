import Foundation
import GroupCore

/// Appending to a log: a batch of commits made elsewhere in one transaction (ingest), or one
/// durable commit judged against the group's head state (submit).
extension SQLiteEventStore {
    /// Appends `commits` in one transaction, each judged by the reducer against its group's head
    /// state: all of them, or, when one is out of sequence or a write fails, none. Rejected
    /// commits are stored too, as in GroupLog; a replay judges them again.
    /// - Returns: each commit's outcome, in order.
    @discardableResult
    public func ingest(_ commits: [Commit]) throws(SQLiteEventStoreError) -> [CommitOutcome] {
        // Heads are moved out of the cache while the transaction runs, so each is folded in
        // place; they go back only once it commits, and a failed batch leaves them to be reloaded.
        var taken: [GroupID: Head] = [:]
        let outcomes = try transaction(immediate: false) { () throws(SQLiteEventStoreError) in
            var outcomes: [CommitOutcome] = []
            outcomes.reserveCapacity(commits.count)
            for commit in commits {
                var head: Head
                if let current = taken.removeValue(forKey: commit.groupID) { head = current } else { head = try takeHead(of: commit.groupID) }
                guard commit.sequence == head.next else {
                    throw .outOfSequence(commit.groupID, expected: head.next, found: commit.sequence)
                }
                outcomes.append(head.replica.fold(commit))
                try write(commit)
                head.next += 1
                taken[commit.groupID] = head
            }
            return outcomes
        }
        heads.merge(taken) { _, new in new }
        return outcomes
    }

    /// Judges `changes` against the group's head state and, when the reducer applies them,
    /// appends them as one commit in a transaction of its own, durable when it returns (with
    /// `synchronous` FULL).
    ///
    /// The head's sequence is read inside the transaction; when another connection wrote since
    /// this one cached the head, the head state is rebuilt by a replay. The commit carries no
    /// previous hash: a store written the usual way keeps no hash chain.
    /// - Throws: `rejected` with the reducer's reason, `groupNotFound`, or a SQLite failure;
    ///   nothing is written.
    @discardableResult
    public func submit(to group: GroupID, actor: InboxID, time: Milliseconds, changes: [Change]) throws(SQLiteEventStoreError) -> Commit {
        let (commit, head) = try transaction(immediate: true) { () throws(SQLiteEventStoreError) -> (Commit, Head) in
            let next = try headSequence(of: group).map { $0 + 1 } ?? 0
            var head: Head
            if let cached = heads.removeValue(forKey: group), cached.next == next {
                head = cached
            } else {
                head = try fold(group, through: nil)
            }
            guard next > 0 || changes.first.map(isCreate) == true else {
                heads[group] = head
                throw .groupNotFound(group)
            }
            let commit = Commit(groupID: group, sequence: next, actor: actor, time: time, changes: changes)
            if case let .rejected(rejection) = head.replica.fold(commit) {
                // A rejected commit leaves the state as it was.
                heads[group] = head
                throw .rejected(rejection)
            }
            try write(commit)
            head.next += 1
            return (commit, head)
        }
        heads[group] = head
        return commit
    }

    /// The group's head, moved out of the cache, or rebuilt by a replay when it is not cached.
    private func takeHead(of group: GroupID) throws(SQLiteEventStoreError) -> Head {
        if let head = heads.removeValue(forKey: group) { return head }
        return try fold(group, through: nil)
    }

    /// Inserts the commit's JSON payload.
    private func write(_ commit: Commit) throws(SQLiteEventStoreError) {
        let payload: Data
        do {
            payload = try encoder.encode(try CommitRecord(commit))
        } catch let error as SQLiteEventStoreError {
            throw error
        } catch {
            throw .unsupportedChange("\(error)")
        }
        try wrap { () throws(SQLiteError) in
            try insert.run(.text(commit.groupID.rawValue), .integer(Int64(clamping: commit.sequence)),
                           .text(String(decoding: payload, as: UTF8.self)))
        }
    }

    private func isCreate(_ change: Change) -> Bool {
        if case .create = change { true } else { false }
    }
}
