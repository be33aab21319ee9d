import GroupCodec
import GroupCore

/// The seam's calls with their usual arguments, and the forms every backend shares.
extension CommitLogStorage {
    /// Submits `changes` as the next commit of `group`, unsigned (see the requirement).
    @discardableResult
    public func submit(to group: GroupID, actor: InboxID, time: Milliseconds, changes: [Change]) throws(StoreError) -> SubmittedCommit {
        try submit(to: group, actor: actor, time: time, changes: changes, expectedSequence: nil, signingKey: nil)
    }

    /// Submits `changes` as commit `expectedSequence` of `group`, unsigned (see the requirement).
    @discardableResult
    public func submit(
        to group: GroupID, actor: InboxID, time: Milliseconds, changes: [Change], expectedSequence: UInt64?
    ) throws(StoreError) -> SubmittedCommit {
        try submit(to: group, actor: actor, time: time, changes: changes, expectedSequence: expectedSequence, signingKey: nil)
    }

    /// Appends one commit made elsewhere (see `ingest(_:claims:)`).
    /// - Throws: `StoreError.ingestRefused` when it does not fit (nothing written).
    @discardableResult
    public func ingest(_ commit: Commit) throws(StoreError) -> CommitOutcome {
        try ingest([commit], claims: [])[0]
    }

    /// Appends many commits made elsewhere in one atomic write, with no claims.
    @discardableResult
    public func ingest(_ commits: [Commit]) throws(StoreError) -> [CommitOutcome] {
        try ingest(commits, claims: [])
    }

    /// Appends many commits made elsewhere in one atomic write, with no progress to report.
    @discardableResult
    public func ingest(_ commits: [Commit], claims: [IdentityClaims]) throws(StoreError) -> [CommitOutcome] {
        try ingest(commits, claims: claims, progress: nil)
    }

    /// Decodes and appends a commit in its canonical encoding, as another replica sent it.
    /// - Throws: `StoreError.ingestRefused` when the bytes are not a commit this build can read,
    ///   or the commit does not fit (nothing written).
    @discardableResult
    public func ingest(encoded bytes: [UInt8]) throws(StoreError) -> CommitOutcome {
        let commit: Commit
        do throws(BinaryDecodingError) {
            commit = try CommitCodec.decode(bytes)
        } catch {
            throw .ingestRefused(nil, sequence: nil, reason: "not a commit this build can read: \(error)")
        }
        return try ingest(commit)
    }

    /// The group's state at its head.
    public func state(of group: GroupID) throws(StoreError) -> StoredState {
        try state(of: group, at: nil)
    }

    /// The group's whole log, or its commits from `first` on.
    public func commits(of group: GroupID, from first: UInt64 = 0) throws(StoreError) -> [LoggedCommit] {
        try commits(of: group, from: first, limit: .max)
    }

    /// Folds the whole log from commit 0 (see the requirement).
    public func replay(_ group: GroupID, _ body: (Commit, CommitOutcome, [DomainEvent]) -> Void) throws(StoreError) -> StoredState {
        try replay(group, through: nil, body)
    }

    /// Checks every group of the store.
    public func verify() throws(StoreError) -> [VerifyProblem] {
        try verify(nil, progress: nil)
    }

    /// Checks the group (every group when nil), with no progress to report.
    public func verify(_ only: GroupID?) throws(StoreError) -> [VerifyProblem] {
        try verify(only, progress: nil)
    }

    /// Makes everything derived from the logs again, with no progress to report.
    public func rebuild() throws(StoreError) -> RebuildReport {
        try rebuild(progress: nil)
    }
}
