import GroupCore

/// Group commit: the submits pending when a write begins share its transaction, so one fsync
/// makes all of them durable. `SubmitQueue` gathers them; this file serves a batch.
extension GroupStore {
    /// One call of `submit`, as handed to the submit queue.
    struct SubmitRequest {
        let group: GroupID
        let actor: InboxID
        let time: Milliseconds
        let changes: [Change]
        let expectedSequence: UInt64?
    }

    /// How this store's submits have been batched since it was opened.
    public var submitStatistics: SubmitStatistics {
        let counts = submissions.servedCounts
        return SubmitStatistics(batches: counts.batches, submits: counts.requests)
    }

    /// A group as the batch so far has left it.
    private struct WorkingGroup {
        var head: GroupHead?
        /// The state at `head`; nil until a request of the batch needs it.
        var replica: Replica?
    }

    /// What one transaction made of a batch: each request's result, and each group's state.
    private struct ServedBatch {
        var results: [Result<SubmittedCommit, StoreError>] = []
        var groups: [GroupID: WorkingGroup] = [:]
    }

    /// Serves a batch of submits in one write transaction: each request is judged in order, as a
    /// lone submit would be, against the state the requests before it left. A refused request
    /// (rejected, conflicting, unknown group) gets its own error and writes nothing. When the
    /// transaction fails as a whole nothing is written; a request alone then gets the error, and
    /// the requests of a larger batch are tried again one per transaction, so that a failure one
    /// of them causes (a write too large for a transaction, say) stays its own.
    func serveSubmits(_ requests: [SubmitRequest]) -> [Result<SubmittedCommit, StoreError>] {
        var attempt = 0
        let served: ServedBatch
        do throws(StoreError) {
            served = try writing { txn throws(StoreError) in
                attempt += 1
                return try appendSubmits(requests, attempt: attempt, in: txn)
            }
        } catch {
            guard requests.count > 1 else { return [.failure(error)] }
            return requests.flatMap { serveSubmits([$0]) }
        }
        for (group, working) in served.groups {
            if let head = working.head, let replica = working.replica { cache(replica, for: group, at: head) }
        }
        waiters.wake(Set(served.results.compactMap { try? $0.get().commit.groupID }))
        return served.results
    }

    /// The body of a batch's transaction; run again from the start when the map had to grow.
    private func appendSubmits(_ requests: [SubmitRequest], attempt: Int, in txn: borrowing WriteTransaction<StoreError>) throws(StoreError) -> ServedBatch {
        var served = ServedBatch()
        served.results.reserveCapacity(requests.count)
        for request in requests {
            // Taken out so that folding mutates the only reference to the group's state.
            var working = served.groups.removeValue(forKey: request.group)
            let commit: Commit
            do throws(StoreError) {
                commit = try judge(request, &working, attempt: attempt, in: txn)
            } catch {
                if let working { served.groups[request.group] = working }
                served.results.append(.failure(error))
                continue
            }
            // Judged and folded: `working` holds the state after the commit. A failure to write
            // it spoils the transaction, so it fails the whole batch.
            guard var applied = working, let replica = applied.replica else {
                throw .corrupt(request.group, sequence: commit.sequence, reason: "an applied submit left no state")
            }
            let newHead = try append(commit, outcome: .applied, replica: replica, after: applied.head, in: txn)
            applied.head = newHead
            served.groups[request.group] = applied
            served.results.append(.success(SubmittedCommit(commit: commit, hash: newHead.hash)))
        }
        return served
    }

    /// Judges one request against its group as the batch has left it (`working`, loaded from the
    /// store when nil) and returns the commit to append, folded into `working`'s state.
    /// - Throws: why the request is refused; `working` then holds the group's state unchanged.
    private func judge(_ request: SubmitRequest, _ working: inout WorkingGroup?, attempt: Int, in txn: borrowing WriteTransaction<StoreError>) throws(StoreError) -> Commit {
        let group = request.group
        if working == nil { working = WorkingGroup(head: try head(of: group, in: txn), replica: nil) }
        let head = working?.head
        let sequence = head.map { $0.sequence + 1 } ?? 0
        if let expected = request.expectedSequence, expected != sequence {
            throw .sequenceConflict(group, expected: expected, actual: sequence)
        }
        guard head != nil || request.changes.first.map(isCreate) == true else { throw .groupNotFound(group) }
        if working?.replica == nil { working?.replica = try workingReplica(group, head, attempt: attempt, in: txn) }
        // No local copy of the state: it would make the fold below copy the whole roster.
        let kind = working?.replica?.state?.kind ?? request.changes.first.flatMap { if case let .create(creation) = $0 { creation.kind } else { nil } }
        let resolved = try request.changes.map { change throws(StoreError) in try prepare(change, kind: kind, in: txn) }
        let commit = Commit(
            groupID: group, sequence: sequence, actor: request.actor, time: request.time, changes: resolved, previousHash: head?.hash)
        // A rejected commit leaves the state as it was (the reducer checks before it mutates).
        switch working?.replica?.fold(commit) {
        case .applied?: return commit
        case let .rejected(rejection)?: throw .rejected(rejection)
        case nil: throw .corrupt(group, sequence: sequence, reason: "no state to judge the submit against")
        }
    }
}
