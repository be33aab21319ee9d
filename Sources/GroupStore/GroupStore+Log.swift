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
        try verifiedRuns(group, head, from: first, through: last, in: txn) { run throws(StoreError) in
            for commit in run { try body(commit) }
        }
    }

    /// ``verifiedCommits(_:_:from:through:in:_:)`` handing `body` the commits a run at a time, in
    /// order, so that a fold can look ahead within each run (`Replica.fold(_:recordingEvents:_:)`).
    /// `body` is handed every commit before a damaged one before the damage is thrown, as one
    /// commit at a time would be.
    func verifiedRuns(
        _ group: GroupID, _ head: GroupHead, from first: UInt64, through last: UInt64,
        in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable, _ body: ([Commit]) throws(StoreError) -> Void
    ) throws(StoreError) {
        guard first <= last else { return }
        let previous: Digest? = first == 0 ? nil : SHA256.hash(try commitBytes(group, head, first - 1, in: txn))
        if last - first >= Self.pipelinedRunLength {
            return try pipelinedCommits(group, head, from: first, through: last, previous: previous, in: txn, body)
        }
        try sequentialCommits(group, head, from: first, through: last, previous: previous, in: txn, body)
    }

    /// How many commits a run handed to `body` holds at most: enough for a fold's look-ahead
    /// to pay, few enough that a replay's memory stays constant.
    static var runLength: Int { 512 }

    /// ``verifiedRuns(_:_:from:through:in:_:)`` on this thread alone.
    private func sequentialCommits(
        _ group: GroupID, _ head: GroupHead, from first: UInt64, through last: UInt64, previous: Digest?,
        in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable, _ body: ([Commit]) throws(StoreError) -> Void
    ) throws(StoreError) {
        var chain = ChainCheck(group, from: first, previous: previous)
        var run: [Commit] = []
        run.reserveCapacity(min(Self.runLength, Int(clamping: last - first + 1)))
        // Hands over what has been decoded; the run is emptied first, so that a `body` that
        // throws is never handed the same commits again.
        func handOver(before damage: StoreError? = nil) throws(StoreError) {
            guard !run.isEmpty else { return }
            let decoded = run
            run.removeAll(keepingCapacity: true)
            try Self.hand(decoded, to: body, before: damage)
        }
        do throws(StoreError) {
            try txn.withCursor(databases.commits) { cursor throws(StoreError) in
                var entry = try cursor.seek(exactly: StoreKeys.entry(head.number, first))
                while chain.next <= last {
                    let sequence = chain.next
                    guard let (key, bytes) = entry, let parsed = StoreKeys.parse(key), parsed.number == head.number, parsed.sequence == sequence else {
                        throw .corrupt(group, sequence: sequence, reason: "the commit is missing from the log")
                    }
                    run.append(try chain.check(bytes) { sequence throws(StoreError) in try vouchedHash(group, head, for: sequence, in: txn) })
                    if run.count == Self.runLength { try handOver() }
                    entry = try cursor.next()
                }
            }
            try handOver()
            // The last commit's own bytes are vouched for by the next commit, or by the head.
            try chain.finish(vouched: try vouchedHash(group, head, for: last, in: txn))
        } catch {
            // The commits before the damage, then the damage.
            try handOver(before: error)
            throw error
        }
    }

    /// Hands `body` commits read before `damage` was met (if it was). Where the damage left the
    /// transaction unusable, a `body` that reads through it fails because of the damage: the
    /// damage is thrown instead of that failure.
    private static func hand(_ commits: [Commit], to body: ([Commit]) throws(StoreError) -> Void, before damage: StoreError?) throws(StoreError) {
        do throws(StoreError) {
            try body(commits)
        } catch {
            if let damage, damage.endsTheTransaction { throw damage }
            throw error
        }
    }

    /// The length from which a run of commits is decoded on a second thread
    /// (`ChainCheckThread`): below it, starting the thread costs more than it saves.
    static var pipelinedRunLength: UInt64 { 4_096 }

    /// ``verifiedRuns(_:_:from:through:in:_:)`` for a long run: this thread walks the
    /// records and hands their bytes, in batches, to a `ChainCheckThread`, which decodes and
    /// checks them while this thread runs `body` over the batch before. Hands `body` the same
    /// commits in the same order, and throws the same error: from a batch that fails on the
    /// other thread on, the run goes on here, on this thread alone.
    private func pipelinedCommits(
        _ group: GroupID, _ head: GroupHead, from first: UInt64, through last: UInt64, previous: Digest?,
        in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable, _ body: ([Commit]) throws(StoreError) -> Void
    ) throws(StoreError) {
        let batchSize = Self.runLength
        let checker = ChainCheckThread(group, from: first, previous: previous)
        // The records' bytes lie in the map, valid while `txn` is open: the thread is stopped
        // before this function returns, on every path (stopping twice is stopping once).
        defer { checker.stop() }
        // Where the run goes on one commit at a time: a record missing or out of place (this
        // thread's check of the keys), or a batch the other thread could not decode or chain.
        var resumeAt: UInt64?
        // LMDB's own failure while reading ahead (a damaged page): the batches read before it are
        // still handed over, then it is thrown; nothing more can be read through `txn`.
        var damage: StoreError?
        try txn.withCursor(databases.commits) { cursor throws(StoreError) in
            var entry = try cursor.seek(exactly: StoreKeys.entry(head.number, first))
            var sequence = first
            var inFlight = 0
            var folded = first
            while sequence <= last || inFlight > 0 {
                while inFlight < ChainCheckThread.depth && sequence <= last && resumeAt == nil && damage == nil {
                    var batch = ChainCheckThread.Batch(first: sequence, records: [])
                    batch.records.reserveCapacity(batchSize)
                    while batch.records.count < batchSize && sequence <= last {
                        guard let (key, bytes) = entry, let parsed = StoreKeys.parse(key), parsed.number == head.number, parsed.sequence == sequence else {
                            resumeAt = sequence
                            break
                        }
                        batch.records.append(bytes)
                        sequence += 1
                        do throws(StoreError) {
                            entry = sequence <= last ? try cursor.next() : nil
                        } catch {
                            damage = error
                            break
                        }
                    }
                    guard !batch.records.isEmpty else { break }
                    checker.submit(batch)
                    inFlight += 1
                }
                guard inFlight > 0 else { break }
                inFlight -= 1
                switch checker.next() {
                case let .decoded(commits):
                    try Self.hand(commits, to: body, before: damage)
                    checker.recycle(commits)
                    folded += UInt64(commits.count)
                case let .failed(batchFirst):
                    // With `txn` unusable, the damaged record cannot be read again to be named:
                    // the page's damage is reported for both.
                    if let damage { throw damage }
                    resumeAt = batchFirst
                    inFlight = 0
                }
                if let resume = resumeAt, folded == resume { break }
            }
        }
        let chain = checker.stop()
        if let damage { throw damage }
        if let resume = resumeAt {
            // The same walk as a short run's, from the first commit not yet handed to `body`:
            // it meets the damage and throws what a short run would.
            let resumePrevious = resume == first ? previous : SHA256.hash(try commitBytes(group, head, resume - 1, in: txn))
            return try sequentialCommits(group, head, from: resume, through: last, previous: resumePrevious, in: txn, body)
        }
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

    /// The group's replica after commit `sequence`: the nearest stored state at or before it,
    /// plus the commits after that, replayed. The replica is marked as that stored state, so
    /// that a writer folding on from it can save an incremental snapshot.
    func replica(of group: GroupID, _ head: GroupHead, at sequence: UInt64, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> Replica {
        var replica = Replica()
        var next: UInt64 = 0
        if let (storedSequence, state) = try nearestStoredState(group, head, atOrBefore: sequence, in: txn) {
            replica = Replica(resuming: state)
            replica.markStored(at: storedSequence)
            next = storedSequence + 1
        }
        if next <= sequence {
            try verifiedRuns(group, head, from: next, through: sequence, in: txn) { run in replica.fold(run, recordingEvents: false) { _, _, _ in } }
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

    /// The latest state stored at or before `sequence`, and the sequence it is at: the nearest
    /// full snapshot with the incremental ones after it applied in turn, as far as each names
    /// the one before as its base.
    private func nearestStoredState(
        _ group: GroupID, _ head: GroupHead, atOrBefore sequence: UInt64, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable
    ) throws(StoreError) -> (UInt64, GroupState?)? {
        try txn.withCursor(databases.snapshots) { cursor throws(StoreError) in
            let after = sequence == UInt64.max ? nil : try cursor.seek(atOrAfter: StoreKeys.entry(head.number, sequence + 1))
            var entry = after == nil ? try cursor.last() : try cursor.previous()
            // The incremental snapshots met walking back, newest first; their bytes stay valid
            // for the transaction.
            var deltas: [(sequence: UInt64, base: UInt64, bytes: UnsafeRawBufferPointer)] = []
            while let (key, bytes) = entry, let parsed = StoreKeys.parse(key), parsed.number == head.number {
                func corrupt(_ problem: SnapshotProblem, at sequence: UInt64) -> StoreError {
                    .corrupt(group, sequence: sequence, reason: "its snapshot: \(problem.reason)")
                }
                let base: UInt64?
                do throws(SnapshotProblem) { base = try SnapshotRecord.deltaBase(of: bytes) } catch { throw corrupt(error, at: parsed.sequence) }
                if let base {
                    deltas.append((parsed.sequence, base, bytes))
                    entry = try cursor.previous()
                    continue
                }
                // The incremental snapshots that chain from this one, oldest first.
                var chain: [(sequence: UInt64, bytes: UnsafeRawBufferPointer)] = []
                var stored = parsed.sequence
                for delta in deltas.reversed() {
                    guard delta.base == stored else { break }
                    chain.append((delta.sequence, delta.bytes))
                    stored = delta.sequence
                }
                // Each record of a delta takes at least a packed record's bytes.
                let deltaBytes = chain.reduce(0) { $0 + $1.bytes.count }
                let spare = deltaBytes / SnapshotCodec.recordSize
                // A large read indexes the full snapshot's roster, checks and decodes the deltas
                // and hashes the full snapshot on a second thread while this one decodes and
                // applies them; with no deltas to apply, the index is built here, as the second
                // thread's checksum alone lasts about as long as the decode.
                let fullState = SnapshotRecord.stateBytes(of: bytes)
                let indexRoom = chain.isEmpty ? nil : SnapshotRecord.rosterIndexRoom(bytes, spare)
                let readAhead = fullState.count + deltaBytes >= options.readAheadBytes
                    ? SnapshotReadAhead(full: fullState, spareRecords: indexRoom, deltas: chain.map(\.bytes)) : nil
                defer { readAhead?.stop() }
                // The full snapshot's checksum is compared last, so that it is computed while the
                // deltas are applied; the state is used only once it matches, and a mismatch is
                // what is reported, whatever went wrong in decoding the state or after it.
                func verifyFull() throws(StoreError) {
                    do throws(SnapshotProblem) {
                        try SnapshotRecord.verifyChecksum(of: bytes) { readAhead?.digest() ?? SHA256.hash($0) }
                    } catch {
                        throw corrupt(error, at: parsed.sequence)
                    }
                }
                // Bound straight from the decoder, so that the state is uniquely referenced and
                // applying a delta copies nothing.
                guard var state = try { () throws(StoreError) -> GroupState? in
                    do throws(SnapshotProblem) {
                        return try SnapshotRecord.decodeUnverified(bytes, spareRecords: spare, readAhead: readAhead)
                    } catch {
                        try verifyFull()
                        throw corrupt(error, at: parsed.sequence)
                    }
                }() else {
                    try verifyFull()
                    return (parsed.sequence, nil)
                }
                for (index, delta) in chain.enumerated() {
                    do throws(SnapshotProblem) {
                        if let readAhead {
                            try SnapshotRecord.apply(try readAhead.delta(index), to: &state)
                        } else {
                            try SnapshotRecord.applyDelta(delta.bytes, to: &state)
                        }
                    } catch {
                        try verifyFull()
                        throw corrupt(error, at: delta.sequence)
                    }
                }
                try verifyFull()
                return (stored, state)
            }
            return nil
        }
    }
}
