/// The member records of a conversation, indexed so that every change costs the same whatever
/// the group's size: lookups by inbox, the join order for paging, counts and the admin lists are
/// all kept up to date record by record, never rebuilt by a scan.
///
/// Records live in one array in ordinal order, which is the order a snapshot writes them in, so
/// encoding needs no sort. Each inbox has a number in an ``InboxTable``, which holds its ID once
/// (the records share its string), and a plain array maps the number to the record's place: a
/// snapshot stores the table and the records as flat arrays (``FlatRoster``) and loads them
/// back without hashing a string through `Dictionary` (issue 18).
struct Roster: Equatable, Sendable {
    /// One place in `entries`: a record, or the ghost a record left when it moved to the end
    /// with a new ordinal. A ghost keeps its ordinal, so that the entries stay sorted by it.
    struct Entry: Equatable, Sendable {
        var record: MemberRecord
        /// The record's inbox number in ``Roster/ids``.
        var number: Int32
        var isGhost = false
    }

    /// Every field, in one box: reading the roster out of a state copies one reference, not a
    /// dozen arrays' (issue 18: each member lookup of the fold paid for that copy).
    private var box = RosterStorage()

    /// Every record, current and former, in increasing ordinal order, with the ghosts of moved
    /// records; compacted once the ghosts outnumber the records.
    private var entries: [Entry] { _read { yield box.entries } _modify { yield &unique.entries } }
    private var ghosts: Int { _read { yield box.ghosts } _modify { yield &unique.ghosts } }
    /// Every inbox with a record, numbered.
    private var ids: InboxTable { _read { yield box.ids } _modify { yield &unique.ids } }
    /// Where each inbox's record is in `entries`, by inbox number.
    private var places: [Int32] { _read { yield box.places } _modify { yield &unique.places } }
    /// The places in `entries` of current members, in ordinal order, with holes where members
    /// left or moved; compacted once the holes outnumber the members, so it never grows with churn.
    private var order: [Int32] { _read { yield box.order } _modify { yield &unique.order } }
    private var holes: Int { _read { yield box.holes } _modify { yield &unique.holes } }
    /// The ordinal the next inbox to become a member gets.
    private(set) var nextOrdinal: UInt64 { _read { yield box.nextOrdinal } _modify { yield &unique.nextOrdinal } }
    /// Current members in any state: what the member limit counts.
    private(set) var headcount: Int { _read { yield box.headcount } _modify { yield &unique.headcount } }
    private(set) var admins: Set<InboxID> { _read { yield box.admins } _modify { yield &unique.admins } }
    private(set) var superAdmins: Set<InboxID> { _read { yield box.superAdmins } _modify { yield &unique.superAdmins } }
    /// Each key recorded for a current member, to that member: a key is recorded for at most one
    /// current member (SPEC section 14).
    private(set) var keyOwners: [PublicKey: InboxID] { _read { yield box.keyOwners } _modify { yield &unique.keyOwners } }
    /// How many records, current or former, hold at least one key.
    private(set) var keyedRecords: Int { _read { yield box.keyedRecords } _modify { yield &unique.keyedRecords } }
    /// Current and former members.
    private(set) var recordCount: Int { _read { yield box.recordCount } _modify { yield &unique.recordCount } }

    /// The box, for a write: a shared one is copied first, so that no other roster sees the write.
    private var unique: RosterStorage {
        @inline(__always) mutating get {
            if !isKnownUniquelyReferenced(&box) { box = box.copy() }
            return box
        }
    }

    subscript(inbox: InboxID) -> MemberRecord? {
        guard let number = ids.number(of: inbox) else { return nil }
        let place = Int(places[number])
        return place < 0 ? nil : entries[place].record
    }

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
        let number = ids.number(of: record.inbox)
        guard let number, places[number] >= 0 else {
            append(record, number: number)
            return
        }
        let place = Int(places[number])
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
            append(record, number: number)
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
        let number = ids.number(of: record.inbox)
        if let number, places[number] >= 0 {
            throw InconsistentState(reason: "\(record.inbox) appears twice")
        }
        append(record, number: number)
    }

    /// Makes room for `count` records, so that restoring a large snapshot does not rehash.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        ids.reserveCapacity(count)
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

    /// Adds `record` at the end of the entries; `number` is its inbox's when the caller looked it
    /// up already, nil for an inbox the table does not hold yet.
    private mutating func append(_ record: MemberRecord, number known: Int?) {
        let place = Int32(truncatingIfNeeded: entries.count)
        let number = known ?? ids.intern(record.inbox)
        if number == places.count { places.append(-1) }
        if places[number] < 0 { recordCount += 1 }
        places[number] = place
        entries.append(Entry(record: record, number: Int32(truncatingIfNeeded: number)))
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
                places[Int(entry.number)] = Int32(truncatingIfNeeded: place)
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

extension Roster {
    /// The roster as flat arrays, for a snapshot (``FlatRoster``). An adder without a record of
    /// its own is numbered in a copy of the table, which only the snapshot sees.
    var flat: FlatRoster {
        var table = ids
        var records: [PackedRecord] = []
        records.reserveCapacity(recordCount)
        var keyed: [FlatRoster.KeyedInbox] = []
        // A batch's records all name one adder: look it up once.
        var lastAdder: (inbox: InboxID, number: UInt32)?
        for entry in entries where !entry.isGhost {
            let record = entry.record
            let inbox = UInt32(truncatingIfNeeded: entry.number)
            var adder = PackedRecord.noAdder
            if let named = record.adder {
                if named == record.inbox {
                    adder = inbox
                } else if let last = lastAdder, last.inbox == named {
                    adder = last.number
                } else {
                    // Most adders have records, so the table holds them: a lookup copies nothing.
                    adder = UInt32(truncatingIfNeeded: table.number(of: named) ?? table.intern(named))
                    lastAdder = (named, adder)
                }
            }
            records.append(PackedRecord(record, inbox: inbox, adder: adder))
            if !record.keys.isEmpty { keyed.append(FlatRoster.KeyedInbox(inbox: inbox, keys: record.keys)) }
        }
        var lengths: [UInt8] = []
        lengths.reserveCapacity(table.count)
        var arena: [UInt8] = []
        arena.reserveCapacity(table.count * 16)
        for name in table.names {
            lengths.append(UInt8(truncatingIfNeeded: name.rawValue.utf8.count))
            arena.append(contentsOf: name.rawValue.utf8)
        }
        return FlatRoster(arena: arena, lengths: lengths, records: records, keys: keyed)
    }

    /// The roster a snapshot's flat arrays describe, after checking everything a roster built
    /// record by record guarantees: distinct, valid inbox IDs; each inbox's record once, in
    /// strictly increasing ordinal order; known numbers; keys exactly for the records flagged
    /// as holding some, none recorded twice or for two current members. Built in local arrays
    /// and handed to a fresh box at the end, so that no write goes through a uniqueness check.
    ///
    /// The records and the table's names are read through buffer pointers, since an element
    /// read through the array retained and released its buffer, and each entry is written into
    /// uninitialized room rather than appended (issue 18: 84 instructions a member fewer).
    init(flat: FlatRoster) throws(InconsistentState) {
        let ends = try flat.identifierEnds()
        guard let ids = InboxTable(arena: flat.arena, ends: ends) else {
            throw InconsistentState(reason: "an inbox ID appears twice in the snapshot's ID arena")
        }
        let count = UInt32(truncatingIfNeeded: ids.count)
        var places = [Int32](repeating: -1, count: ids.count)
        var order: [Int32] = []
        order.reserveCapacity(flat.records.count)
        var headcount = 0, keyedRecords = 0
        var admins: Set<InboxID> = [], superAdmins: Set<InboxID> = []
        var keyOwners: [PublicKey: InboxID] = [:]
        var previousOrdinal: UInt64?
        var keyed = flat.keys.makeIterator()
        var nextKeyed = keyed.next()
        var failure: InconsistentState?
        let entries = [Entry](unsafeUninitializedCapacity: flat.records.count) { entries, initialized in
            do throws(InconsistentState) {
                try ids.names.withUnsafeBufferPointer { (names) throws(InconsistentState) in
                    try flat.records.withUnsafeBufferPointer { (records) throws(InconsistentState) in
                        for place in records.indices {
                            let packed = records[place]
                            guard packed.inbox < count, packed.adder < count || packed.adder == PackedRecord.noAdder else {
                                throw InconsistentState(reason: "member record \(place) names inbox number \(max(packed.inbox, packed.adder)) of \(count)")
                            }
                            let number = Int(packed.inbox)
                            guard packed.flags.isSubset(of: PackedRecord.Flags.all) else {
                                throw InconsistentState(reason: "member record of \(names[number]) has unknown flags \(packed.flags.rawValue)")
                            }
                            guard places[number] < 0 else { throw InconsistentState(reason: "\(names[number]) appears twice") }
                            if let previousOrdinal, packed.ordinal <= previousOrdinal {
                                throw InconsistentState(reason: "member records are not in strictly increasing ordinal order at \(names[number])")
                            }
                            previousOrdinal = packed.ordinal
                            var keys: [PublicKey] = []
                            if packed.flags.contains(.hasKeys) {
                                keys = try Roster.keys(of: names[number], numbered: packed.inbox, from: &nextKeyed, &keyed)
                                keyedRecords += 1
                            }
                            let position = Int32(truncatingIfNeeded: place)
                            places[number] = position
                            if packed.isCurrent {
                                for key in keys {
                                    if let owner = keyOwners.updateValue(names[number], forKey: key) {
                                        throw InconsistentState(reason: "signing key \(key) is recorded for both \(owner) and \(names[number])")
                                    }
                                }
                                headcount += 1
                                order.append(position)
                                if packed.role == .admin { admins.insert(names[number]) } else if packed.role == .superAdmin { superAdmins.insert(names[number]) }
                            }
                            let adder = packed.adder == PackedRecord.noAdder ? nil : names[Int(packed.adder)]
                            entries.initializeElement(at: place, to: Entry(
                                record: packed.unpacked(inbox: names[number], adder: adder, keys: keys), number: Int32(truncatingIfNeeded: number)))
                            initialized += 1
                        }
                    }
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        if nextKeyed != nil {
            throw InconsistentState(reason: "the snapshot's keys do not follow the records flagged as holding some")
        }
        let box = RosterStorage()
        box.ids = ids
        box.places = places
        box.entries = entries
        box.order = order
        box.recordCount = entries.count
        box.headcount = headcount
        box.nextOrdinal = previousOrdinal.map { $0 + 1 } ?? 0
        box.admins = admins
        box.superAdmins = superAdmins
        box.keyOwners = keyOwners
        box.keyedRecords = keyedRecords
        self.box = box
    }

    /// The keys of the record flagged as holding some at `inbox`: the next entry of the flat
    /// roster's key list, which must be its, non-empty and without a key twice.
    private static func keys(
        of inbox: InboxID, numbered number: UInt32, from nextKeyed: inout FlatRoster.KeyedInbox?,
        _ keyed: inout IndexingIterator<[FlatRoster.KeyedInbox]>
    ) throws(InconsistentState) -> [PublicKey] {
        guard let entry = nextKeyed else {
            throw InconsistentState(reason: "\(inbox) is flagged as holding keys but has none in the snapshot")
        }
        guard entry.inbox == number else {
            throw InconsistentState(reason: "the snapshot's keys do not follow the records flagged as holding some")
        }
        guard !entry.keys.isEmpty, Set(entry.keys).count == entry.keys.count else {
            throw InconsistentState(reason: "\(inbox) has an empty key list or a signing key recorded twice")
        }
        nextKeyed = keyed.next()
        return entry.keys
    }
}
