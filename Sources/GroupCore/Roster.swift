/// The member records of a conversation, indexed so that every change costs the same whatever
/// the group's size: lookups by inbox, the join order for paging, counts and the admin lists are
/// all kept up to date record by record, never rebuilt by a scan.
struct Roster: Equatable, Sendable {
    /// Current and former members.
    private(set) var records: [InboxID: MemberRecord] = [:]
    /// Current members by ordinal; a slot is nil once its holder left or was removed.
    private(set) var order: [InboxID?] = []
    /// Current members in any state: what the member limit counts.
    private(set) var headcount = 0
    private(set) var admins: Set<InboxID> = []
    private(set) var superAdmins: Set<InboxID> = []

    subscript(inbox: InboxID) -> MemberRecord? { records[inbox] }

    /// The ordinal the next inbox to become a member gets.
    var nextOrdinal: UInt64 { UInt64(order.count) }

    /// Stores `record` in place of the inbox's previous one and updates every index.
    mutating func put(_ record: MemberRecord) {
        if let old = records[record.inbox], old.isCurrent {
            headcount -= 1
            unindexRole(of: old)
            order[Int(old.ordinal)] = nil
        }
        records[record.inbox] = record
        guard record.isCurrent else { return }
        headcount += 1
        indexRole(of: record)
        let slot = Int(record.ordinal)
        if slot >= order.count {
            order.append(contentsOf: repeatElement(nil, count: slot - order.count + 1))
        }
        order[slot] = record.inbox
    }

    private mutating func indexRole(of record: MemberRecord) {
        switch record.role {
        case .admin: admins.insert(record.inbox)
        case .superAdmin: superAdmins.insert(record.inbox)
        default: break
        }
    }

    private mutating func unindexRole(of record: MemberRecord) {
        switch record.role {
        case .admin: admins.remove(record.inbox)
        case .superAdmin: superAdmins.remove(record.inbox)
        default: break
        }
    }
}
