/// The fields of a ``Roster``, in one box shared by its copies, in the manner of
/// ``GroupStateStorage``: `Roster` replaces a shared box with a copy before any write, so a box
/// is only ever mutated while one roster holds it.
final class RosterStorage: @unchecked Sendable {
    // Mutated only through `Roster`'s accessors, after the uniqueness check.
    @exclusivity(unchecked) var entries: [Roster.Entry] = []
    @exclusivity(unchecked) var ghosts = 0
    @exclusivity(unchecked) var index = PlaceIndex()
    @exclusivity(unchecked) var order: [Int32] = []
    @exclusivity(unchecked) var holes = 0
    @exclusivity(unchecked) var nextOrdinal: UInt64 = 0
    @exclusivity(unchecked) var headcount = 0
    @exclusivity(unchecked) var admins = PlaceSet()
    @exclusivity(unchecked) var superAdmins = PlaceSet()
    @exclusivity(unchecked) var keyOwners: [PublicKey: InboxID] = [:]
    @exclusivity(unchecked) var keyedRecords = 0
    @exclusivity(unchecked) var recordCount = 0
    @exclusivity(unchecked) var touched: [InboxID]?
    /// The IDs and keys loaded records name by number; nil for a roster never loaded.
    @exclusivity(unchecked) var names: LoadedNames?

    init() {}

    /// A box holding the same fields, whose collections stay shared until written.
    func copy() -> RosterStorage {
        let copy = RosterStorage()
        copy.entries = entries
        copy.ghosts = ghosts
        copy.index = index
        copy.order = order
        copy.holes = holes
        copy.nextOrdinal = nextOrdinal
        copy.headcount = headcount
        copy.admins = admins
        copy.superAdmins = superAdmins
        copy.keyOwners = keyOwners
        copy.keyedRecords = keyedRecords
        copy.recordCount = recordCount
        copy.touched = touched
        copy.names = names
        return copy
    }

    /// The index's slot for `inbox` and the place of its record, if it has one: the empty
    /// slot where it would go when it has none.
    ///
    /// Candidates are compared as strings, which for IDs of up to 15 bytes is one comparison
    /// of two words; a record a load left packed, against its ID's bytes in `names`. Only the
    /// candidate's ID is copied out of the entries before it is compared: comparing the entry
    /// where it lay kept the entries, the slots and the names retained over the whole probe
    /// and copied the whole record (issue 18).
    func find(_ inbox: InboxID, hash: UInt64) -> (slot: Int, place: Int?) {
        guard var slot = index.firstSlot(of: hash) else { return (0, nil) }
        while true {
            let candidate = index.candidate(from: slot, hash: hash)
            guard let place = candidate.place else { return candidate }
            if entries[place].name.names(inbox, in: names) { return candidate }
            slot = index.slot(after: candidate.slot)
        }
    }

    /// Indexes every record afresh, in room for `capacity` inboxes.
    func rebuildIndex(capacity: Int) {
        entries.withUnsafeBufferPointer { index.rebuild(capacity: capacity, from: $0, names: names) }
    }

    /// Refuses a snapshot's ID arena that names an inbox twice where the twice is not a
    /// record's: the index, built from the records, has already refused two records with one ID.
    /// - Parameter recorded: a bit for each number of ``names`` a record has taken.
    func refuseRepeatsAmongAdders(recorded: [UInt64]) throws(InconsistentState) {
        guard let names else { return }
        var unrecorded: Set<InboxID> = []
        for number in 0..<names.count where recorded[number >> 6] & 1 << (number & 63) == 0 {
            let name = names.name(UInt32(truncatingIfNeeded: number))
            guard find(name, hash: PlaceIndex.hash(of: name)).place == nil, unrecorded.insert(name).inserted else {
                throw InconsistentState(reason: "an inbox ID appears twice in the snapshot's ID arena")
            }
        }
    }
}
