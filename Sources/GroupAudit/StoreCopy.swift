import GroupCore
import GroupStore

/// A whole store copied into another through the storage seam, whichever backends hold them:
/// every group's log, commit by commit in order, and the identity directory.
///
/// The destination judges every commit again as it ingests it (`ingest` folds it with the
/// reducer), and each outcome must equal the one the source stored: the copy checks the chain
/// (every read of the source does) and the outcomes. Memory does not grow with the logs: the
/// claims and each log are read in pages and ingested a batch at a time.
///
/// A copy is resumable rather than atomic: a log may be longer than one write should be, so each
/// batch is one atomic ingest, and a copy that stopped (killed, a server gone) leaves every group
/// holding a prefix of its source log. Run again with `resuming`, it checks that each group of the
/// destination is such a prefix, skips the groups already whole and goes on from each group's
/// head. Without `resuming` it refuses a destination that holds any group. Commits appended to
/// the source after the copy listed its groups are left for the next resumed run.
public struct StoreCopy: Sendable {
    public let source: any GroupLogStorage
    public let destination: any GroupLogStorage
    /// Commits read and ingested at a time (and inboxes' claims recorded at a time).
    public let batchSize: Int

    /// A copy of `source` into `destination`, `batchSize` commits per write.
    public init(from source: any GroupLogStorage, to destination: any GroupLogStorage, batchSize: Int = 1_000) {
        self.source = source
        self.destination = destination
        self.batchSize = max(1, batchSize)
    }

    /// Copies the claims, then every group in group ID order, calling `progress` after the claims
    /// and after each batch.
    /// - Parameters:
    ///   - resuming: go on with a copy that stopped, rather than refuse a destination that holds
    ///     groups.
    ///   - progress: called after the claims and after each batch.
    ///   - shouldStop: asked before each batch; true ends the copy there, with `stopped` set in
    ///     what it returns (a later run with `resuming` goes on from there).
    /// - Returns: the totals.
    /// - Throws: `destinationNotEmpty`, `destinationDiffers` and a claim the destination gives
    ///   another inbox (`destination(.identityClaimed)`), all before anything is written;
    ///   `outcomeMismatch`; `source` or `destination` when a store fails.
    @discardableResult
    public func run(
        resuming: Bool = false, progress: (StoreCopyProgress) -> Void = { _ in }, shouldStop: () -> Bool = { false }
    ) throws(StoreCopyError) -> StoreCopyProgress {
        let groups = try fromSource { () throws(StoreError) in try source.groups() }
        let starts = try firstSequences(of: groups, resuming: resuming)
        try checkClaims()

        var done = StoreCopyProgress()
        done.totalGroups = groups.count
        done.totalCommits = groups.reduce(0) { $0 + $1.headSequence + 1 }
        done.inboxes = try copyClaims()
        progress(done)
        for summary in groups {
            let group = summary.group
            let next = starts[group] ?? 0
            done.commits += next
            if next > summary.headSequence {
                done.groups += 1
                done.groupsAlreadyThere += 1
                continue
            }
            let whole = try copyLog(of: group, from: next, through: summary.headSequence, shouldStop: shouldStop) { last, count in
                done.commits += UInt64(count)
                done.group = group
                done.groupHead = last
                progress(done)
            }
            guard whole else {
                done.stopped = true
                return done
            }
            done.groups += 1
        }
        done.group = nil
        done.groupHead = nil
        return done
    }

    /// Copies commits `next...head` of `group`, a batch per write, calling `afterBatch` with the
    /// last sequence and the count of each batch once it is written.
    /// - Parameter shouldStop: asked before each batch; true stops there.
    /// - Returns: false when `shouldStop` stopped it before `head`.
    /// - Throws: `outcomeMismatch`; `source` for a log that ends before `head`.
    @discardableResult
    func copyLog(
        of group: GroupID, from next: UInt64, through head: UInt64, shouldStop: () -> Bool = { false },
        afterBatch: (UInt64, Int) -> Void
    ) throws(StoreCopyError) -> Bool {
        var next = next
        while next <= head {
            if shouldStop() { return false }
            let limit = Int(min(UInt64(batchSize), head - next + 1))
            let page = try fromSource { () throws(StoreError) in try source.storedCommits(of: group, from: next, limit: limit) }
            guard let last = page.last else {
                throw .source(.corrupt(group, sequence: next, reason: "the log ends before its head, commit \(head)"))
            }
            let judged = try inDestination { () throws(StoreError) in try destination.ingest(page.map(\.commit), claims: []) }
            for (stored, outcome) in zip(page, judged) where stored.outcome != outcome {
                throw .outcomeMismatch(group, sequence: stored.commit.sequence, stored: stored.outcome, judged: outcome)
            }
            next = last.commit.sequence + 1
            afterBatch(last.commit.sequence, page.count)
        }
        return true
    }

    /// The sequence each group's copy starts at: none (all from 0) for an empty destination; when
    /// resuming, one past the destination's head, once its last commit and that commit's outcome
    /// are found equal to the source's (the logs are chained by hash, so every commit before it
    /// is equal too).
    private func firstSequences(of groups: [GroupSummary], resuming: Bool) throws(StoreCopyError) -> [GroupID: UInt64] {
        let existing = try inDestination { () throws(StoreError) in try destination.groups() }
        guard let first = existing.first else { return [:] }
        guard resuming else { throw .destinationNotEmpty(groups: existing.count, first: first.group) }
        let sourceHeads = Dictionary(uniqueKeysWithValues: groups.map { ($0.group, $0.headSequence) })
        var starts: [GroupID: UInt64] = [:]
        for copied in existing {
            let group = copied.group, head = copied.headSequence
            guard let sourceHead = sourceHeads[group] else { throw .destinationDiffers(group, reason: "the source has no such group") }
            guard head <= sourceHead else {
                throw .destinationDiffers(group, reason: "it holds \(head + 1) commits, the source \(sourceHead + 1)")
            }
            let theirs = try fromSource { () throws(StoreError) in try source.storedCommits(of: group, from: head, limit: 1) }
            let ours = try inDestination { () throws(StoreError) in try destination.storedCommits(of: group, from: head, limit: 1) }
            guard let theirs = theirs.first, let ours = ours.first, theirs.commit == ours.commit else {
                throw .destinationDiffers(group, reason: "its commit \(head) is not the source's")
            }
            guard theirs.outcome == ours.outcome else {
                throw .outcomeMismatch(group, sequence: head, stored: theirs.outcome, judged: ours.outcome)
            }
            starts[group] = head + 1
        }
        return starts
    }

    /// Refuses, before anything is written, a claim the destination gives another inbox.
    private func checkClaims() throws(StoreCopyError) {
        try forEachClaimsPage { page throws(StoreCopyError) in
            for entry in page {
                for identity in entry.claims {
                    let owner = try inDestination { () throws(StoreError) in try destination.inbox(claiming: identity) }
                    if let owner, owner != entry.inbox { throw .destination(.identityClaimed(identity, owner: owner)) }
                }
                for claim in entry.keys {
                    let owner = try inDestination { () throws(StoreError) in try destination.inbox(holding: claim.key) }
                    if let owner, owner != entry.inbox { throw .destination(.signingKey(.keyClaimedByAnother(claim.key, owner: owner))) }
                }
            }
        }
    }

    /// Records every inbox's claims in the destination, in claim order, a page per write.
    /// - Returns: how many inboxes have claims.
    func copyClaims() throws(StoreCopyError) -> Int {
        var inboxes = 0
        try forEachClaimsPage { page throws(StoreCopyError) in
            try inDestination { () throws(StoreError) in _ = try destination.ingest([], claims: page) }
            inboxes += page.count
        }
        return inboxes
    }

    private func forEachClaimsPage(_ body: ([IdentityClaims]) throws(StoreCopyError) -> Void) throws(StoreCopyError) {
        var after: InboxID?
        while true {
            let page = try fromSource { () throws(StoreError) in try source.claims(after: after, limit: batchSize) }
            guard let last = page.last else { return }
            try body(page)
            guard page.count == batchSize else { return }
            after = last.inbox
        }
    }

    /// A read of the source, its failure reported as the source's.
    func fromSource<T>(_ body: () throws(StoreError) -> T) throws(StoreCopyError) -> T {
        do { return try body() } catch { throw .source(error) }
    }

    /// A call on the destination, its failure reported as the destination's.
    func inDestination<T>(_ body: () throws(StoreError) -> T) throws(StoreCopyError) -> T {
        do { return try body() } catch { throw .destination(error) }
    }
}
