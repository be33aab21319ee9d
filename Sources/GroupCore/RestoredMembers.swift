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

    /// The members of a snapshot's flat roster (``FlatRoster``), checked as ``append(_:)`` and
    /// the roster check each record, and every ordinal below `nextOrdinal`.
    /// - Throws: ``InconsistentState`` for arrays that no roster flattens to.
    package init(flat: FlatRoster, nextOrdinal: UInt64) throws(InconsistentState) {
        if let last = flat.records.last, last.ordinal >= nextOrdinal {
            throw InconsistentState(reason: "a member record has ordinal \(last.ordinal), not below the next ordinal \(nextOrdinal)")
        }
        self.nextOrdinal = nextOrdinal
        roster = try Roster(flat: flat)
    }
}
