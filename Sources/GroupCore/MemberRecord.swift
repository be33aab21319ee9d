/// One inbox's membership in a conversation, current or former (SPEC section 3).
public struct MemberRecord: Equatable, Sendable {
    // The stored properties are declared widest first (the IDs, then eight-byte values, then
    // the optionals of nine bytes, then single bytes), which Swift lays out in declaration
    // order: 92 bytes a record where the order of meaning took 112, so a million records take
    // 24 MB less and fewer cache lines (issue 18).
    public let inbox: InboxID
    /// Who added or invited it, as the state records it: the creator's record names the creator
    /// itself, a join's none. Part of the canonical encoding, so kept as it was first written;
    /// readers want ``addedBy``.
    public internal(set) var adder: InboxID?
    /// Its position in the order in which inboxes became members; a re-added inbox gets a new one.
    public internal(set) var ordinal: UInt64
    /// The keys its commits may be signed with in this conversation, in the order they were
    /// recorded (SPEC section 14). A former member keeps those it had, for audits.
    public internal(set) var keys: [PublicKey]
    public internal(set) var state: MemberState
    /// When the record last became active; nil while it never was.
    public internal(set) var joinedAt: Milliseconds?
    /// It cannot send until this time (`mute`); nil when not muted.
    public internal(set) var mutedUntil: Milliseconds?
    /// Cleared to `member` when the inbox becomes a former member.
    public internal(set) var role: Role
    /// Its messages are hidden from all (SPEC section 9, `blockForAll`).
    public internal(set) var blockedForAll: Bool
    /// It blocked the group for itself (`blockGroup`): nothing is delivered to it.
    public internal(set) var blocksGroup: Bool

    public init(
        inbox: InboxID, role: Role, state: MemberState, joinedAt: Milliseconds?, addedBy: InboxID?, ordinal: UInt64,
        blockedForAll: Bool = false, mutedUntil: Milliseconds? = nil, blocksGroup: Bool = false, keys: [PublicKey] = []
    ) {
        self.inbox = inbox
        self.role = role
        self.state = state
        self.joinedAt = joinedAt
        self.adder = addedBy
        self.ordinal = ordinal
        self.blockedForAll = blockedForAll
        self.mutedUntil = mutedUntil
        self.blocksGroup = blocksGroup
        self.keys = keys
    }

    /// The inbox that added or invited this one (XMTP's `addedByInboxId`): the actor of its
    /// `addMembers`, the creator for the members listed in `create`; nil for the creator itself
    /// and for an inbox that joined on its own. A former member keeps the adder it had.
    ///
    /// Only the creator's record names itself: an inbox cannot add itself, since adding a current
    /// member is `alreadyMember`.
    public var addedBy: InboxID? { adder == inbox ? nil : adder }

    /// Whether the inbox is a current member in any state.
    public var isCurrent: Bool { state.isCurrent }
    /// The role a reader sees: former members hold none.
    public var currentRole: Role? { isCurrent ? role : nil }
}
