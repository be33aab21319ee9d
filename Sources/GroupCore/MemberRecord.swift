/// One inbox's membership in a conversation, current or former (SPEC section 3).
public struct MemberRecord: Equatable, Sendable {
    public let inbox: InboxID
    /// Cleared to `member` when the inbox becomes a former member.
    public internal(set) var role: Role
    public internal(set) var state: MemberState
    /// When the record last became active; nil while it never was.
    public internal(set) var joinedAt: Milliseconds?
    /// Who added or invited it; the creator for itself; nil for a join.
    public internal(set) var addedBy: InboxID?
    /// Its position in the order in which inboxes became members; a re-added inbox gets a new one.
    public internal(set) var ordinal: UInt64
    /// Its messages are hidden from all (SPEC section 9, `blockForAll`).
    public internal(set) var blockedForAll: Bool
    /// It cannot send until this time (`mute`); nil when not muted.
    public internal(set) var mutedUntil: Milliseconds?
    /// It blocked the group for itself (`blockGroup`): nothing is delivered to it.
    public internal(set) var blocksGroup: Bool

    public init(
        inbox: InboxID, role: Role, state: MemberState, joinedAt: Milliseconds?, addedBy: InboxID?, ordinal: UInt64,
        blockedForAll: Bool = false, mutedUntil: Milliseconds? = nil, blocksGroup: Bool = false
    ) {
        self.inbox = inbox
        self.role = role
        self.state = state
        self.joinedAt = joinedAt
        self.addedBy = addedBy
        self.ordinal = ordinal
        self.blockedForAll = blockedForAll
        self.mutedUntil = mutedUntil
        self.blocksGroup = blocksGroup
    }

    /// Whether the inbox is a current member in any state.
    public var isCurrent: Bool { state.isCurrent }
    /// The role a reader sees: former members hold none.
    public var currentRole: Role? { isCurrent ? role : nil }
}
