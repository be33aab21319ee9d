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
    }

    /// Serves a batch in one transaction. When the server refused the transaction as a whole
    /// (a deadlock it broke, a standby), nothing was written: a lone request gets the error, and
    /// the requests of a larger batch are tried again one per transaction. When the connection
    /// was lost instead, the COMMIT may have been carried out with only its answer lost: trying
    /// again could append the same changes twice, so every request gets the error, saying so.
    func serveSubmits(_ requests: [SubmitRequest]) -> [Result<SubmittedCommit, StoreError>] {
        let served: ServedBatch
        do throws(StoreError) {
            if let judged = try serveOnCachedStates(requests) { served = judged } else { served = try serveLocking(requests) }
        } catch {
            guard Self.serverRefused(error) else { return requests.map { _ in .failure(Self.inDoubt(error)) } }
            guard requests.count > 1 else { return [.failure(Self.namingThePrimary(error))] }
            return requests.flatMap { serveSubmits([$0]) }
        }
        remember(served.groups.filter { $0.value.head != nil })
        return served.results
    }

    /// Serves a batch in one round trip, when this process has cached the state of every group
    /// it names and no request names an identity or makes a member (resolving an identity, or
    /// recording a new member's signing keys, reads the directory). The
    /// requests are judged against the cached states, then BEGIN, the head locks, a check that
    /// each locked head is the one judged against (`headCheck`), the writes and COMMIT are sent
    /// together. A head another writer moved, or one the database no longer has (restored from
    /// an older backup, failed over to a replica that lagged), fails the check, and nothing of
    /// the batch is written.
    /// - Returns: nil when the batch must be served locking first (`serveLocking`): a group not
    ///   cached, an identity to resolve, keys to record, or a head that was not the cached one.
    private func serveOnCachedStates(_ requests: [SubmitRequest]) throws(StoreError) -> ServedBatch? {
        guard !requests.contains(where: { $0.changes.contains { !$0.namedIdentities.isEmpty } }),
              Self.inboxesRecordingKeys(requests).isEmpty else { return nil }
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
                let judged = try judgeSubmits(requests, cached, keys: ([], [:]), on: connection)
                _ = try connection.transaction(sending: Self.headLocks(of: groups, creating: []) + [Self.headCheck(cached)] + judged.closing)
                return judged.value
            }
        } catch {
            // The states judged against are spent (folded); the locking path reads them again.
            guard let state = PGConnection.sqlState(of: error), [PGError.notNullViolation, PGError.uniqueViolation].contains(state) else { throw error }
            return nil
        }
    }

    /// A statement that fails the transaction unless each group's stored head is the one given:
    /// for every group whose head differs or is missing it inserts a head row of NULLs, which
    /// the columns refuse (SQLSTATE 23502, checked before the key), and it inserts nothing when
    /// every head is as given. SQL has no assertion of its own (a function for one would be
    /// schema). Run it after the heads are locked, so that none moves afterwards.
    static func headCheck(_ groups: [GroupID: WorkingGroup]) -> PGStatement {
        let judged = groups.compactMap { group, working in working.head.map { (group: group, head: $0) } }.sorted { $0.group < $1.group }
        return PGStatement(
            """
            INSERT INTO grouplog_groups (group_id, head_sequence, head_hash)
            SELECT judged.group_id, NULL, NULL FROM unnest($1::text[], $2::bigint[], $3::bytea[]) AS judged (group_id, sequence, hash)
            LEFT JOIN grouplog_groups g ON g.group_id = judged.group_id AND g.head_sequence = judged.sequence AND g.head_hash = judged.hash
            WHERE g.group_id IS NULL
            """,
            [.textArray(judged.map(\.group.rawValue)), .int64Array(judged.map { Int64($0.head.sequence) }), .bytesArray(judged.map(\.head.hash.bytes))],
            operation: "check the heads of \(judged.count) groups")
    }

    /// Serves a batch in two round trips: BEGIN with the locks of every head the batch names
    /// (placeholders first for the groups it creates); then, the requests judged, the writes
    /// with the COMMIT. The signing keys of the inboxes the requests make members are read
    /// with the locks. Reads beyond those are a state not cached at its head (from the nearest
    /// snapshot), the owners of identities a request names, and the keys of the inboxes those
    /// identities resolve to.
    private func serveLocking(_ requests: [SubmitRequest]) throws(StoreError) -> ServedBatch {
        let groups = Set(requests.map(\.group))
        let creating = Set(requests.filter(\.createsGroup).map(\.group))
        let locks = Self.headLocks(of: groups, creating: creating)
        let keyed = Self.inboxesRecordingKeys(requests)
        return try pool.with { connection throws(StoreError) in
            let opening = locks + (keyed.isEmpty ? [] : [Self.keysStatement(keyed)])
            return try connection.transaction(opening: opening) { opened, connection throws(StoreError) in
                let heads = try Self.lockedHeads(of: groups, creating: creating, from: Array(opened.prefix(locks.count)))
                let keys = keyed.isEmpty ? [:] : try Self.keys(from: opened[locks.count])
                return try judgeSubmits(requests, heads, keys: (keyed, keys), on: connection)
            }
        }
    }

    /// The inboxes the requests' changes make members or invitees, by ID (not those named by an
    /// identity, resolved only when judged): whose signing keys the commits record.
    static func inboxesRecordingKeys(_ requests: [SubmitRequest]) -> Set<InboxID> {
        var inboxes: Set<InboxID> = []
        for request in requests {
            for change in request.changes { inboxes.formUnion(change.inboxesRecordingKeys(actor: request.actor)) }
        }
        return inboxes
    }

    /// Judges each request in turn against its group as the ones before it left it (`groups`,
    /// with their heads, and their states where known), and returns the results with the
    /// statements that write the applied ones.
    /// - Parameter keys: the keys in force of some inboxes, read with the locks (`read`, each
    ///   with its keys when it has any); the keys of any other inbox are read when needed.
    private func judgeSubmits(
        _ requests: [SubmitRequest], _ groups: [GroupID: WorkingGroup], keys: (read: Set<InboxID>, found: [InboxID: [PublicKey]]),
        on connection: PGConnection
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
                    configuration: options.configuration, owner: { identity throws(StoreError) in try owner(of: identity, on: connection) },
                    keys: { inboxes throws(StoreError) in
                        let unread = inboxes.filter { !keys.read.contains($0) }
                        guard !unread.isEmpty else { return keys.found }
                        return keys.found.merging(try self.keys(of: unread, on: connection)) { known, _ in known }
                    })
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

    /// Whether the server answered the failed transaction with an error of its own, so that it
    /// rolled the transaction back, or no connection was made: either way nothing was written.
    /// A connection lost (no SQLSTATE, class 08) or ended by the server (57P01 to 57P03) leaves
    /// the outcome of a COMMIT unknown.
    static func serverRefused(_ error: StoreError) -> Bool {
        guard case let .storage(operation, _, _) = error else { return true }
        if operation.hasPrefix("connect to ") { return true }
        guard let state = PGConnection.sqlState(of: error) else { return false }
        return !state.hasPrefix("08") && !state.hasPrefix("57P")
    }

    /// The error of a submit whose transaction may or may not have committed.
    static func inDoubt(_ error: StoreError) -> StoreError {
        guard case let .storage(operation, code, message) = error else { return error }
        return .storage(operation: operation, code: code, message: message
            + "; the connection was lost before the server confirmed the commit, so it may have been written: read the group's head "
            + "before submitting again, or submit with --expect-sequence (expectedSequence), which refuses a second copy")
    }
}
