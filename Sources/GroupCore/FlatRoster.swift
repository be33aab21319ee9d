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

    /// Where each ID ends in the arena, after checking that every one is an identifier (SPEC
    /// section 1) and that together they fill the arena exactly.
    func identifierEnds() throws(InconsistentState) -> [Int] {
        var end = 0
        var badLength: Int?
        // Written into uninitialized room: appending paid a capacity and uniqueness check an ID.
        let ends = [Int](unsafeUninitializedCapacity: lengths.count) { ends, initialized in
            for (number, length) in lengths.enumerated() {
                guard length >= 1 && length <= 128 else {
                    badLength = number
                    return
                }
                end += Int(length)
                ends.initializeElement(at: number, to: end)
                initialized += 1
            }
        }
        if let number = badLength {
            throw InconsistentState(reason: "inbox ID number \(number) is \(lengths[number]) bytes long, not 1 to 128")
        }
        guard end == arena.count else {
            throw InconsistentState(reason: "the inbox IDs take \(end) bytes, but the arena holds \(arena.count)")
        }
        if let offset = FlatRoster.firstNonIdentifierByte(in: arena) {
            throw InconsistentState(reason: "the inbox ID arena has a space or a byte that is not printable ASCII at byte \(offset)")
        }
        return ends
    }

    /// Each inbox ID as a string, by number, the IDs ending at `ends` in the arena.
    func identifiers(ending ends: [Int]) -> [InboxID] {
        arena.withUnsafeBytes { arena in
            [InboxID](unsafeUninitializedCapacity: ends.count) { names, initialized in
                var start = 0
                for number in ends.indices {
                    names.initializeElement(at: number, to: InboxID(unchecked: FlatRoster.string(UnsafeRawBufferPointer(rebasing: arena[start..<ends[number]]))))
                    start = ends[number]
                    initialized += 1
                }
            }
        }
    }

    /// The string of an ID's bytes, copied straight into the string's storage (or, for up to
    /// 15 bytes, into a small string): `String(decoding:as:)` of a buffer takes a generic path
    /// that costs about as much again as the copy.
    private static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            return bytes.count
        }
    }

    /// The offset of the first byte that no identifier may hold (a space, a control byte or
    /// anything past `~`), eight bytes at a time: a million 64-character IDs take a few
    /// milliseconds to check.
    static func firstNonIdentifierByte(in bytes: [UInt8]) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        return bytes.withUnsafeBytes { bytes -> Int? in
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                // A byte of 0x7F or more sets its high bit after adding one; a byte below 0x21
                // borrows into its high bit when 0x21 is subtracted (an exact test of whether
                // any byte is, though not of which).
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
}
