import GroupCodec
import GroupCore

/// The logs of a store: appending commits (judged by the reducer, chained by hash, stored with
/// their outcomes) and reading them back.
///
/// A log is the only truth. A group's log starts at commit 0 and has no gaps; each commit's
/// `previousHash` is the SHA-256 of the canonical encoding of the commit before it. A backend
/// stores with each commit the outcome the reducer gave it, and may keep anything derived from
/// the logs (heads, snapshots, indexes) as long as `rebuild()` can make it again from the logs.
/// Every method may be called from any thread, and concurrently.
public protocol CommitLogStorage: Sendable {
    /// Judges `changes` against the group's state at its head and appends them as one commit
    /// when the reducer applies them, returning once that commit is durable.
    ///
    /// The backend prepares the changes before judging them: identities in `addMembers` and
    /// `removeMembers` are resolved through its identity directory, and a `create` or
    /// `registerFields` gets the store's operator configuration written in, so the log never
    /// depends on either. Every inbox the commit makes a member or invitee gets its signing keys
    /// in force recorded from the directory (SPEC section 14). The append is atomic: the commit, its outcome and everything derived
    /// from it are written together, or nothing is.
    ///
    /// Thread-safe, and batched: submits from many threads at once may share one durable write
    /// (group commit). Each is judged exactly as it would be alone, against the state the
    /// submits before it left, and succeeds or fails on its own.
    /// - Parameters:
    ///   - expectedSequence: the sequence the caller expects the commit to take; nil takes the
    ///     next one.
    ///   - signingKey: the key that signs the commit once its sequence and previous hash are
    ///     known; nil leaves it unsigned. Whether the key is one the actor may sign with is the
    ///     reducer's to judge (in a group that requires signatures, `wrongSigningKey`).
    /// - Throws: `rejected` with the reducer's reason; `sequenceConflict` when the next sequence
    ///   is not `expectedSequence` (checked before the changes are judged); `groupNotFound` when
    ///   the group does not exist and the first change is not a `create`; `storage` when the
    ///   write fails. Nothing is written in any of these cases.
    @discardableResult
    func submit(
        to group: GroupID, actor: InboxID, time: Milliseconds, changes: [Change], expectedSequence: UInt64?,
        signingKey: Ed25519.PrivateKey?
    ) throws(StoreError) -> SubmittedCommit

    /// How this store's submits have been batched since it was opened.
    var submitStatistics: SubmitStatistics { get }

    /// Appends commits made elsewhere, in one atomic write: all of them, or none. Every signature
    /// is verified first (SPEC section 14: the door refuses a commit whose signature does not
    /// verify, before anything is written). Each commit must fit its log (the next sequence, the head's hash as its previous hash, commit 0 of a new group
    /// with none); the reducer then judges it, and a rejected commit is stored with its outcome
    /// and advances the head like any other. The commits may belong to different groups, and
    /// later ones chain on earlier ones of the same batch.
    /// - Parameter claims: identity and signing-key claims recorded in the same write, before the
    ///   commits (an import brings its log's directory with it); a revoked key is claimed and
    ///   revoked.
    /// - Returns: each commit's outcome, in order.
    /// - Throws: `ingestRefused` naming the first commit that does not fit or whose signature
    ///   does not verify; `identityClaimed` or `signingKey` for a claim another inbox holds.
    ///   Nothing is written.
    /// - Parameter progress: told after each commit is judged (see ``StoreProgress``).
    @discardableResult
    func ingest(_ commits: [Commit], claims: [IdentityClaims], progress: StoreProgress?) throws(StoreError) -> [CommitOutcome]

    /// Every group of the store with its head, in group ID order.
    func groups() throws(StoreError) -> [GroupSummary]

    /// The sequence of the group's last commit.
    /// - Throws: `groupNotFound`.
    func headSequence(of group: GroupID) throws(StoreError) -> UInt64

    /// The group's state after commit `sequence` (the head when nil), equal to a fold of the log
    /// from commit 0. A backend may start from a snapshot; every commit it folds is checked
    /// against the chain.
    /// - Throws: `groupNotFound`; `sequencePastHead`; `corrupt` for a damaged commit or snapshot.
    func state(of group: GroupID, at sequence: UInt64?) throws(StoreError) -> StoredState

    /// Up to `limit` commits from `first` on, in order, with their stored outcomes and the events
    /// each applied commit yielded, read in one consistent view of the log.
    /// - Throws: `groupNotFound`; `sequencePastHead` when `first` is past the head; `corrupt`.
    func commits(of group: GroupID, from first: UInt64, limit: Int) throws(StoreError) -> [LoggedCommit]

    /// Up to `limit` commits from `first` on, in order, each with the outcome stored beside it,
    /// checked against the chain but not folded, read in one consistent view of the log: a page
    /// of a copy, at a cost that does not depend on `first` (where `commits(of:from:limit:)`
    /// folds the log up to `first` for the events).
    /// - Throws: `groupNotFound`; `sequencePastHead` when `first` is past the head; `corrupt` for
    ///   a damaged commit or a missing or unreadable outcome.
    func storedCommits(of group: GroupID, from first: UInt64, limit: Int) throws(StoreError) -> [StoredCommit]

    /// Folds the log from commit 0 through `last` (the head when nil), handing each commit, its
    /// outcome and its events to `body` as it goes, in memory that does not grow with the log.
    /// - Returns: the state after `last`.
    /// - Throws: `groupNotFound`; `sequencePastHead`; `corrupt`. (`body` does not throw, as
    ///   `forEachCommit`'s does not: the store reports only its own errors, each as what it is.)
    func replay(
        _ group: GroupID, through last: UInt64?, _ body: (Commit, CommitOutcome, [DomainEvent]) -> Void
    ) throws(StoreError) -> StoredState

    /// Hands commits `first...last` to `body` in order, each checked against the chain, without
    /// folding them: a scan for tools that fold on their own.
    /// - Throws: `groupNotFound`; `sequencePastHead` when `last` is past the head; `corrupt`.
    func forEachCommit(of group: GroupID, from first: UInt64, through last: UInt64, _ body: (Commit) -> Void) throws(StoreError)

    /// Checks the group (every group when nil) against a fresh replay of its log: the chain,
    /// every commit's signature, the stored outcomes, snapshots, the head and the indexes. Damage is reported as problems,
    /// not thrown; a check of the whole store also reports index entries no group accounts for.
    /// - Throws: `groupNotFound` for a missing group; `storage` when reading fails.
    /// - Parameter progress: told after each commit is checked, of all the groups' commits.
    func verify(_ only: GroupID?, progress: StoreProgress?) throws(StoreError) -> [VerifyProblem]

    /// Makes everything derived from the logs again (outcomes, heads, snapshots, the indexes),
    /// in one atomic write. A log that fails its chain check stops the rebuild and leaves the
    /// store as it was.
    /// - Throws: `corrupt` naming the damaged commit.
    /// - Parameter progress: told after each commit is read, of all the reads the rebuild makes
    ///   (a backend may read each commit more than once: the total says so).
    func rebuild(progress: StoreProgress?) throws(StoreError) -> RebuildReport
}
