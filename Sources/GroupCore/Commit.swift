/// One immutable entry of a conversation's log (SPEC section 4).
public struct Commit: Equatable, Sendable {
    public let groupID: GroupID
    /// The commit's position in its conversation's log: 0, 1, 2, ... with no gaps.
    public let sequence: UInt64
    /// The SHA-256 of the previous commit's canonical encoding; nil for commit 0, and for logs
    /// that are not chained, such as a fixture's.
    public let previousHash: Digest?
    public let actor: InboxID
    public let time: Milliseconds
    /// Ordered and non-empty.
    public let changes: [Change]
    /// The actor's Ed25519 signature over the rest of the commit, with the key that made it; nil
    /// for an unsigned commit (SPEC section 14). Whoever hands a commit to the reducer has
    /// verified it: the reducer only asks which key signed.
    public let signature: CommitSignature?

    public init(
        groupID: GroupID, sequence: UInt64, actor: InboxID, time: Milliseconds, changes: [Change], previousHash: Digest? = nil,
        signature: CommitSignature? = nil
    ) {
        self.groupID = groupID
        self.sequence = sequence
        self.previousHash = previousHash
        self.actor = actor
        self.time = time
        self.changes = changes
        self.signature = signature
    }

    /// This commit with `signature` in place of its own (nil: unsigned); everything else kept.
    public func with(signature: CommitSignature?) -> Commit {
        Commit(groupID: groupID, sequence: sequence, actor: actor, time: time, changes: changes, previousHash: previousHash,
               signature: signature)
    }

    /// This commit without its signature: what a signature covers.
    public var unsigned: Commit { signature == nil ? self : with(signature: nil) }
}

/// What the fold made of a commit.
public enum CommitOutcome: Equatable, Sendable {
    case applied
    case rejected(CommitRejection)

    public var isApplied: Bool { self == .applied }
}

/// Why a whole commit was rejected: the first failing change and its reason.
public struct CommitRejection: Error, Equatable, Sendable, CustomStringConvertible {
    /// The index of the failing change; nil when the commit failed as a whole.
    public let changeIndex: Int?
    public let reason: Rejection

    public init(changeIndex: Int?, reason: Rejection) {
        self.changeIndex = changeIndex
        self.reason = reason
    }

    public var description: String {
        let place = changeIndex.map { " (change \($0))" } ?? ""
        return "\(reason.code)\(place): \(reason.detail)"
    }
}
