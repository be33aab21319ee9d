import GroupCore
import GroupStore

/// Group commit: the submits pending when a transaction begins share it (GroupStore's
/// `SubmitQueue`); each is judged as it would be alone, against what the ones before it left.
///
/// A batch takes a fixed number of statements whatever its size: the heads of all its groups
/// locked in one (`headLocks`), every write in a handful more (`PostgresAppendBatch`), all sent
/// in pipelines. When this process has cached the state of every group the batch names, the
/// requests are judged first and the whole transaction goes in one round trip; otherwise the
/// heads are locked and read first, and the writes go with the COMMIT in a second.
extension PostgresStore {
    /// What one transaction made of a batch: each request's result, and each group's state.
    struct ServedBatch {
        var results: [Result<SubmittedCommit, StoreError>] = []
        var groups: [GroupID: WorkingGroup] = [:]
        /// The requests judged against a cached state that another writer had moved past: each
        /// was refused and wrote nothing, and must be judged again.
        var stale: [Int] = []
    }

    /// Serves a batch in one transaction. When the transaction fails as a whole (a lost
    /// connection, a deadlock the server broke), nothing was written: a lone request gets the
    /// error, and the requests of a larger batch are tried again one per transaction.
    func serveSubmits(_ requests: [SubmitRequest]) -> [Result<SubmittedCommit, StoreError>] {
        var served: ServedBatch
        do throws(StoreError) {
            if let judged = try serveOnCachedStates(requests) { served = judged } else { served = try serveLocking(requests) }
        } catch {
            guard requests.count > 1 else { return [.failure(Self.namingThePrimary(error))] }
            return requests.flatMap { serveSubmits([$0]) }
        }
        remember(served.groups.filter { $0.value.head != nil })
        // Their groups are no longer cached, so they are judged again against what is stored.
        if !served.stale.isEmpty {
            for (index, result) in zip(served.stale, serveSubmits(served.stale.map { requests[$0] })) {
                served.results[index] = result
            }
        }
        return served.results
    }

    /// Serves a batch in one round trip, when this process has cached the state of every group
    /// it names and no request names an identity (resolving one reads the directory). The
    /// requests are judged against the cached states, then BEGIN, the head locks, the writes
    /// and COMMIT are sent together.
    ///
    /// The heads the locks read confirm the judging. A cached head is never ahead of the stored
    /// one (logs only grow, and only committed heads are cached), so a group another writer
    /// moved on holds a commit at the sequence after the cached head: a commit of the batch
    /// written there collides with it (SQLSTATE 23505) and nothing of the batch is written. A
    /// group that was moved on but got no commit had its requests refused against a stale
    /// state: they are marked `stale`, to be judged again.
    /// - Returns: nil when the batch must be served locking first (`serveLocking`): a group not
    ///   cached, an identity to resolve, or a collision.
    private func serveOnCachedStates(_ requests: [SubmitRequest]) throws(StoreError) -> ServedBatch? {
        guard !requests.contains(where: { $0.changes.contains { !$0.namedIdentities.isEmpty } }) else { return nil }
        let groups = Set(requests.map(\.group))
        var cached: [GroupID: WorkingGroup] = [:]
        for group in groups {
            // Taken out, so that judging folds into the only reference to each state.
            guard let (head, replica) = heads.takeLatest(group) else {
                for (group, working) in cached {
                    if let head = working.head, let replica = working.replica { heads.store(replica, for: group, at: head) }
                }
                return nil
            }
            cached[group] = WorkingGroup(head: head, replica: replica)
        }
        do throws(StoreError) {
            return try pool.with { connection throws(StoreError) in
                let judged = try judgeSubmits(requests, cached, on: connection)
                var served = judged.value
                let locks = Self.headLocks(of: groups, creating: [])
                let results = try connection.transaction(sending: locks + judged.closing)
                let locked = try Self.lockedHeads(of: groups, creating: [], from: Array(results.prefix(locks.count)))
                let moved = groups.filter { locked[$0]?.head != cached[$0]?.head }
                served.stale = requests.indices.filter { moved.contains(requests[$0].group) }
                for group in moved { served.groups[group] = nil }
                return served
            }
        } catch {
            // The states judged against are spent (folded); the locking path reads them again.
            guard PGConnection.sqlState(of: error) == PGError.uniqueViolation else { throw error }
            return nil
        }
    }

    /// Serves a batch in two round trips: BEGIN with the locks of every head the batch names
    /// (placeholders first for the groups it creates); then, the requests judged, the writes
    /// with the COMMIT. Reads beyond those are a state not cached at its head (from the nearest
    /// snapshot) and the owners of identities a request names.
    private func serveLocking(_ requests: [SubmitRequest]) throws(StoreError) -> ServedBatch {
        let groups = Set(requests.map(\.group))
        let creating = Set(requests.filter(\.createsGroup).map(\.group))
        return try pool.with { connection throws(StoreError) in
            try connection.transaction(opening: Self.headLocks(of: groups, creating: creating)) { opened, connection throws(StoreError) in
                try judgeSubmits(requests, try Self.lockedHeads(of: groups, creating: creating, from: opened), on: connection)
            }
        }
    }

    /// Judges each request in turn against its group as the ones before it left it (`groups`,
    /// with their heads, and their states where known), and returns the results with the
    /// statements that write the applied ones.
    private func judgeSubmits(
        _ requests: [SubmitRequest], _ groups: [GroupID: WorkingGroup], on connection: PGConnection
    ) throws(StoreError) -> (value: ServedBatch, closing: [PGStatement]) {
        var served = ServedBatch(results: [], groups: groups)
        served.results.reserveCapacity(requests.count)
        var batch = PostgresAppendBatch(snapshotting: options.snapshotSchedule)
        for request in requests {
            let group = request.group
            // Every group of the batch is there. Taken out so that folding mutates the only
            // reference to the group's state.
            var working = served.groups.removeValue(forKey: group) ?? WorkingGroup()
            let head = working.head
            let commit: Commit
            do throws(StoreError) {
                try SubmitJudge.check(request, head: head?.sequence)
                var replica: Replica
                if let known = working.replica { replica = known } else { replica = try loadReplica(group, head, on: connection) }
                working.replica = nil
                defer { working.replica = replica }
                commit = try SubmitJudge.judge(
                    request, head: head.map { ($0.sequence, $0.hash) }, replica: &replica,
                    configuration: options.configuration, owner: { identity throws(StoreError) in try owner(of: identity, on: connection) })
            } catch {
                served.groups[group] = working
                served.results.append(.failure(error))
                continue
            }
            // Judged: a failure to write it spoils the transaction, so it fails the whole batch.
            working.head = batch.append(commit, outcome: .applied, state: working.replica?.state)
            served.groups[group] = working
            served.results.append(.success(SubmittedCommit(commit: commit, hash: working.head!.hash)))
        }
        var closing = batch.statements
        // A create that was refused leaves no placeholder behind: nothing of it is written.
        let abandoned = served.groups.filter { $0.value.placeholder && $0.value.head == nil }.keys.sorted()
        if !abandoned.isEmpty {
            closing.append(PGStatement("DELETE FROM grouplog_groups WHERE group_id = ANY($1) AND head_sequence < 0",
                                       [.textArray(abandoned.map(\.rawValue))], operation: "drop the placeholder heads of \(abandoned.count) groups"))
        }
        return (served, closing)
    }
}
