/// The member records of a conversation, indexed so that every change costs the same whatever
/// the group's size: lookups by inbox, the join order for paging, counts and the admin lists are
/// all kept up to date record by record, never rebuilt by a scan.
///
/// Records live in one array in ordinal order, which is the order a snapshot writes them in, so
/// encoding needs no sort. They are packed (``PackedRecord``): inboxes are numbers in an
/// ``InboxTable`` that holds each ID's bytes once, and a plain array maps each number to its
/// record's place, so that no string is hashed by `Dictionary`, copied or reference-counted
/// to find, change or store a record (issue 18).
struct Roster: Equatable, Sendable {
    /// Every inbox a record names, as itself or as its adder, numbered.
    private var ids = InboxTable()
    /// Every record, current and former, in increasing ordinal order, with the ghosts of moved
    /// records; compacted once the ghosts outnumber the records.
    private var entries: [PackedRecord] = []
    private var ghosts = 0
    /// Where each inbox's record is in `entries`, by inbox number; -1 for an inbox that only
    /// added others.
    private var places: [Int32] = []
    /// The keys of each record that holds some, by inbox number.
    private var keys: [UInt32: [PublicKey]] = [:]
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
    /// Current and former members.
    private(set) var recordCount = 0

    subscript(inbox: InboxID) -> MemberRecord? {
        guard let number = ids.number(of: inbox) else { return nil }
        let place = places[number]
        return place < 0 ? nil : unpack(entries[Int(place)], inbox: inbox)
    }

    /// Every record, current and former, in ordinal order.
    var records: LazyMapSequence<LazyFilterSequence<[PackedRecord]>, MemberRecord> {
        let roster = self
        return entries.lazy.filter { !$0.isGhost }.map { roster.unpack($0) }
    }

    static func == (lhs: Roster, rhs: Roster) -> Bool {
        // Ghosts, holes and inbox numbers are bookkeeping: two rosters with the same records are
        // the same.
        guard lhs.recordCount == rhs.recordCount && lhs.nextOrdinal == rhs.nextOrdinal else { return false }
        return lhs.entries.lazy.filter { !$0.isGhost }.elementsEqual(rhs.entries.lazy.filter { !$0.isGhost }) { left, right in
            left.sameFacts(as: right)
                && lhs.ids.sameID(Int(left.inbox), as: Int(right.inbox), in: rhs.ids)
                && (left.adder == PackedRecord.noAdder) == (right.adder == PackedRecord.noAdder)
                && (left.adder == PackedRecord.noAdder || lhs.ids.sameID(Int(left.adder), as: Int(right.adder), in: rhs.ids))
                && lhs.keys[left.inbox] == rhs.keys[right.inbox]
        }
    }

    /// The record readers see for `packed`, whose inbox is `inbox` when the caller has it at hand.
    private func unpack(_ packed: PackedRecord, inbox: InboxID? = nil) -> MemberRecord {
        let inbox = inbox ?? ids.inbox(Int(packed.inbox))
        let adder: InboxID? = switch packed.adder {
        case PackedRecord.noAdder: nil
        case packed.inbox: inbox
        default: ids.inbox(Int(packed.adder))
        }
        return packed.unpacked(inbox: inbox, adder: adder, keys: packed.flags.contains(.hasKeys) ? keys[packed.inbox] ?? [] : [])
    }

    /// `record` packed, its inbox and adder numbered (given numbers when new).
    private mutating func pack(_ record: MemberRecord) -> PackedRecord {
        let inbox = number(for: record.inbox)
        let adder: UInt32 = switch record.adder {
        case nil: PackedRecord.noAdder
        case record.inbox: inbox
        case let adder?: number(for: adder)
        }
        return PackedRecord(record, inbox: inbox, adder: adder)
    }

    /// The number of `inbox`, interned when new, with its place in `places`.
    private mutating func number(for inbox: InboxID) -> UInt32 {
        let number = ids.intern(inbox)
        if number == places.count { places.append(-1) }
        return UInt32(truncatingIfNeeded: number)
    }

    /// Stores `record` in place of the inbox's previous one and updates every index. Records
    /// that take a new ordinal must come in increasing ordinal order.
    mutating func put(_ record: MemberRecord) {
        let packed = pack(record)
        let number = Int(packed.inbox)
        guard places[number] >= 0 else {
            append(packed, keys: record.keys, inbox: record.inbox)
            return
        }
        let place = Int(places[number])
        let old = entries[place]
        forgetKeys(of: old, inbox: record.inbox)
        if old.isCurrent {
            headcount -= 1
            unindexRole(old.role, of: record.inbox)
        }
        storeKeys(record.keys, for: packed.inbox)
        if old.ordinal == packed.ordinal {
            entries[place] = packed
            rememberKeys(of: packed, inbox: record.inbox)
            if old.isCurrent && !packed.isCurrent {
                holes += 1
            } else if !old.isCurrent && packed.isCurrent {
                reenter(place)
            }
            if packed.isCurrent {
                headcount += 1
                indexRole(packed.role, of: record.inbox)
            }
        } else {
            entries[place].flags.insert(.isGhost)
            ghosts += 1
            recordCount -= 1
            if old.isCurrent { holes += 1 }
            append(packed, keys: nil, inbox: record.inbox)
        }
        compactIfSparse()
    }

    /// Appends the first record of an inbox restored from a snapshot, after checking that it
    /// follows the previous one.
    /// - Throws: ``InconsistentState`` when the inbox already has a record or the ordinals do
    ///   not rise strictly.
    mutating func restore(_ record: MemberRecord) throws(InconsistentState) {
        if let previous = entries.last, record.ordinal <= previous.ordinal {
            throw InconsistentState(reason: "member records are not in strictly increasing ordinal order at \(record.inbox)")
        }
        if !record.keys.isEmpty {
            if Set(record.keys).count != record.keys.count {
                throw InconsistentState(reason: "\(record.inbox) has a signing key recorded twice")
            }
            if record.isCurrent, let key = record.keys.first(where: { keyOwners[$0] != nil }), let owner = keyOwners[key] {
                throw InconsistentState(reason: "signing key \(key) is recorded for both \(owner) and \(record.inbox)")
            }
        }
        let packed = pack(record)
        guard places[Int(packed.inbox)] < 0 else {
            throw InconsistentState(reason: "\(record.inbox) appears twice")
        }
        append(packed, keys: record.keys, inbox: record.inbox)
    }

    /// Makes room for `count` records, so that restoring a large snapshot does not rehash.
    mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        entries.reserveCapacity(count)
        places.reserveCapacity(count)
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
        return entry.isGhost || !entry.isCurrent ? nil : unpack(entry)
    }

    /// The position in the join order of the first place whose ordinal is at least `ordinal`.
    func position(from ordinal: UInt64) -> Int {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if entries[Int(order[middle])].ordinal < ordinal { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Adds `packed` at the end of the entries and indexes it; `keys` are stored first when
    /// given (nil when they already are).
    private mutating func append(_ packed: PackedRecord, keys: [PublicKey]?, inbox: InboxID) {
        let place = Int32(truncatingIfNeeded: entries.count)
        if let keys { storeKeys(keys, for: packed.inbox) }
        places[Int(packed.inbox)] = place
        entries.append(packed)
        recordCount += 1
        nextOrdinal = max(nextOrdinal, packed.ordinal + 1)
        rememberKeys(of: packed, inbox: inbox)
        guard packed.isCurrent else { return }
        headcount += 1
        indexRole(packed.role, of: inbox)
        order.append(place)
    }

    /// Puts back into the join order a former member's record that became current again in
    /// place, keeping its ordinal (the reducer gives a returning member a new one instead).
    private mutating func reenter(_ place: Int) {
        let index = position(from: entries[place].ordinal)
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
                places[Int(entry.inbox)] = Int32(truncatingIfNeeded: place)
                if entry.isCurrent { order.append(Int32(truncatingIfNeeded: place)) }
            }
        } else if holes > 64 && holes > order.count / 2 {
            let entries = self.entries
            order.removeAll { entries[Int($0)].isGhost || !entries[Int($0)].isCurrent }
            holes = 0
        }
    }

    /// Keeps `keys` as the inbox's, or forgets its keys when there are none.
    private mutating func storeKeys(_ keys: [PublicKey], for inbox: UInt32) {
        if keys.isEmpty {
            if !self.keys.isEmpty { self.keys[inbox] = nil }
        } else {
            self.keys[inbox] = keys
        }
    }

    /// Counts a record that holds keys and indexes a current member's keys.
    private mutating func rememberKeys(of record: PackedRecord, inbox: InboxID) {
        guard record.flags.contains(.hasKeys) else { return }
        keyedRecords += 1
        guard record.isCurrent else { return }
        for key in keys[record.inbox] ?? [] { keyOwners[key] = inbox }
    }

    /// Undoes ``rememberKeys(of:inbox:)`` for a record being replaced. A key another record took
    /// over in the meantime (a commit's records are put in ordinal order, not change order)
    /// stays with it.
    private mutating func forgetKeys(of record: PackedRecord, inbox: InboxID) {
        guard record.flags.contains(.hasKeys) else { return }
        keyedRecords -= 1
        guard record.isCurrent else { return }
        for key in keys[record.inbox] ?? [] where keyOwners[key] == inbox { keyOwners[key] = nil }
    }

    private mutating func indexRole(_ role: Role, of inbox: InboxID) {
        switch role {
        case .admin: admins.insert(inbox)
        case .superAdmin: superAdmins.insert(inbox)
        default: break
        }
    }

    private mutating func unindexRole(_ role: Role, of inbox: InboxID) {
        switch role {
        case .admin: admins.remove(inbox)
        case .superAdmin: superAdmins.remove(inbox)
        default: break
        }
    }
}

extension Roster {
    /// The roster as flat arrays, for a snapshot (``FlatRoster``).
    var flat: FlatRoster {
        var lengths: [UInt8] = []
        lengths.reserveCapacity(ids.count)
        var start = 0
        for end in ids.ends {
            lengths.append(UInt8(truncatingIfNeeded: end - start))
            start = end
        }
        let records = ghosts == 0 ? entries : entries.filter { !$0.isGhost }
        let keyed = keys.isEmpty ? [] : records.lazy.filter { $0.flags.contains(.hasKeys) }
            .map { FlatRoster.KeyedInbox(inbox: $0.inbox, keys: keys[$0.inbox] ?? []) }
        return FlatRoster(arena: ids.arena, lengths: lengths, records: records, keys: Array(keyed))
    }

    /// The roster a snapshot's flat arrays describe, after checking everything a roster built
    /// record by record guarantees: distinct, valid inbox IDs; each inbox's record once, in
    /// strictly increasing ordinal order; known numbers; keys exactly for the records flagged
    /// as holding some, none recorded twice or for two current members.
    init(flat: FlatRoster) throws(InconsistentState) {
        let ends = try flat.identifierEnds()
        guard let ids = InboxTable(arena: flat.arena, ends: ends) else {
            throw InconsistentState(reason: "an inbox ID appears twice in the snapshot's ID arena")
        }
        self.ids = ids
        places = [Int32](repeating: -1, count: ids.count)
        order.reserveCapacity(flat.records.count)
        for (place, record) in flat.records.enumerated() {
            if place > 0 && record.ordinal <= flat.records[place - 1].ordinal {
                throw InconsistentState(reason: "member records are not in strictly increasing ordinal order at record \(place)")
            }
            try admit(record, at: place)
        }
        entries = flat.records
        try admitKeys(flat.keys)
    }

    /// Checks and indexes the record at `place` of a flat roster.
    private mutating func admit(_ record: PackedRecord, at place: Int) throws(InconsistentState) {
        let count = UInt32(truncatingIfNeeded: ids.count)
        guard record.inbox < count, record.adder < count || record.adder == PackedRecord.noAdder else {
            throw InconsistentState(reason: "member record \(place) names inbox number \(max(record.inbox, record.adder)) of \(count)")
        }
        let inbox = ids.inbox(Int(record.inbox))
        guard record.flags.isSubset(of: PackedRecord.Flags.all.subtracting(.isGhost)) else {
            throw InconsistentState(reason: "member record of \(inbox) has unknown flags \(record.flags.rawValue)")
        }
        guard places[Int(record.inbox)] < 0 else { throw InconsistentState(reason: "\(inbox) appears twice") }
        let position = Int32(truncatingIfNeeded: place)
        places[Int(record.inbox)] = position
        recordCount += 1
        nextOrdinal = max(nextOrdinal, record.ordinal &+ 1)
        guard record.isCurrent else { return }
        headcount += 1
        indexRole(record.role, of: inbox)
        order.append(position)
    }

    /// Checks and indexes the keys of a flat roster, once its records are in.
    private mutating func admitKeys(_ keyed: [FlatRoster.KeyedInbox]) throws(InconsistentState) {
        var flagged = entries.lazy.filter { $0.flags.contains(.hasKeys) }.makeIterator()
        for entry in keyed {
            guard let record = flagged.next(), record.inbox == entry.inbox else {
                throw InconsistentState(reason: "the snapshot's keys do not follow the records flagged as holding some")
            }
            let inbox = ids.inbox(Int(record.inbox))
            guard !entry.keys.isEmpty, Set(entry.keys).count == entry.keys.count else {
                throw InconsistentState(reason: "\(inbox) has an empty key list or a signing key recorded twice")
            }
            if record.isCurrent, let key = entry.keys.first(where: { keyOwners[$0] != nil }), let owner = keyOwners[key] {
                throw InconsistentState(reason: "signing key \(key) is recorded for both \(owner) and \(inbox)")
            }
            keys[record.inbox] = entry.keys
            rememberKeys(of: record, inbox: inbox)
        }
        if flagged.next() != nil {
            throw InconsistentState(reason: "a record flagged as holding keys has none in the snapshot")
        }
    }
}
