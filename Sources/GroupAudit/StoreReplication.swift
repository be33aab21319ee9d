import GroupCore
import GroupStore

/// A replica that follows a store live: `grouplog replicate`. It catches up with a resumed
/// `StoreCopy` (so a replica that was stopped, even by kill -9, goes on where it stopped), then
/// copies what the source's feed of changes (`blockUntilChanges`) says is new: the groups with
/// new commits, from the replica's head on, and the claims of inboxes that claimed identities.
///
/// Every batch is one atomic ingest into the replica, which judges each commit again and checks
/// it against the chain: a replica that diverged from the source stops the replication instead
/// of taking commits that do not fit. When the feed cannot tell what changed (an LMDB source
/// hears no other process; a PostgreSQL listener reconnected), a round compares every group's
/// head and copies the whole identity directory, which is idempotent.
public struct StoreReplication: Sendable {
    private let copy: StoreCopy

    /// A replication of `source` into `destination`, `batchSize` commits per write.
    public init(from source: any GroupLogStorage, to destination: any GroupLogStorage, batchSize: Int = 1_000) {
        copy = StoreCopy(from: source, to: destination, batchSize: batchSize)
    }

    /// Catches up, then follows the source until `shouldStop` returns true.
    ///
    /// It waits for news in slices of at most `stopCheck`, asking `shouldStop` after each, so a
    /// stop is heard promptly however long `wait` is. What the feed could not vouch for (a quiet
    /// wait on LMDB, a listener that reconnected) is caught up by comparing every group, once
    /// per `wait`: the polling interval of a source that announces nothing.
    /// - Parameter progress: told of the catch-up's batches, then of every batch copied live.
    /// - Throws: what a resumed `StoreCopy` throws, and, while following, `destinationDiffers`
    ///   for a replica whose log is past the source's.
    public func run(
        wait: Duration = .seconds(1), stopCheck: Duration = .milliseconds(100),
        shouldStop: () -> Bool, progress: (ReplicationProgress) -> Void = { _ in }
    ) throws(StoreCopyError) {
        // Taken before the catch-up reads anything, so that a commit made during it is heard.
        var cursor = copy.source.changeCursor()
        let caughtUp = try copy.run(resuming: true, progress: { progress(.catchingUp($0)) })
        progress(.caughtUp(caughtUp))
        var lastComparison = ContinuousClock.now
        var unvouched = false
        while !shouldStop() {
            let changes = copy.source.blockUntilChanges(after: cursor, timeout: min(wait, stopCheck))
            cursor = changes.cursor
            unvouched = unvouched || !changes.complete
            if unvouched && ContinuousClock.now - lastComparison >= wait {
                try follow(StoreChanges(cursor: cursor, groups: [], inboxes: [], complete: false), progress: progress)
                unvouched = false
                lastComparison = .now
            } else if !changes.groups.isEmpty || !changes.inboxes.isEmpty {
                try follow(StoreChanges(cursor: cursor, groups: changes.groups, inboxes: changes.inboxes, complete: true), progress: progress)
            }
        }
    }

    /// Copies what `changes` names, or, when they are incomplete, whatever any group or inbox
    /// of the source has that the replica lacks.
    public func follow(_ changes: StoreChanges, progress: (ReplicationProgress) -> Void = { _ in }) throws(StoreCopyError) {
        var round = ReplicationRound()
        if changes.complete {
            for inbox in changes.inboxes { try copyClaims(of: inbox) }
            round.inboxes = changes.inboxes.count
            for group in changes.groups { try bringUp(group, round: &round, progress: progress) }
        } else {
            round.inboxes = try copy.copyClaims()
            try bringUpEveryGroup(round: &round, progress: progress)
        }
        progress(.followed(round))
    }

    /// Copies the commits of `group` past the replica's head. A group the source does not have
    /// (a notification about a same-named group of another schema of the database) is skipped.
    private func bringUp(_ group: GroupID, round: inout ReplicationRound, progress: (ReplicationProgress) -> Void) throws(StoreCopyError) {
        let sourceHead: UInt64
        do {
            sourceHead = try copy.source.headSequence(of: group)
        } catch .groupNotFound {
            return
        } catch {
            throw .source(error)
        }
        let replicaHead = try copy.inDestination { () throws(StoreError) -> UInt64? in
            do throws(StoreError) { return try copy.destination.headSequence(of: group) } catch .groupNotFound { return nil }
        }
        try bringUp(group, from: replicaHead, to: sourceHead, round: &round, progress: progress)
    }

    private func bringUpEveryGroup(round: inout ReplicationRound, progress: (ReplicationProgress) -> Void) throws(StoreCopyError) {
        let sources = try copy.fromSource { () throws(StoreError) in try copy.source.groups() }
        let replicas = try copy.inDestination { () throws(StoreError) in try copy.destination.groups() }
        let replicaHeads = Dictionary(uniqueKeysWithValues: replicas.map { ($0.group, $0.headSequence) })
        for summary in sources {
            try bringUp(summary.group, from: replicaHeads[summary.group], to: summary.headSequence, round: &round, progress: progress)
        }
    }

    // Not inlined: Swift 6.3.1's optimizer crashes on this function inlined into
    // bringUpEveryGroup ("Found ownership error", CopyPropagation) in a release build.
    @inline(never)
    private func bringUp(
        _ group: GroupID, from replicaHead: UInt64?, to sourceHead: UInt64,
        round: inout ReplicationRound, progress: (ReplicationProgress) -> Void
    ) throws(StoreCopyError) {
        if let replicaHead, replicaHead > sourceHead {
            throw .destinationDiffers(group, reason: "it holds \(replicaHead + 1) commits, the source \(sourceHead + 1)")
        }
        let next = replicaHead.map { $0 + 1 } ?? 0
        guard next <= sourceHead else { return }
        round.groups += 1
        try copy.copyLog(of: group, from: next, through: sourceHead) { last, count in
            round.commits += UInt64(count)
            progress(.copied(group, through: last, count: count))
        }
    }

    private func copyClaims(of inbox: InboxID) throws(StoreCopyError) {
        let (claims, keys) = try copy.fromSource { () throws(StoreError) in
            (try copy.source.identities(of: inbox), try copy.source.keyClaims(of: inbox))
        }
        guard !claims.isEmpty || !keys.isEmpty else { return }
        try copy.inDestination { () throws(StoreError) in
            _ = try copy.destination.ingest([], claims: [IdentityClaims(inbox: inbox, claims: claims, keys: keys)])
        }
    }
}
