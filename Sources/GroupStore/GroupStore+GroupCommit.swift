import GroupCore

/// Group commit: the submits pending when a write begins share its transaction, so one fsync
/// makes all of them durable. `SubmitQueue` gathers them; this file serves a batch.
extension GroupStore {
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
            if let head = working.head, let replica = working.replica { heads.store(replica, for: group, at: head) }
        }
        waiters.wake(Set(served.results.compactMap { try? $0.get().commit.groupID }))
        return served.results
    }

    /// The body of a batch's transaction; run again from the start when the map had to grow.
    private func appendSubmits(_ requests: [SubmitRequest], attempt: Int, in txn: borrowing WriteTransaction<StoreError>) throws(StoreError) -> ServedBatch {
        var served = ServedBatch()
        served.results.reserveCapacity(requests.count)
        var appended: Set<GroupID> = []
        var newest: UInt64?
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
            guard var applied = working.take(), var replica = applied.replica.take() else {
                throw .corrupt(request.group, sequence: commit.sequence, reason: "an applied submit left no state")
            }
            let newHead = try append(commit, outcome: .applied, replica: &replica, after: applied.head, newest: &newest, in: txn)
            applied.replica = replica
            applied.head = newHead
            served.groups[request.group] = applied
            appended.insert(request.group)
            served.results.append(.success(SubmittedCommit(commit: commit, hash: newHead.hash)))
        }
        for group in appended {
            guard let working = served.groups[group], let head = working.head else { continue }
            try settle(group, at: head, state: working.replica?.state, in: txn)
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
        try SubmitJudge.check(request, head: head?.sequence)
        if working?.replica == nil { working?.replica = try workingReplica(group, head, attempt: attempt, in: txn) }
        guard working?.replica != nil else {
            throw .corrupt(group, sequence: head.map { $0.sequence + 1 } ?? 0, reason: "no state to judge the submit against")
        }
        return try SubmitJudge.judge(
            request, head: head.map { ($0.sequence, $0.hash) }, replica: &working!.replica!,
            configuration: options.configuration, owner: { identity throws(StoreError) in try owner(of: identity, in: txn) },
            keys: { inboxes throws(StoreError) in try keys(of: inboxes, in: txn) })
    }
}
