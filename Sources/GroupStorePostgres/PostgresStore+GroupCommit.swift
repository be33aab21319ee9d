import GroupCore
import GroupStore

/// Group commit: the submits pending when a transaction begins share it (GroupStore's
/// `SubmitQueue`); each is judged as it would be alone, against what the ones before it left.
extension PostgresStore {
    /// What one transaction made of a batch: each request's result, and each group's state.
    struct ServedBatch {
        var results: [Result<SubmittedCommit, StoreError>] = []
        var groups: [GroupID: WorkingGroup] = [:]
    }

    /// Serves a batch in one transaction of two round trips to the server, whatever its size:
    /// BEGIN with the locks of every head the batch names; then, the requests judged in memory,
    /// every write with the COMMIT (`PostgresAppendBatch`). Reads beyond those are a state not
    /// cached at its head (folded from the log) and the owners of identities a request names.
    ///
    /// When the transaction fails as a whole (a lost connection, a deadlock the server broke),
    /// nothing was written: a lone request gets the error, and the requests of a larger batch
    /// are tried again one per transaction.
    func serveSubmits(_ requests: [SubmitRequest]) -> [Result<SubmittedCommit, StoreError>] {
        let groups = Set(requests.map(\.group))
        let creating = Set(requests.filter(\.createsGroup).map(\.group))
        let served: ServedBatch
        do throws(StoreError) {
            served = try pool.with { connection throws(StoreError) in
                try connection.transaction(opening: Self.headLocks(of: groups, creating: creating)) { opened, connection throws(StoreError) in
                    let locked = try Self.lockedHeads(of: groups, creating: creating, from: opened)
                    return try judgeSubmits(requests, locked, on: connection)
                }
            }
        } catch {
            guard requests.count > 1 else { return [.failure(Self.namingThePrimary(error))] }
            return requests.flatMap { serveSubmits([$0]) }
        }
        remember(served.groups.filter { $0.value.head != nil })
        return served.results
    }

    /// Judges each request in turn against its group as the ones before it left it (`groups`,
    /// as locked), and returns the results with the statements that write the applied ones.
    private func judgeSubmits(
        _ requests: [SubmitRequest], _ groups: [GroupID: WorkingGroup], on connection: PGConnection
    ) throws(StoreError) -> (value: ServedBatch, closing: [PGStatement]) {
        var served = ServedBatch(results: [], groups: groups)
        served.results.reserveCapacity(requests.count)
        var batch = PostgresAppendBatch(snapshotting: options.snapshotSchedule)
        for request in requests {
            let group = request.group
            // Every group of the batch was locked. Taken out so that folding mutates the only
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
