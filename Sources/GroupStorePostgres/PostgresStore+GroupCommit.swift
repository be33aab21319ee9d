import GroupCore
import GroupStore

/// Group commit: the submits pending when a transaction begins share it (GroupStore's
/// `SubmitQueue`); each is judged as it would be alone, against what the ones before it left.
extension PostgresStore {
    /// Serves a batch in one transaction. When the transaction fails as a whole (a lost
    /// connection, a deadlock the server broke), nothing was written: a lone request gets the
    /// error, and the requests of a larger batch are tried again one per transaction.
    func serveSubmits(_ requests: [SubmitRequest]) -> [Result<SubmittedCommit, StoreError>] {
        let served: (results: [Result<SubmittedCommit, StoreError>], groups: [GroupID: WorkingGroup])
        do throws(StoreError) {
            served = try writing { connection throws(StoreError) in try appendSubmits(requests, on: connection) }
        } catch {
            guard requests.count > 1 else { return [.failure(error)] }
            return requests.flatMap { serveSubmits([$0]) }
        }
        remember(served.groups.filter { $0.value.head != nil })
        return served.results
    }

    private func appendSubmits(
        _ requests: [SubmitRequest], on connection: PGConnection
    ) throws(StoreError) -> (results: [Result<SubmittedCommit, StoreError>], groups: [GroupID: WorkingGroup]) {
        var results: [Result<SubmittedCommit, StoreError>] = []
        var groups: [GroupID: WorkingGroup] = [:]
        var appended: Set<GroupID> = []
        for request in requests {
            let group = request.group
            var working: WorkingGroup
            if let current = groups.removeValue(forKey: group) {
                working = current
            } else {
                working = try lockHead(of: group, creating: request.createsGroup, on: connection)
            }
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
                groups[group] = working
                results.append(.failure(error))
                continue
            }
            // Judged: a failure to write spoils the transaction, so it fails the whole batch.
            working.head = try append(commit, outcome: .applied, state: working.replica?.state, on: connection)
            groups[group] = working
            appended.insert(group)
            results.append(.success(SubmittedCommit(commit: commit, hash: working.head!.hash)))
        }
        // A create that was refused leaves no placeholder behind: nothing of it is written.
        for (group, working) in groups where working.placeholder && working.head == nil {
            try connection.execute("DELETE FROM grouplog_groups WHERE group_id = $1 AND head_sequence < 0",
                                   [.text(group.rawValue)], operation: "drop the placeholder head of \(group)")
        }
        for group in appended.sorted() { try connection.notify(PostgresSchema.channel, payload: group.rawValue) }
        return (results, groups)
    }
}
