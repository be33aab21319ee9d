import GroupCore
import GroupFixtures

/// Which commits of a log the audit shows. Every condition given must hold; an empty filter
/// shows every commit.
public struct AuditFilter: Equatable, Sendable {
    /// Commits that involve any of these inboxes: as actor, named by a change, or the subject of
    /// an event. Empty: any.
    public var inboxes: Set<InboxID>
    /// Commits with a change of any of these ops, as fixtures spell them (`addAdmin`). Empty: any.
    public var ops: Set<String>
    /// Only rejected commits.
    public var rejectedOnly: Bool
    /// Commits at or after this time (milliseconds since the epoch).
    public var from: Milliseconds?
    /// Commits at or before this time.
    public var to: Milliseconds?
    /// Only signed commits, or only unsigned ones; nil: either.
    public var signing: Signing?

    /// Which commits ``signing`` admits.
    public enum Signing: String, Equatable, Sendable {
        /// Commits that carry a signature, whatever its key and whether or not it verifies (so
        /// that a forgery is never filtered out of an audit of signed commits).
        case signed
        /// Commits that carry none.
        case unsigned
    }

    /// A filter of the conditions given; the defaults admit every commit.
    public init(
        inboxes: Set<InboxID> = [], ops: Set<String> = [], rejectedOnly: Bool = false,
        from: Milliseconds? = nil, to: Milliseconds? = nil, signing: Signing? = nil
    ) {
        self.inboxes = inboxes
        self.ops = ops
        self.rejectedOnly = rejectedOnly
        self.from = from
        self.to = to
        self.signing = signing
    }

    /// Every op name a filter may use: the ops fixtures and the CLI read.
    public static var knownOps: [String] { ChangeJSON.supportedOps }

    /// Whether the timeline shows `entry`. The cheap conditions go first, so that a narrow
    /// filter over a long log costs little per commit it skips.
    public func admits(_ entry: AuditEntry) -> Bool {
        if rejectedOnly, entry.outcome.rejection == nil { return false }
        if let from, entry.time < from { return false }
        if let to, entry.time > to { return false }
        if let signing, entry.signature.isSigned != (signing == .signed) { return false }
        if !ops.isEmpty, !entry.changes.contains(where: { ops.contains($0.op) }) { return false }
        if !inboxes.isEmpty, inboxes.isDisjoint(with: entry.involvedInboxes) { return false }
        return true
    }
}
