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

    /// Serves a batch in one transaction. When the transaction fails as a whole (a lost
    /// connection, a deadlock the server broke), nothing was written: a lone request gets the
    /// error, and the requests of a larger batch are tried again one per transaction.
    func serveSubmits(_ requests: [SubmitRequest]) -> [Result<SubmittedCommit, StoreError>] {
        let served: ServedBatch
        do throws(StoreError) {
            served = try writing { connection throws(StoreError) in try appendSubmits(requests, on: connection) }
        } catch {
            guard requests.count > 1 else { return [.failure(error)] }
            return requests.flatMap { serveSubmits([$0]) }
        }
        remember(served.groups.filter { $0.value.head != nil })
        return served.results
    }

    /// The body of a batch's transaction, in a number of statements that does not grow with the
    /// batch: the heads of all its groups locked at once (`lockHeads`), the requests judged in
    /// memory in turn, then every applied commit written together (`PostgresAppendBatch`).
    /// Reads beyond those are a state not cached at its head (folded from the log) and the
    /// owners of identities a request names.
    func appendSubmits(_ requests: [SubmitRequest], on connection: PGConnection) throws(StoreError) -> ServedBatch {
        var served = ServedBatch()
        served.results.reserveCapacity(requests.count)
        served.groups = try lockHeads(
            of: Set(requests.map(\.group)), creating: Set(requests.filter(\.createsGroup).map(\.group)), on: connection)
        var batch = PostgresAppendBatch()
        for request in requests {
            let group = request.group
            // Every group of the batch was locked above. Taken out so that folding mutates the
            // only reference to the group's state.
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
            working.head = batch.append(commit, outcome: .applied, state: working.replica?.state)
            served.groups[group] = working
            served.results.append(.success(SubmittedCommit(commit: commit, hash: working.head!.hash)))
        }
        // A create that was refused leaves no placeholder behind: nothing of it is written.
        let abandoned = served.groups.filter { $0.value.placeholder && $0.value.head == nil }.keys.sorted()
        if !abandoned.isEmpty {
            try connection.execute("DELETE FROM grouplog_groups WHERE group_id = ANY($1) AND head_sequence < 0",
                                   [.textArray(abandoned.map(\.rawValue))], operation: "drop the placeholder heads of \(abandoned.count) groups")
        }
        // Judged: a failure to write spoils the transaction, so it fails the whole batch.
        try batch.write(on: connection)
        return served
    }
}
