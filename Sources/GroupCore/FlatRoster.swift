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
