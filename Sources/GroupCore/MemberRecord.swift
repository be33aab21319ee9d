/// One inbox's membership in a conversation, current or former (SPEC section 3).
public struct MemberRecord: Equatable, Sendable {
    // The stored properties are declared widest first (the IDs, then eight-byte values, then
    // the state, then single bytes), which Swift lays out in declaration order. The two times
    // that may be absent are stored as plain words beside a byte of which are present: as
    // optionals they took nine bytes each, padded to sixteen, so a record took 92 bytes and a
    // roster entry 96, where now they take 77 and 80 (issue 18: a state read moves every entry
    // through memory twice, at the load and at the free).
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
    /// ``joinedAt`` when present, else 0.
    private var storedJoinedAt: Milliseconds
    /// ``mutedUntil`` when present, else 0.
    private var storedMutedUntil: Milliseconds
    public internal(set) var state: MemberState
    /// Cleared to `member` when the inbox becomes a former member.
    public internal(set) var role: Role
    /// Its messages are hidden from all (SPEC section 9, `blockForAll`).
    public internal(set) var blockedForAll: Bool
    /// It blocked the group for itself (`blockGroup`): nothing is delivered to it.
    public internal(set) var blocksGroup: Bool
    /// Which of the stored times are present: bit 0 ``joinedAt``, bit 1 ``mutedUntil``.
    private var presentTimes: UInt8

    /// When the record last became active; nil while it never was.
    public internal(set) var joinedAt: Milliseconds? {
        get { presentTimes & 1 != 0 ? storedJoinedAt : nil }
        set {
            storedJoinedAt = newValue ?? 0
            presentTimes = newValue == nil ? presentTimes & ~1 : presentTimes | 1
        }
    }

    /// It cannot send until this time (`mute`); nil when not muted.
    public internal(set) var mutedUntil: Milliseconds? {
        get { presentTimes & 2 != 0 ? storedMutedUntil : nil }
        set {
            storedMutedUntil = newValue ?? 0
            presentTimes = newValue == nil ? presentTimes & ~2 : presentTimes | 2
        }
    }

    public init(
        inbox: InboxID, role: Role, state: MemberState, joinedAt: Milliseconds?, addedBy: InboxID?, ordinal: UInt64,
        blockedForAll: Bool = false, mutedUntil: Milliseconds? = nil, blocksGroup: Bool = false, keys: [PublicKey] = []
    ) {
        self.inbox = inbox
        self.role = role
        self.state = state
        storedJoinedAt = joinedAt ?? 0
        self.adder = addedBy
        self.ordinal = ordinal
        self.blockedForAll = blockedForAll
        storedMutedUntil = mutedUntil ?? 0
        self.blocksGroup = blocksGroup
        self.keys = keys
        presentTimes = (joinedAt == nil ? 0 : 1) | (mutedUntil == nil ? 0 : 2)
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
