import GroupCodec
import GroupCore

/// Reading a group's log: heads, commits with their chain checked, and states rebuilt from the
/// nearest snapshot plus the commits after it.
extension GroupStore {
    func head(of group: GroupID, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> GroupHead? {
        guard let bytes = try txn.get(databases.groups, key: StoreKeys.group(group)) else { return nil }
        do throws(BinaryDecodingError) {
            return try GroupHead(decoding: bytes)
        } catch {
            throw .corrupt(group, sequence: nil, reason: "its head record: \(error)")
        }
    }

    func existingHead(of group: GroupID, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> GroupHead {
        guard let head = try head(of: group, in: txn) else { throw .groupNotFound(group) }
        return head
    }

    /// The stored bytes of one commit, copied out of the map.
    func commitBytes(_ group: GroupID, _ head: GroupHead, _ sequence: UInt64, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> [UInt8] {
        guard let bytes = try txn.get(databases.commits, key: StoreKeys.entry(head.number, sequence)) else {
            throw .corrupt(group, sequence: sequence, reason: "the commit is missing from the log")
        }
        return Array(bytes)
    }

    /// Decodes commits `first...last` of a group, checking each against its key and the chain:
    /// every commit's bytes must hash to what the next commit (or the head) records.
    func verifiedCommits(
        _ group: GroupID, _ head: GroupHead, from first: UInt64, through last: UInt64,
        in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable, _ body: (Commit) throws(StoreError) -> Void
    ) throws(StoreError) {
        guard first <= last else { return }
        let previous: Digest? = first == 0 ? nil : SHA256.hash(try commitBytes(group, head, first - 1, in: txn))
        var chain = ChainCheck(group, from: first, previous: previous)
        try txn.withCursor(databases.commits) { cursor throws(StoreError) in
            var entry = try cursor.seek(exactly: StoreKeys.entry(head.number, first))
            while chain.next <= last {
                let sequence = chain.next
                guard let (key, bytes) = entry, let parsed = StoreKeys.parse(key), parsed.number == head.number, parsed.sequence == sequence else {
                    throw .corrupt(group, sequence: sequence, reason: "the commit is missing from the log")
                }
                let commit = try chain.check(bytes) { sequence throws(StoreError) in try vouchedHash(group, head, for: sequence, in: txn) }
                try body(commit)
                entry = try cursor.next()
            }
        }
        // The last commit's own bytes are vouched for by the next commit, or by the head.
        try chain.finish(vouched: try vouchedHash(group, head, for: last, in: txn))
    }

    /// The hash the log records for commit `sequence`'s bytes: the next commit's previous hash,
    /// or the head's hash for the last commit.
    private func vouchedHash(_ group: GroupID, _ head: GroupHead, for sequence: UInt64, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> Digest? {
        if sequence == head.sequence { return head.hash }
        let next = try commitBytes(group, head, sequence + 1, in: txn)
        do throws(BinaryDecodingError) {
            return try CommitCodec.decode(next).previousHash
        } catch {
            throw .corrupt(group, sequence: sequence + 1, reason: error.description)
        }
    }

    /// The group's replica after commit `sequence`: the nearest snapshot at or before it, plus
    /// the commits after that snapshot, replayed.
    func replica(of group: GroupID, _ head: GroupHead, at sequence: UInt64, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> Replica {
        var replica = Replica()
        var next: UInt64 = 0
        if let (snapshotSequence, state) = try nearestSnapshot(group, head, atOrBefore: sequence, in: txn) {
            replica = Replica(resuming: state)
            next = snapshotSequence + 1
        }
        if next <= sequence {
            try verifiedCommits(group, head, from: next, through: sequence, in: txn) { commit in replica.fold(commit) }
        }
        return replica
    }

    /// The replica at the group's head, from the cache when it is current.
    func headReplica(of group: GroupID, _ head: GroupHead, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> Replica {
        if let cached = heads.peek(group, matching: head) { return cached }
        let replica = try replica(of: group, head, at: head.sequence, in: txn)
        heads.store(replica, for: group, at: head)
        return replica
    }

    private func nearestSnapshot(
        _ group: GroupID, _ head: GroupHead, atOrBefore sequence: UInt64, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable
    ) throws(StoreError) -> (UInt64, GroupState?)? {
        try txn.withCursor(databases.snapshots) { cursor throws(StoreError) in
            let after = sequence == UInt64.max ? nil : try cursor.seek(atOrAfter: StoreKeys.entry(head.number, sequence + 1))
            let entry = after == nil ? try cursor.last() : try cursor.previous()
            guard let (key, bytes) = entry, let parsed = StoreKeys.parse(key), parsed.number == head.number else { return nil }
            do throws(SnapshotProblem) {
                return (parsed.sequence, try SnapshotRecord.decode(bytes))
            } catch {
                throw .corrupt(group, sequence: parsed.sequence, reason: "its snapshot: \(error.reason)")
            }
        }
    }
}
