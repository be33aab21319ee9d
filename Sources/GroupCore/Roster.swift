/// The member records of a conversation, indexed so that every change costs the same whatever
/// the group's size: lookups by inbox, the join order for paging, counts and the admin lists are
/// all kept up to date record by record, never rebuilt by a scan.
///
/// Records live in one array in ordinal order, which is the order a snapshot writes them in, so
/// encoding needs no sort; a dictionary maps each inbox to its record's place, 20 bytes a
/// bucket, where a dictionary of whole records took 120.
struct Roster: Equatable, Sendable {
    /// One place in `entries`: a record, or the ghost a record left when it moved to the end
    /// with a new ordinal. A ghost keeps its ordinal, so that the entries stay sorted by it.
    struct Entry: Equatable, Sendable {
        var record: MemberRecord
        var isGhost = false
    }

    /// Every record, current and former, in increasing ordinal order, with the ghosts of moved
    /// records; compacted once the ghosts outnumber the records.
    private var entries: [Entry] = []
    private var ghosts = 0
    /// Where each inbox's record is in `entries`.
    private var positions: [InboxID: Int32] = [:]
    /// The places in `entries` of current members, in ordinal order, with holes where members
    /// left or moved; compacted once the holes outnumber the members, so it never grows with churn.
    private var order: [Int32] = []
    private var holes = 0
    /// The ordinal the next inbox to become a member gets.
    private(set) var nextOrdinal: UInt64 = 0
    /// Current members in any state: what the member limit counts.
    private(set) var headcount = 0
    private(set) var admins: Set<InboxID> = []
    private(set) var superAdmins: Set<InboxID> = []
    /// Each key recorded for a current member, to that member: a key is recorded for at most one
    /// current member (SPEC section 14).
    private(set) var keyOwners: [PublicKey: InboxID] = [:]
    /// How many records, current or former, hold at least one key.
    private(set) var keyedRecords = 0

    subscript(inbox: InboxID) -> MemberRecord? {
        positions[inbox].map { entries[Int($0)].record }
    }

    /// Current and former members.
    var recordCount: Int { positions.count }

    /// Every record, current and former, in ordinal order.
    var records: LazyMapSequence<LazyFilterSequence<[Entry]>, MemberRecord> {
        entries.lazy.filter { !$0.isGhost }.map(\.record)
    }

    static func == (lhs: Roster, rhs: Roster) -> Bool {
        // Ghosts and holes are bookkeeping: two rosters with the same records are the same.
        lhs.recordCount == rhs.recordCount && lhs.nextOrdinal == rhs.nextOrdinal && lhs.records.elementsEqual(rhs.records)
    }

    /// Stores `record` in place of the inbox's previous one and updates every index. Records
    /// that take a new ordinal must come in increasing ordinal order.
    mutating func put(_ record: MemberRecord) {
        guard let place = positions[record.inbox].map(Int.init) else {
            append(record)
            return
        }
        let old = entries[place].record
        forgetKeys(of: old)
        if old.isCurrent {
            headcount -= 1
            unindexRole(of: old)
        }
        if old.ordinal == record.ordinal {
            entries[place].record = record
            rememberKeys(of: record)
            if old.isCurrent && !record.isCurrent {
                holes += 1
            } else if !old.isCurrent && record.isCurrent {
                reenter(place)
            }
            if record.isCurrent {
                headcount += 1
                indexRole(of: record)
            }
        } else {
            entries[place].isGhost = true
            ghosts += 1
            if old.isCurrent { holes += 1 }
            append(record)
        }
        compactIfSparse()
    }

    /// Appends the first record of an inbox restored from a snapshot, after checking that it
    /// follows the previous one; `addedBy` shares the previous record's string when it names
    /// the same inbox, as a batch's records all do, so that a restored roster holds one copy.
    /// - Throws: ``InconsistentState`` when the inbox already has a record or the ordinals do
    ///   not rise strictly.
    mutating func restore(_ record: MemberRecord) throws(InconsistentState) {
        var record = record
        if let previous = entries.last?.record {
            guard record.ordinal > previous.ordinal else {
                throw InconsistentState(reason: "member records are not in strictly increasing ordinal order at \(record.inbox)")
            }
            if let adder = previous.adder, record.adder == adder { record.adder = adder }
        }
        if !record.keys.isEmpty {
            if Set(record.keys).count != record.keys.count {
                throw InconsistentState(reason: "\(record.inbox) has a signing key recorded twice")
            }
            if record.isCurrent, let key = record.keys.first(where: { keyOwners[$0] != nil }), let owner = keyOwners[key] {
                throw InconsistentState(reason: "signing key \(key) is recorded for both \(owner) and \(record.inbox)")
            }
        }
        let place = Int32(truncatingIfNeeded: entries.count)
        guard positions.updateValue(place, forKey: record.inbox) == nil else {
            throw InconsistentState(reason: "\(record.inbox) appears twice")
        }
        entries.append(Entry(record: record))
        enter(record, at: place)
    }

    /// Makes room for `count` records, so that restoring a large snapshot does not rehash.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        positions.reserveCapacity(count)
        order.reserveCapacity(count)
    }

    /// Raises the next ordinal to at least `next`, for a restored snapshot whose highest
    /// ordinal is below what was handed out.
    mutating func reserveOrdinals(upTo next: UInt64) {
        nextOrdinal = max(nextOrdinal, next)
    }

    /// The number of places in the join order, holes included.
    var orderCount: Int { order.count }

    /// The current member at `index` of the join order; nil for a hole.
    func currentMember(atOrderIndex index: Int) -> MemberRecord? {
        let entry = entries[Int(order[index])]
        return entry.isGhost || !entry.record.isCurrent ? nil : entry.record
    }

    /// The position in the join order of the first place whose ordinal is at least `ordinal`.
    func position(from ordinal: UInt64) -> Int {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if entries[Int(order[middle])].record.ordinal < ordinal { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func append(_ record: MemberRecord) {
        let place = Int32(truncatingIfNeeded: entries.count)
        positions[record.inbox] = place
        entries.append(Entry(record: record))
        enter(record, at: place)
    }

    /// Counts and indexes a record newly at `place`, the last of the entries.
    private mutating func enter(_ record: MemberRecord, at place: Int32) {
        nextOrdinal = max(nextOrdinal, record.ordinal + 1)
        rememberKeys(of: record)
        guard record.isCurrent else { return }
        headcount += 1
        indexRole(of: record)
        order.append(place)
    }

    /// Puts back into the join order a former member's record that became current again in
    /// place, keeping its ordinal (the reducer gives a returning member a new one instead).
    private mutating func reenter(_ place: Int) {
        let index = position(from: entries[place].record.ordinal)
        if index < order.count && Int(order[index]) == place {
            holes -= 1
        } else {
            order.insert(Int32(truncatingIfNeeded: place), at: index)
        }
    }

    private mutating func compactIfSparse() {
        if ghosts > 64 && ghosts > entries.count / 2 {
            // Every place moves: rebuild the places and the join order from the records.
            entries.removeAll { $0.isGhost }
            ghosts = 0
            order.removeAll(keepingCapacity: true)
            holes = 0
            for (place, entry) in entries.enumerated() {
                positions[entry.record.inbox] = Int32(truncatingIfNeeded: place)
                if entry.record.isCurrent { order.append(Int32(truncatingIfNeeded: place)) }
            }
        } else if holes > 64 && holes > order.count / 2 {
            let entries = self.entries
            order.removeAll { entries[Int($0)].isGhost || !entries[Int($0)].record.isCurrent }
            holes = 0
        }
    }

    /// Counts a record that holds keys and indexes a current member's keys.
    private mutating func rememberKeys(of record: MemberRecord) {
        guard !record.keys.isEmpty else { return }
        keyedRecords += 1
        guard record.isCurrent else { return }
        for key in record.keys { keyOwners[key] = record.inbox }
    }

    /// Undoes ``rememberKeys(of:)`` for a record being replaced. A key another record took over
    /// in the meantime (a commit's records are put in ordinal order, not change order) stays
    /// with it.
    private mutating func forgetKeys(of record: MemberRecord) {
        guard !record.keys.isEmpty else { return }
        keyedRecords -= 1
        guard record.isCurrent else { return }
        for key in record.keys where keyOwners[key] == record.inbox { keyOwners[key] = nil }
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
