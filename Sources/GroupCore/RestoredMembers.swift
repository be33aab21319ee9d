/// The member records of a state being restored from a snapshot, gathered straight into the
/// roster's storage as a decoder reads them, with no array of records in between.
public struct RestoredMembers: Sendable {
    var roster = Roster()
    /// The ordinal the snapshot says comes next: every record's must be below it.
    let nextOrdinal: UInt64

    /// - Parameters:
    ///   - nextOrdinal: the ordinal the next inbox to become a member will get.
    ///   - capacity: how many records are coming, so that a large roster is allocated once.
    public init(nextOrdinal: UInt64, capacity: Int) {
        self.nextOrdinal = nextOrdinal
        roster.reserveCapacity(capacity)
    }

    /// Adds the next record, refusing one that cannot follow the records before it.
    /// - Throws: ``InconsistentState`` when its ordinal is not below the next ordinal or not
    ///   above the previous record's, or when its inbox already has a record.
    public mutating func append(_ record: MemberRecord) throws(InconsistentState) {
        guard record.ordinal < nextOrdinal else {
            throw InconsistentState(reason: "\(record.inbox) has ordinal \(record.ordinal), not below the next ordinal \(nextOrdinal)")
        }
        try roster.restore(record)
    }

    /// The members of a snapshot's flat roster (``FlatRosterSource``), checked as
    /// ``append(_:)`` and the roster check each record, and every ordinal below `nextOrdinal`.
    /// - Throws: ``InconsistentState`` for a roster that no state flattens to.
    package init(source: FlatRosterSource, nextOrdinal: UInt64) throws(InconsistentState) {
        let roster = try Roster(source: source)
        // The records' ordinals rise, so the last one's is the highest.
        if roster.nextOrdinal > nextOrdinal {
            throw InconsistentState(reason: "a member record has ordinal \(roster.nextOrdinal - 1), not below the next ordinal \(nextOrdinal)")
        }
        self.nextOrdinal = nextOrdinal
        self.roster = roster
    }
}
