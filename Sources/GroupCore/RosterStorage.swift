/// The fields of a ``Roster``, in one box shared by its copies, in the manner of
/// ``GroupStateStorage``: `Roster` replaces a shared box with a copy before any write, so a box
/// is only ever mutated while one roster holds it.
final class RosterStorage: @unchecked Sendable {
    // Mutated only through `Roster`'s accessors, after the uniqueness check.
    @exclusivity(unchecked) var entries: [Roster.Entry] = []
    @exclusivity(unchecked) var ghosts = 0
    @exclusivity(unchecked) var ids = InboxTable()
    @exclusivity(unchecked) var places: [Int32] = []
    @exclusivity(unchecked) var order: [Int32] = []
    @exclusivity(unchecked) var holes = 0
    @exclusivity(unchecked) var nextOrdinal: UInt64 = 0
    @exclusivity(unchecked) var headcount = 0
    @exclusivity(unchecked) var admins: Set<InboxID> = []
    @exclusivity(unchecked) var superAdmins: Set<InboxID> = []
    @exclusivity(unchecked) var keyOwners: [PublicKey: InboxID] = [:]
    @exclusivity(unchecked) var keyedRecords = 0
    @exclusivity(unchecked) var recordCount = 0

    init() {}

    /// A box holding the same fields, whose collections stay shared until written.
    func copy() -> RosterStorage {
        let copy = RosterStorage()
        copy.entries = entries
        copy.ghosts = ghosts
        copy.ids = ids
        copy.places = places
        copy.order = order
        copy.holes = holes
        copy.nextOrdinal = nextOrdinal
        copy.headcount = headcount
        copy.admins = admins
        copy.superAdmins = superAdmins
        copy.keyOwners = keyOwners
        copy.keyedRecords = keyedRecords
        copy.recordCount = recordCount
        return copy
    }
}
