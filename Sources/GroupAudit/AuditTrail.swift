import GroupCore

/// The audit as a streaming fold: it takes a log's commits one by one, in order, judges each
/// with its own replica and hands out the entries its filter admits, each signature verified.
///
/// It keeps the replica and a few counters, never the commits: auditing a log of any length
/// takes the memory of its state alone.
public struct AuditTrail: Equatable, Sendable {
    /// Which entries ``record(_:)`` hands out.
    public let filter: AuditFilter
    private var replica: Replica
    /// The commits recorded so far.
    public private(set) var commitCount = 0
    /// The commits recorded so far that the filter admitted.
    public private(set) var matchCount = 0
    /// - Parameters:
    ///   - replica: the replica as it stands before the first commit to be recorded.
    ///   - filter: which entries ``record(_:)`` hands out.
    public init(replica: Replica = Replica(), filter: AuditFilter = AuditFilter()) {
        self.replica = replica
        self.filter = filter
    }

    /// The state after the last commit recorded.
    public var state: GroupState? { replica.state }

    /// Folds the next commit of the log.
    /// - Returns: the commit's entry when the filter admits it, and the group's counts after it.
    public mutating func record(_ commit: Commit) -> (entry: AuditEntry?, sample: MembershipSample) {
        let actorFacts = InboxFacts(commit.actor, in: replica.state)
        let named = replica.state.map { state in commit.changes.flatMap(state.inboxes(namedBy:)) }
        let standing = replica.signatureStanding(of: commit)
        let outcome = replica.fold(commit)
        commitCount += 1
        let sample = MembershipSample(sequence: commit.sequence, time: commit.time, state: replica.state)
        let entry = AuditEntry(
            commit: commit, actorFacts: actorFacts, outcome: outcome, events: replica.lastEvents, namedInboxes: named,
            signature: AuditSignature(standing: standing, verifies: nil))
        guard filter.admits(entry) else { return (nil, sample) }
        matchCount += 1
        // Verified once admitted: an Ed25519 check costs about 50 µs, and the filter reads only
        // whether the commit is signed.
        guard commit.signature != nil else { return (entry, sample) }
        return (entry.with(signature: AuditSignature(checking: commit, standing: standing)), sample)
    }
}
