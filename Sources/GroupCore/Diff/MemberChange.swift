/// How one inbox's member record differs between two states.
public struct MemberChange: Equatable, Sendable {
    /// What happened to the inbox's membership, as a reader of the two states sees it.
    public enum Kind: String, Equatable, Sendable {
        /// It became a current member: new to the group, or a former member re-added.
        case joined
        /// It stopped being a current member: its record says whether it left or was removed.
        case departed
        /// It stayed current (or stayed former) and something of its record changed.
        case changed
    }

    /// A part of a member record, named as renderings name it.
    public enum Attribute: String, CaseIterable, Equatable, Sendable {
        case role
        case state
        case joinedAt
        case addedBy
        case ordinal
        case blockedForAll
        case mutedUntil
        case blocksGroup
        case keys

        /// Whether the attribute differs between two records.
        func differs(_ lhs: MemberRecord, _ rhs: MemberRecord) -> Bool {
            switch self {
            case .role: lhs.role != rhs.role
            case .state: lhs.state != rhs.state
            case .joinedAt: lhs.joinedAt != rhs.joinedAt
            case .addedBy: lhs.addedBy != rhs.addedBy
            case .ordinal: lhs.ordinal != rhs.ordinal
            case .blockedForAll: lhs.blockedForAll != rhs.blockedForAll
            case .mutedUntil: lhs.mutedUntil != rhs.mutedUntil
            case .blocksGroup: lhs.blocksGroup != rhs.blocksGroup
            case .keys: lhs.keys != rhs.keys
            }
        }
    }

    public let inbox: InboxID
    /// The record in the first state; nil when the group never had the inbox.
    public let before: MemberRecord?
    /// The record in the second state; nil when the group never had the inbox.
    public let after: MemberRecord?

    public init(inbox: InboxID, before: MemberRecord?, after: MemberRecord?) {
        self.inbox = inbox
        self.before = before
        self.after = after
    }

    /// Whether the inbox joined, departed, or changed in place.
    public var kind: Kind {
        let was = before?.isCurrent ?? false, now = after?.isCurrent ?? false
        if !was && now { return .joined }
        if was && !now { return .departed }
        return .changed
    }

    /// The attributes that differ, in a fixed order; every attribute when one side is missing.
    public var attributes: [Attribute] {
        guard let before, let after else { return Attribute.allCases }
        return Attribute.allCases.filter { $0.differs(before, after) }
    }
}
