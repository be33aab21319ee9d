/// The member records of a conversation, indexed so that every change costs the same whatever
/// the group's size: lookups by inbox, the join order for paging, counts and the admin lists are
/// all kept up to date record by record, never rebuilt by a scan.
struct Roster: Equatable, Sendable {
    /// One place in the join order. `inbox` is nil once its holder left or was removed.
    struct Slot: Equatable, Sendable {
        let ordinal: UInt64
        var inbox: InboxID?
    }

    /// Current and former members.
    private(set) var records: [InboxID: MemberRecord] = [:]
    /// Current members in increasing ordinal order, with holes where members left; compacted
    /// once the holes outnumber the members, so it never grows with churn.
    private(set) var order: [Slot] = []
    private var holes = 0
    /// The ordinal the next inbox to become a member gets.
    private(set) var nextOrdinal: UInt64 = 0
    /// Current members in any state: what the member limit counts.
    private(set) var headcount = 0
    private(set) var admins: Set<InboxID> = []
    private(set) var superAdmins: Set<InboxID> = []

    subscript(inbox: InboxID) -> MemberRecord? { records[inbox] }

    static func == (lhs: Roster, rhs: Roster) -> Bool {
        // The order's holes are bookkeeping: two rosters with the same records are the same.
        lhs.records == rhs.records && lhs.nextOrdinal == rhs.nextOrdinal
    }

    /// Stores `record` in place of the inbox's previous one and updates every index. Records
    /// that take a new place in the join order must come in increasing ordinal order.
    mutating func put(_ record: MemberRecord) {
        let old = records.updateValue(record, forKey: record.inbox)
        let keepsPlace = old.map { $0.isCurrent && record.isCurrent && $0.ordinal == record.ordinal } ?? false
        if let old, old.isCurrent {
            headcount -= 1
            unindexRole(of: old)
            if !keepsPlace { vacate(old.ordinal) }
        }
        guard record.isCurrent else { return }
        headcount += 1
        indexRole(of: record)
        if !keepsPlace {
            order.append(Slot(ordinal: record.ordinal, inbox: record.inbox))
            nextOrdinal = max(nextOrdinal, record.ordinal + 1)
        }
    }

    /// Makes room for `count` records, so that restoring a large snapshot does not rehash.
    mutating func reserveCapacity(_ count: Int) {
        records.reserveCapacity(count)
        order.reserveCapacity(count)
    }

    /// Raises the next ordinal to at least `next`, for a restored snapshot whose highest
    /// ordinal is below what was handed out.
    mutating func reserveOrdinals(upTo next: UInt64) {
        nextOrdinal = max(nextOrdinal, next)
    }

    /// The position in `order` of the first slot whose ordinal is at least `ordinal`.
    func position(from ordinal: UInt64) -> Int {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if order[middle].ordinal < ordinal { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func vacate(_ ordinal: UInt64) {
        let index = position(from: ordinal)
        guard index < order.count, order[index].ordinal == ordinal else { return }
        order[index].inbox = nil
        holes += 1
        if holes > 64 && holes > order.count / 2 {
            order.removeAll { $0.inbox == nil }
            holes = 0
        }
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
