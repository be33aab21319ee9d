/// Where the next page of members starts; pass it back to read that page.
public struct MemberCursor: Hashable, Sendable {
    /// The page starts at the first member whose ordinal is at least this.
    public let ordinal: UInt64

    public init(ordinal: UInt64) { self.ordinal = ordinal }
}

/// One page of current members, in the order they became members.
public struct MemberPage: Equatable, Sendable {
    public let members: [MemberRecord]
    /// Nil on the last page.
    public let next: MemberCursor?
}

extension GroupState {
    /// The inbox's record, current or former; nil for an inbox the group never had.
    public func member(_ inbox: InboxID) -> MemberRecord? { roster[inbox] }

    /// Whether the inbox is a current member, in any state: ``member(_:)``'s `isCurrent`
    /// without making the record.
    public func isCurrentMember(_ inbox: InboxID) -> Bool { roster.roleAndState(of: inbox)?.state.isCurrent == true }

    /// Current members in any state: what the member limit counts.
    public var memberCount: Int { roster.headcount }

    /// Current members in the order they became members, `limit` at a time after `cursor`.
    public func members(after cursor: MemberCursor? = nil, limit: Int) -> MemberPage {
        var page: [MemberRecord] = []
        page.reserveCapacity(min(max(limit, 0), roster.headcount))
        let end = roster.orderCount
        var index = cursor.map { roster.position(from: $0.ordinal) } ?? 0
        while index < end && page.count < limit {
            if let record = roster.currentMember(atOrderIndex: index) { page.append(record) }
            index += 1
        }
        let more = (index..<end).contains { roster.currentMember(atOrderIndex: $0) != nil }
        let next = page.last.map { MemberCursor(ordinal: $0.ordinal + 1) } ?? cursor ?? MemberCursor(ordinal: 0)
        return MemberPage(members: page, next: more ? next : nil)
    }

    /// Every current member, in the order they became members.
    public var allMembers: [MemberRecord] { members(limit: roster.headcount).members }

    /// Every former member, in the order of their last time as members.
    public var formerMembers: [MemberRecord] {
        roster.records.filter { !$0.isCurrent }
    }

    /// Whether `inbox` is a current admin. Super admins are listed apart, as in XMTP.
    public func isAdmin(_ inbox: InboxID) -> Bool { roster.isAdmin(inbox) }

    /// Whether `inbox` is a current super admin.
    public func isSuperAdmin(_ inbox: InboxID) -> Bool { roster.isSuperAdmin(inbox) }

    /// The admins (not the super admins), in the order they became members.
    public func listAdmins() -> [InboxID] { roster.adminInboxes }

    /// The super admins, in the order they became members.
    public func listSuperAdmins() -> [InboxID] { roster.superAdminInboxes }
}

extension GroupState {
    /// Looks up the actor of `commit` and every inbox its changes name, as a fold of it must,
    /// and does nothing else: the floor under what folding the commit can cost with this roster
    /// (issue 18). Returns a sum of the ordinals found, so that the lookups cannot be optimized
    /// away; it means nothing.
    package func namedMemberLookups(of commit: Commit) -> UInt64 {
        var sum = roster.ordinal(of: commit.actor) ?? 0
        for index in commit.changes.indices {
            commit.changes[index].visitNamedInboxes { inbox in
                sum &+= roster.ordinal(of: inbox) ?? 1
                return true
            }
        }
        return sum
    }
}
