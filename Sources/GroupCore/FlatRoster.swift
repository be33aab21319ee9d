/// A roster as a few flat arrays: what a snapshot stores so that loading one copies arrays and
/// rebuilds one index instead of making a string and a record per member (issue 18).
///
/// Inboxes are numbers into `lengths` and `arena`. A roster numbers them in record order, but
/// a loader takes any numbering: the canonical state encoding, which the state hash is taken
/// over, never depends on them.
package struct FlatRoster: Equatable, Sendable {
    /// Every inbox ID's bytes, back to back, in number order.
    package var arena: [UInt8]
    /// Each inbox ID's length in bytes, in number order.
    package var lengths: [UInt8]
    /// Every record, current and former, in increasing ordinal order.
    package var records: [PackedRecord]
    /// The keys of each record that holds some, in record order, by the record's inbox number.
    package var keys: [KeyedInbox]

    package struct KeyedInbox: Equatable, Sendable {
        package let inbox: UInt32
        package let keys: [PublicKey]

        package init(inbox: UInt32, keys: [PublicKey]) {
            self.inbox = inbox
            self.keys = keys
        }
    }

    package init(arena: [UInt8], lengths: [UInt8], records: [PackedRecord], keys: [KeyedInbox]) {
        self.arena = arena
        self.lengths = lengths
        self.records = records
        self.keys = keys
    }

    /// Lends the arrays to `body` as a snapshot decoder would lend its bytes, the records
    /// copied out a chunk at a time: how a roster is loaded from arrays (tests write rosters
    /// no state holds this way).
    func withSource<T>(_ body: (FlatRosterSource) throws(InconsistentState) -> T) throws(InconsistentState) -> T {
        let records = self.records
        return try arena.withUnsafeBufferPointer { (arena) throws(InconsistentState) in
            try lengths.withUnsafeBufferPointer { (lengths) throws(InconsistentState) in
                try body(FlatRosterSource(
                    arena: UnsafeRawBufferPointer(arena), lengths: UnsafeRawBufferPointer(lengths), recordCount: records.count, keys: keys
                ) { first, chunk throws(InconsistentState) in
                    for index in chunk.indices { chunk[index] = records[first + index] }
                })
            }
        }
    }
}

/// Flattens records into a ``FlatRoster``: each appended record's inbox is numbered in the order
/// appended, and an adder without a record among them, which only a restored state may name,
/// is numbered after them, in the order first named. Shared by a roster's flattening and an
/// incremental snapshot's, which must give the same arrays for the same records.
struct FlatRosterBuilder {
    private let count: Int
    private var records: [PackedRecord] = []
    private var keyed: [FlatRoster.KeyedInbox] = []
    private var lengths: [UInt8] = []
    private var arena: [UInt8] = []
    private var unrecorded: [InboxID: UInt32] = [:], unrecordedNames: [InboxID] = []
    /// A batch's records all name one adder: it is looked up once.
    private var lastAdder: (inbox: InboxID, number: UInt32)?

    /// - Parameter count: how many records are coming.
    init(count: Int) {
        self.count = count
        records.reserveCapacity(count)
        lengths.reserveCapacity(count)
        arena.reserveCapacity(count * 16)
    }

    /// Adds the record of `entry`, as ``append(_:recordedNumber:)`` does: a built record as it
    /// is, not made into a record first; a loaded one unpacked with `names`.
    @inline(__always)
    mutating func append(_ entry: borrowing Roster.Entry, names: LoadedNames?, recordedNumber: (InboxID) -> UInt32?) {
        switch entry.content {
        case let .record(record): append(record, recordedNumber: recordedNumber)
        case let .loaded(packed): append(names!.unpacked(packed), recordedNumber: recordedNumber)
        }
    }

    /// Adds the next record, in increasing ordinal order, each inbox's once; `recordedNumber`
    /// gives the number of an adder whose record is among the records, nil for one whose is not.
    @inline(__always)
    mutating func append(_ record: MemberRecord, recordedNumber: (InboxID) -> UInt32?) {
        let inbox = UInt32(truncatingIfNeeded: records.count)
        lengths.append(UInt8(truncatingIfNeeded: record.inbox.rawValue.utf8.count))
        arena.append(contentsOf: record.inbox.rawValue.utf8)
        var adder = PackedRecord.noAdder
        if let named = record.adder {
            if named == record.inbox {
                adder = inbox
            } else if let last = lastAdder, last.inbox == named {
                adder = last.number
            } else {
                if let number = recordedNumber(named) ?? unrecorded[named] {
                    adder = number
                } else {
                    adder = UInt32(truncatingIfNeeded: count + unrecordedNames.count)
                    unrecorded[named] = adder
                    unrecordedNames.append(named)
                }
                lastAdder = (named, adder)
            }
        }
        records.append(PackedRecord(record, inbox: inbox, adder: adder))
        if !record.keys.isEmpty { keyed.append(FlatRoster.KeyedInbox(inbox: inbox, keys: record.keys)) }
    }

    /// The flat roster of the records appended.
    consuming func finish() -> FlatRoster {
        for name in unrecordedNames {
            lengths.append(UInt8(truncatingIfNeeded: name.rawValue.utf8.count))
            arena.append(contentsOf: name.rawValue.utf8)
        }
        return FlatRoster(arena: arena, lengths: lengths, records: records, keys: keyed)
    }
}
