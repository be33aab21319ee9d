import CPrefetch

/// The member records of a conversation, indexed so that every change costs the same whatever
/// the group's size: lookups by inbox, the join order for paging, counts and the admin lists are
/// all kept up to date record by record, never rebuilt by a scan.
///
/// Records live in one array in ordinal order, which is the order a snapshot writes them in, so
/// encoding needs no sort. A ``PlaceIndex`` finds an inbox's record by its ID, comparing against
/// the ID the record holds: a snapshot stores the records as flat arrays (``FlatRoster``) and
/// loads them back without hashing a string through `Dictionary` (issue 18).
struct Roster: Equatable, Sendable {
    /// Every field, in one box: reading the roster out of a state copies one reference, not a
    /// dozen arrays' (issue 18: each member lookup of the fold paid for that copy).
    private var box = RosterStorage()

    /// Every record, current and former, in increasing ordinal order, with the ghosts of moved
    /// records; compacted once the ghosts outnumber the records.
    private var entries: [Entry] { _read { yield box.entries } _modify { yield &unique.entries } }
    private var ghosts: Int { _read { yield box.ghosts } _modify { yield &unique.ghosts } }
    /// Where each inbox's record (never a ghost) is in `entries`.
    private var index: PlaceIndex { _read { yield box.index } _modify { yield &unique.index } }
    /// The places in `entries` of current members, in ordinal order, with holes where members
    /// left or moved; compacted once the holes outnumber the members, so it never grows with churn.
    private var order: [Int32] { _read { yield box.order } _modify { yield &unique.order } }
    private var holes: Int { _read { yield box.holes } _modify { yield &unique.holes } }
    /// The ordinal the next inbox to become a member gets.
    private(set) var nextOrdinal: UInt64 { _read { yield box.nextOrdinal } _modify { yield &unique.nextOrdinal } }
    /// Current members in any state: what the member limit counts.
    private(set) var headcount: Int { _read { yield box.headcount } _modify { yield &unique.headcount } }
    /// The places in `entries` of the current admins and super admins: bits rather than IDs, so
    /// that a load makes no string for them and a role change hashes nothing (issue 18: a fifth
    /// of a full snapshot's decode in a state read, as sets of IDs).
    private(set) var admins: PlaceSet { _read { yield box.admins } _modify { yield &unique.admins } }
    private(set) var superAdmins: PlaceSet { _read { yield box.superAdmins } _modify { yield &unique.superAdmins } }
    /// Each key recorded for a current member, to that member: a key is recorded for at most one
    /// current member (SPEC section 14).
    private(set) var keyOwners: [PublicKey: InboxID] { _read { yield box.keyOwners } _modify { yield &unique.keyOwners } }
    /// How many records, current or former, hold at least one key.
    private(set) var keyedRecords: Int { _read { yield box.keyedRecords } _modify { yield &unique.keyedRecords } }
    /// Current and former members.
    private(set) var recordCount: Int { _read { yield box.recordCount } _modify { yield &unique.recordCount } }
    /// The inboxes whose records were put since ``startTracking()``, repeats included, for an
    /// incremental snapshot; nil when not tracking, or once more were put than such a snapshot
    /// is worth (``trackingLimit``).
    private(set) var touched: [InboxID]? { _read { yield box.touched } _modify { yield &unique.touched } }

    /// The box, for a write: a shared one is copied first, so that no other roster sees the write.
    private var unique: RosterStorage {
        @inline(__always) mutating get {
            if !isKnownUniquelyReferenced(&box) { box = box.copy() }
            return box
        }
    }

    subscript(inbox: InboxID) -> MemberRecord? {
        let box = self.box
        guard let place = box.find(inbox, hash: PlaceIndex.hash(of: inbox)).place else { return nil }
        return box.entries[place].record(in: box.names, inbox: inbox)
    }

    /// The role and state of the inbox's record, without making the record: what a commit's
    /// actor is judged on (issue 18: copying the actor's record, its IDs and keys retained and
    /// released, was a twentieth of the fold).
    /// - Parameter hash: the inbox's ``PlaceIndex/hash(of:)``, when the caller has it already.
    func roleAndState(of inbox: InboxID, hash: UInt64? = nil) -> (role: Role, state: MemberState)? {
        place(of: inbox, hash: hash).map { box.entries[$0].roleAndState }
    }

    /// The ordinal of the inbox's record, without making the record.
    func ordinal(of inbox: InboxID) -> UInt64? {
        place(of: inbox).map { box.entries[$0].ordinal }
    }

    /// Where the inbox's record is in the entries; `hash` is its ``PlaceIndex/hash(of:)`` when
    /// the caller has it already.
    private func place(of inbox: InboxID, hash: UInt64? = nil) -> Int? {
        box.find(inbox, hash: hash ?? PlaceIndex.hash(of: inbox)).place
    }

    /// The first half of a lookup of the inbox hashing to `hash` (``PlaceIndex/hash(of:)``), done
    /// ahead of it: asks the CPU for its index slot. This and the next two are
    /// ``LookAheadView``'s stages for a loop that changes the roster between lookups (applying
    /// deltas), reading the box at each call. The fold's `RosterLookAhead` asks through a view,
    /// made afresh for each commit, since nothing changes the roster while it asks.
    func prefetchSlot(hash: UInt64) {
        box.index.prefetchSlot(hash: hash)
    }

    /// The second half, once the slot has had time to arrive: asks for the record it leads to.
    func prefetchRecord(hash: UInt64) {
        let box = self.box
        guard let place = box.index.likelyPlace(hash: hash) else { return }
        box.entries.withUnsafeBufferPointer { entries in
            if place < entries.count {
                let entry = UnsafeRawPointer(entries.baseAddress! + place)
                grouplog_prefetch(entry)
                grouplog_prefetch(entry + MemoryLayout<Entry>.size - 1)
            }
        }
    }

    /// The third, for a record a load left packed, once the record has arrived: asks for its
    /// ID's bytes, which a lookup compares against.
    func prefetchName(hash: UInt64) {
        let box = self.box
        guard let names = box.names, let place = box.index.likelyPlace(hash: hash), place < box.entries.count,
              case let .loaded(packed) = box.entries[place].content else { return }
        names.prefetch(packed.inbox)
    }

    /// `body` of a view of this roster for asking ahead of lookups, valid only within the call
    /// and while the roster is not changed: a loop that only reads asks through it at every
    /// step without reading the roster's box, whose arrays were retained and released at each
    /// read (issue 18: a quarter of flattening a large roster).
    func withLookAhead<Result>(_ body: (LookAheadView) -> Result) -> Result {
        let box = self.box
        return box.entries.withUnsafeBufferPointer { entries in
            box.index.withSlots { slots in
                body(LookAheadView(slots: slots, entries: entries, names: box.names, isOn: box.recordCount >= RosterLookAhead.minimumRecords))
            }
        }
    }

    /// The records of `inboxes`, each once, in ordinal order; an inbox without one is skipped.
    /// Sorted by place, which is ordinal order, so that no record is moved or hashed to sort or
    /// to drop a repeat. Looked up asking ahead (``withLookAhead(_:)``): an incremental snapshot's
    /// inboxes are scattered over the roster (issue 18: 2% of an ingest's writing thread).
    func records(of inboxes: [InboxID]) -> [MemberRecord] {
        let box = self.box
        let hashes = inboxes.map { PlaceIndex.hash(of: $0) }
        var places: [Int] = []
        places.reserveCapacity(inboxes.count)
        withLookAhead { view in
            hashes.withUnsafeBufferPointer { hashes in
                for (position, inbox) in inboxes.enumerated() {
                    view.ask(hashes, before: position)
                    if let place = box.find(inbox, hash: hashes[position]).place { places.append(place) }
                }
            }
        }
        places.sort()
        var records: [MemberRecord] = []
        records.reserveCapacity(places.count)
        for (index, place) in places.enumerated() where index == 0 || places[index - 1] != place {
            records.append(box.entries[place].record(in: box.names))
        }
        return records
    }

    /// Every record, current and former, in ordinal order.
    var records: LazyMapSequence<LazyFilterSequence<[Entry]>, MemberRecord> {
        let names = box.names
        return entries.lazy.filter { !$0.isGhost }.map { $0.record(in: names) }
    }

    static func == (lhs: Roster, rhs: Roster) -> Bool {
        // Ghosts and holes are bookkeeping: two rosters with the same records are the same.
        lhs.recordCount == rhs.recordCount && lhs.nextOrdinal == rhs.nextOrdinal && lhs.records.elementsEqual(rhs.records)
    }

    /// Stores `record` in place of the inbox's previous one and updates every index. Records
    /// that take a new ordinal must come in increasing ordinal order. `hash`, when the caller
    /// has it, is the inbox's ``PlaceIndex/hash(of:)``.
    /// - Returns: the ordinal of the record replaced; nil when the inbox had none. A caller
    ///   that checks it learns it from the put's own lookup instead of one of its own (issue 18:
    ///   a tenth of applying an incremental snapshot's records).
    /// The record is taken, not borrowed, and stored after every read of it, so that a caller
    /// handing over its last use moves it in instead of copying it (issue 18).
    @discardableResult
    mutating func put(_ record: __owned MemberRecord, hash: UInt64? = nil) -> UInt64? {
        if box.touched != nil { noteTouched(record.inbox) }
        let hash = hash ?? PlaceIndex.hash(of: record.inbox)
        let (slot, found) = box.find(record.inbox, hash: hash)
        guard let place = found else {
            append(record, slot: slot, hash: hash, isNew: true)
            return nil
        }
        // What the bookkeeping needs of the record replaced, read without making it: unpacking a
        // loaded record makes its adder's string, and copying a record retains its strings and
        // keys (issue 18: about a quarter of the puts' time in a state read). Only keys need the
        // whole record.
        let old = box.entries[place].standing
        if old.holdsKeys { forgetKeys(of: box.entries[place].record(in: box.names, inbox: record.inbox)) }
        // A current member who stays current in the same role stays where the counts and the
        // admin lists have it: taking an admin out of its set and putting it back cost two
        // hashes of its ID for nothing (issue 18: two fifths of an incremental snapshot's puts).
        let sameStanding = old.isCurrent && record.isCurrent && old.role == record.role && old.ordinal == record.ordinal
        if old.isCurrent && !sameStanding {
            headcount -= 1
            unindexRole(old.role, at: place)
        }
        if old.ordinal == record.ordinal {
            rememberKeys(of: record)
            if old.isCurrent && !record.isCurrent {
                holes += 1
            } else if !old.isCurrent && record.isCurrent {
                reenter(place)
            }
            if record.isCurrent && !sameStanding {
                headcount += 1
                indexRole(of: record, at: place)
            }
            entries[place].content = .record(record)
        } else {
            entries[place].isGhost = true
            ghosts += 1
            if old.isCurrent { holes += 1 }
            append(record, slot: slot, hash: hash, isNew: false)
        }
        compactIfSparse()
        return old.ordinal
    }

    /// Appends the first record of an inbox restored from a snapshot, after checking that it
    /// follows the previous one; `addedBy` shares the previous record's string when it names
    /// the same inbox, as a batch's records all do, so that a restored roster holds one copy.
    /// - Throws: ``InconsistentState`` when the inbox already has a record or the ordinals do
    ///   not rise strictly.
    mutating func restore(_ record: MemberRecord) throws(InconsistentState) {
        var record = record
        if let previous = entries.last {
            guard record.ordinal > previous.ordinal else {
                throw InconsistentState(reason: "member records are not in strictly increasing ordinal order at \(record.inbox)")
            }
            if case let .record(previous) = previous.content, let adder = previous.adder, record.adder == adder { record.adder = adder }
        }
        if !record.keys.isEmpty {
            if Set(record.keys).count != record.keys.count {
                throw InconsistentState(reason: "\(record.inbox) has a signing key recorded twice")
            }
            if record.isCurrent, let key = record.keys.first(where: { keyOwners[$0] != nil }), let owner = keyOwners[key] {
                throw InconsistentState(reason: "signing key \(key) is recorded for both \(owner) and \(record.inbox)")
            }
        }
        let hash = PlaceIndex.hash(of: record.inbox)
        let (slot, found) = box.find(record.inbox, hash: hash)
        if found != nil {
            throw InconsistentState(reason: "\(record.inbox) appears twice")
        }
        append(record, slot: slot, hash: hash, isNew: true)
    }

    /// Starts noting the inboxes whose records are put, afresh.
    mutating func startTracking() {
        touched = []
    }

    /// How many puts are noted before tracking stops: past a quarter of the records, an
    /// incremental snapshot would weigh about what a full one does.
    var trackingLimit: Int { max(4_096, recordCount / 4) }

    private mutating func noteTouched(_ inbox: InboxID) {
        if touched!.count < trackingLimit { touched!.append(inbox) } else { touched = nil }
    }

    /// Makes room for `count` records, so that restoring a large snapshot does not rehash.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        order.reserveCapacity(count)
        if !index.holds(count) { unique.rebuildIndex(capacity: count) }
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
        return entry.isGhost || !entry.isCurrent ? nil : entry.record(in: box.names)
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

    /// Adds `record` at the end of the entries and points the index's `slot` (as
    /// ``PlaceIndex/find(_:hash:in:)`` gave it for the record's inbox) at it; `isNew` when the
    /// inbox had no record before.
    private mutating func append(_ record: __owned MemberRecord, slot: Int, hash: UInt64, isNew: Bool) {
        let place = entries.count
        // Counted and indexed before it is stored, its last use, so that it is moved in.
        enter(record, at: Int32(truncatingIfNeeded: place))
        entries.append(Entry(record: record))
        if isNew { recordCount += 1 }
        if index.holds(recordCount) {
            index.set(slot, hash: hash, place: place)
        } else {
            // Growing indexes every record afresh, the new one with them.
            unique.rebuildIndex(capacity: recordCount)
        }
    }

    /// Counts and indexes a record newly at `place`, the last of the entries.
    private mutating func enter(_ record: MemberRecord, at place: Int32) {
        nextOrdinal = max(nextOrdinal, record.ordinal + 1)
        rememberKeys(of: record)
        guard record.isCurrent else { return }
        headcount += 1
        indexRole(of: record, at: Int(place))
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
            // Every place moves: point the index at the new ones and rebuild the join order and
            // the admin lists.
            var moved = [Int32](repeating: -1, count: entries.count)
            var next: Int32 = 0
            for (place, entry) in entries.enumerated() where !entry.isGhost {
                moved[place] = next
                next += 1
            }
            index.remap(moved)
            entries.removeAll { $0.isGhost }
            ghosts = 0
            order.removeAll(keepingCapacity: true)
            holes = 0
            admins = PlaceSet()
            superAdmins = PlaceSet()
            for (place, entry) in entries.enumerated() where entry.isCurrent {
                order.append(Int32(truncatingIfNeeded: place))
                switch entry.standing.role {
                case .admin: admins.insert(place)
                case .superAdmin: superAdmins.insert(place)
                default: break
                }
            }
        } else if holes > 64 && holes > order.count / 2 {
            let entries = self.entries
            order.removeAll { entries[Int($0)].isGhost || !entries[Int($0)].isCurrent }
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

    /// Puts `record`, a current member's at `place`, into the admin list of its role.
    private mutating func indexRole(of record: MemberRecord, at place: Int) {
        switch record.role {
        case .admin: admins.insert(place)
        case .superAdmin: superAdmins.insert(place)
        default: break
        }
    }

    /// Takes the record at `place`, which held `role`, out of the admin lists.
    private mutating func unindexRole(_ role: Role, at place: Int) {
        switch role {
        case .admin: admins.remove(place)
        case .superAdmin: superAdmins.remove(place)
        default: break
        }
    }
}

extension Roster {
    /// Whether `inbox` is a current admin (not a super admin).
    func isAdmin(_ inbox: InboxID) -> Bool { place(of: inbox).map(admins.contains) ?? false }

    /// Whether `inbox` is a current super admin.
    func isSuperAdmin(_ inbox: InboxID) -> Bool { place(of: inbox).map(superAdmins.contains) ?? false }

    /// The current admins (not the super admins), in join order.
    var adminInboxes: [InboxID] { inboxes(at: admins) }

    /// The current super admins, in join order.
    var superAdminInboxes: [InboxID] { inboxes(at: superAdmins) }

    /// The inboxes of the records at `places`, in place order, which is ordinal order.
    private func inboxes(at places: PlaceSet) -> [InboxID] {
        let box = self.box
        return places.sorted.map { box.entries[$0].record(in: box.names).inbox }
    }
}

extension Roster {
    /// The roster as flat arrays, for a snapshot (``FlatRoster``). Inboxes are numbered in
    /// record order, so that two rosters holding the same records flatten to the same arrays;
    /// an adder without a record of its own, which only a restored state may name, is numbered
    /// after them.
    var flat: FlatRoster {
        let box = self.box
        // A record's number is its place among the records: its place in the entries, less the
        // ghosts before it. A constant, so that the closure below captures it by value.
        let numbers: [Int32] = box.ghosts == 0 ? [] : {
            var numbers: [Int32] = []
            numbers.reserveCapacity(box.entries.count)
            var next: Int32 = 0
            for entry in box.entries {
                numbers.append(next)
                if !entry.isGhost { next += 1 }
            }
            return numbers
        }()
        // Each record's adder is looked up for its number: where adders vary (members adding
        // members) each lookup missed the cache, a sixth of an ingest's writing thread in
        // saving full snapshots (issue 18). The adders' hashes are taken first, in one pass,
        // for the lookups to ask ahead (``withLookAhead(_:)``); in a roster small enough to
        // stay in the caches, where nothing is asked ahead, each is hashed when looked up (the
        // pass hashed adders the builder never looks up: 13% more instructions saving the
        // quick benchmark's snapshots).
        let names = box.names
        var builder = FlatRosterBuilder(count: box.recordCount)
        withLookAhead { view in
            let entries = view.entries
            let adderHashes = view.isOn ? Self.adderHashes(of: entries, names: names) : []
            adderHashes.withUnsafeBufferPointer { adderHashes in
                func number(of adder: InboxID, at place: Int) -> UInt32? {
                    // The pass leaves 0 where it expects no lookup: the adder is hashed here then.
                    let hash = view.isOn && adderHashes[place] != 0 ? adderHashes[place] : PlaceIndex.hash(of: adder)
                    return box.find(adder, hash: hash).place.map { UInt32(truncatingIfNeeded: numbers.isEmpty ? $0 : Int(numbers[$0])) }
                }
                for place in entries.indices where !entries[place].isGhost {
                    view.ask(adderHashes, before: place)
                    // A built record is packed as it is: made into a record first, as a loaded
                    // one must be, it was copied twice more, retained and released field by
                    // field (issue 18).
                    builder.append(entries[place], names: names) { number(of: $0, at: place) }
                }
            }
        }
        return builder.finish()
    }

    /// The hash of each entry's adder that flattening looks up, for the lookups to ask ahead:
    /// 0 for a ghost, for a record without an adder or added by itself, and for one added by
    /// the adder looked up last, which ``FlatRosterBuilder`` numbers without a lookup (a batch
    /// of members has one adder). Hashing every adder was half of flattening a large roster
    /// (issue 18).
    private static func adderHashes(of entries: UnsafeBufferPointer<Entry>, names: LoadedNames?) -> [UInt64] {
        var hashes = [UInt64](repeating: 0, count: entries.count)
        var last: Entry.Name?
        for place in entries.indices where !entries[place].isGhost {
            guard let adder = entries[place].otherAdder, adder != last else { continue }
            hashes[place] = adder.hash(in: names)
            last = adder
        }
        return hashes
    }

    /// The roster of flat arrays (``FlatRoster``), checked as ``init(source:)`` checks a
    /// snapshot's.
    init(flat: FlatRoster) throws(InconsistentState) {
        self = try flat.withSource { (source) throws(InconsistentState) in try Roster(source: source) }
    }

    /// The roster a snapshot's flat roster describes, after checking everything a roster built
    /// record by record guarantees: distinct, valid inbox IDs; each inbox's record once, in
    /// strictly increasing ordinal order; known numbers; keys exactly for the records flagged
    /// as holding some, none recorded twice or for two current members. Built in local arrays
    /// and handed to a fresh box at the end, so that no write goes through a uniqueness check.
    ///
    /// The records come a chunk at a time into one small buffer, which stays in the cache, and
    /// stay packed in the entries, naming their inboxes and adders by number into the IDs'
    /// bytes, copied once (``LoadedNames``): only the keyed members' IDs become strings here.
    /// Each entry is written into uninitialized room rather than appended (issue 18: 84
    /// instructions a member fewer). The index comes from the source's
    /// ``FlatRosterSource/arenaIndex`` when it has one and the records are numbered in record
    /// order; otherwise the IDs are hashed here.
    init(source: FlatRosterSource) throws(InconsistentState) {
        let names = try LoadedNames(source)
        let count = UInt32(truncatingIfNeeded: names.count)
        // Which numbers a record has taken, a bit each.
        var recorded = [UInt64](repeating: 0, count: (names.count + 63) / 64)
        var order: [Int32] = []
        order.reserveCapacity(source.recordCount + source.spareRecords)
        var headcount = 0, keyedRecords = 0
        // A bit per place for each role, made into the admin lists at the end.
        let roleWords = (source.recordCount + 63) / 64
        let adminBits = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: roleWords)
        let superAdminBits = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: roleWords)
        adminBits.initialize(repeating: 0)
        superAdminBits.initialize(repeating: 0)
        defer {
            adminBits.deallocate()
            superAdminBits.deallocate()
        }
        var keyOwners: [PublicKey: InboxID] = [:]
        var previousOrdinal: UInt64?
        var keyed = source.keys.makeIterator()
        var nextKeyed = keyed.next()
        var failure: InconsistentState?
        // Each record's inbox hashed from the arena's bytes while the record is at hand, unless
        // another thread indexes the arena.
        let hashesInline = source.arenaIndex == nil
        let hashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: source.recordCount)
        defer { hashes.deallocate() }
        HugePages.prefer(hashes)
        // Whether record `p` is inbox `p` throughout, as a roster numbers them.
        var numberedInRecordOrder = true
        // At least one record's room, so that a roster of none (bytes no state writes, but a
        // decoder must refuse, not trap on) still strides forward.
        let chunk = UnsafeMutableBufferPointer<PackedRecord>.allocate(capacity: max(1, min(source.recordCount, 4_096)))
        defer { chunk.deallocate() }
        let entries = [Entry](unsafeUninitializedCapacity: source.recordCount + source.spareRecords) { entries, initialized in
            HugePages.prefer(entries)
            do throws(InconsistentState) {
                for first in stride(from: 0, to: source.recordCount, by: chunk.count) {
                    let records = UnsafeMutableBufferPointer(rebasing: chunk[0..<min(chunk.count, source.recordCount - first)])
                    try source.readRecords(first, records)
                    for (offset, packed) in records.enumerated() {
                        let place = first + offset
                        guard packed.inbox < count, packed.adder < count || packed.adder == PackedRecord.noAdder else {
                            throw InconsistentState(reason: "member record \(place) names inbox number \(max(packed.inbox, packed.adder)) of \(count)")
                        }
                        let number = Int(packed.inbox)
                        guard packed.flags.isSubset(of: PackedRecord.Flags.all) else {
                            throw InconsistentState(reason: "member record of \(names.name(packed.inbox)) has unknown flags \(packed.flags.rawValue)")
                        }
                        let bit: UInt64 = 1 << (number & 63)
                        guard recorded[number >> 6] & bit == 0 else { throw InconsistentState(reason: "\(names.name(packed.inbox)) appears twice") }
                        recorded[number >> 6] |= bit
                        if let previousOrdinal, packed.ordinal <= previousOrdinal {
                            throw InconsistentState(reason: "member records are not in strictly increasing ordinal order at \(names.name(packed.inbox))")
                        }
                        guard packed.ordinal < UInt64.max else {
                            throw InconsistentState(reason: "\(names.name(packed.inbox)) has ordinal \(packed.ordinal), which no next ordinal is above")
                        }
                        previousOrdinal = packed.ordinal
                        if hashesInline { hashes[place] = PlaceIndex.hash(of: names.bytes(packed.inbox)) }
                        numberedInRecordOrder = numberedInRecordOrder && Int(packed.inbox) == place
                        if packed.flags.contains(.hasKeys) {
                            let keys = try Roster.keys(numbered: packed.inbox, in: names, from: &nextKeyed, &keyed)
                            keyedRecords += 1
                            if packed.isCurrent {
                                let owner = names.name(packed.inbox)
                                for key in keys {
                                    if let other = keyOwners.updateValue(owner, forKey: key) {
                                        throw InconsistentState(reason: "signing key \(key) is recorded for both \(other) and \(owner)")
                                    }
                                }
                            }
                        }
                        if packed.isCurrent {
                            headcount += 1
                            order.append(Int32(truncatingIfNeeded: place))
                            if packed.role == .admin {
                                adminBits[place >> 6] |= 1 << (place & 63)
                            } else if packed.role == .superAdmin {
                                superAdminBits[place >> 6] |= 1 << (place & 63)
                            }
                        }
                        entries.initializeElement(at: place, to: Entry(loaded: packed))
                        initialized += 1
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
        let capacity = entries.count + source.spareRecords
        var index: PlaceIndex?
        if numberedInRecordOrder, let built = source.arenaIndex?(), built.count == entries.count, built.capacity == capacity {
            index = built.index
        } else {
            if !hashesInline {
                for place in entries.indices { hashes[place] = entries[place].hash(in: names) }
            }
            index = entries.withUnsafeBufferPointer { entries in
                PlaceIndex(hashes: UnsafeBufferPointer(hashes), capacity: capacity) {
                    guard case let .loaded(first) = entries[$0].content, case let .loaded(second) = entries[$1].content else { return false }
                    return names.same(first.inbox, second.inbox)
                }
            }
        }
        guard let index else { throw InconsistentState(reason: "an inbox ID appears twice in the snapshot's ID arena") }
        let box = RosterStorage()
        box.names = names
        box.index = index
        box.entries = entries
        if entries.count < names.count { try box.refuseRepeatsAmongAdders(recorded: recorded) }
        box.order = order
        box.recordCount = entries.count
        box.headcount = headcount
        box.nextOrdinal = previousOrdinal.map { $0 + 1 } ?? 0
        box.admins = PlaceSet(words: UnsafeBufferPointer(adminBits))
        box.superAdmins = PlaceSet(words: UnsafeBufferPointer(superAdminBits))
        box.keyOwners = keyOwners
        box.keyedRecords = keyedRecords
        self.box = box
    }

    /// The keys of the record flagged as holding some at inbox `number`: the next entry of the
    /// flat roster's key list, which must be its, non-empty and without a key twice.
    static func keys(
        numbered number: UInt32, in names: LoadedNames, from nextKeyed: inout FlatRoster.KeyedInbox?,
        _ keyed: inout IndexingIterator<[FlatRoster.KeyedInbox]>
    ) throws(InconsistentState) -> [PublicKey] {
        guard let entry = nextKeyed else {
            throw InconsistentState(reason: "\(names.name(number)) is flagged as holding keys but has none in the snapshot")
        }
        guard entry.inbox == number else {
            throw InconsistentState(reason: "the snapshot's keys do not follow the records flagged as holding some")
        }
        guard !entry.keys.isEmpty, Set(entry.keys).count == entry.keys.count else {
            throw InconsistentState(reason: "\(names.name(number)) has an empty key list or a signing key recorded twice")
        }
        nextKeyed = keyed.next()
        return entry.keys
    }
}
