/// A snapshot's flat roster (``FlatRoster``) as its decoder lends it to ``Roster``: the IDs'
/// lengths and bytes where they lie in the snapshot, and the records read a chunk at a time
/// (issue 18).
///
/// Copying a million-member roster's IDs and records into arrays before building the roster
/// wrote 55 to 110 MB (records, IDs, lengths) that were read once and freed: fresh memory,
/// a page fault every 4 KB, where page faults were a third of a load's time.
///
/// It borrows the bytes it points at: make it and load from it within the call that lends them.
package struct FlatRosterSource {
    /// Every inbox ID's bytes, back to back, in number order.
    let arena: UnsafeRawBufferPointer
    /// Each inbox ID's length in bytes, in number order.
    let lengths: UnsafeRawBufferPointer
    let recordCount: Int
    /// The keys of each record that holds some, in record order, by the record's inbox number.
    let keys: [FlatRoster.KeyedInbox]
    /// Fills its second argument with the records from the first argument's index on.
    let readRecords: (Int, UnsafeMutableBufferPointer<PackedRecord>) throws(InconsistentState) -> Void
    /// Room the roster keeps for this many more records: those of the incremental snapshots a
    /// state read applies next, which would otherwise regrow (copy) its arrays and its index.
    package var spareRecords = 0
    /// The index of the first `recordCount` IDs by number (``ArenaIndex``), when another thread
    /// builds it: asked for, and waited on, only once every record is read, and used only if
    /// the records are numbered in record order. Nil when the roster builds its own.
    package var arenaIndex: (() -> ArenaIndex?)?

    /// - Parameter readRecords: reads the records `first..<first + chunk.count` into `chunk`,
    ///   refusing bytes that are no record.
    package init(
        arena: UnsafeRawBufferPointer, lengths: UnsafeRawBufferPointer, recordCount: Int, keys: [FlatRoster.KeyedInbox],
        readRecords: @escaping (_ first: Int, _ chunk: UnsafeMutableBufferPointer<PackedRecord>) throws(InconsistentState) -> Void
    ) {
        self.arena = arena
        self.lengths = lengths
        self.recordCount = recordCount
        self.keys = keys
        self.readRecords = readRecords
    }

    /// The string of an ID's bytes, copied straight into the string's storage (or, for up to
    /// 15 bytes, into a small string): `String(decoding:as:)` of a buffer takes a generic path
    /// that costs about as much again as the copy.
    static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            return bytes.count
        }
    }

    /// The offset of the first byte that no identifier may hold (a space, a control byte or
    /// anything past `~`), eight bytes at a time: a million 64-character IDs take a few
    /// milliseconds to check.
    static func firstNonIdentifierByte(in bytes: UnsafeRawBufferPointer) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // A byte of 0x7F or more sets its high bit after adding one; a byte below 0x21
            // borrows into its high bit when 0x21 is subtracted (an exact test of whether any
            // byte is, though not of which).
            let aboveTilde = (word &+ ones | word) & highs
            let belowBang = (word &- 0x21 &* ones) & ~word & highs
            if aboveTilde | belowBang != 0 { break }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] <= 0x20 || bytes[offset] >= 0x7F { return offset }
            offset += 1
        }
        return nil
    }
}
