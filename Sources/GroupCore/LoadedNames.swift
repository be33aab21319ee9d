import CPrefetch

/// The inbox IDs and keys of a roster loaded from a snapshot's flat roster (``FlatRoster``),
/// by number: a loaded record keeps its inbox and adder as numbers into them until a write
/// replaces it (issue 18).
///
/// Loading made a string of every ID and a ``MemberRecord`` of every record, and looked up each
/// record's adder among the strings: a cache miss a record where adders vary, about three
/// fifths of the loop that built a roster in a state read of the mixed benchmark group. Here
/// the IDs are copied once, as bytes, and a record becomes a ``MemberRecord`` when it is read.
///
/// Immutable once made, and shared by every copy of the roster that loaded it.
final class LoadedNames: @unchecked Sendable {
    /// Every ID's bytes, back to back, in number order; owned, so that the pointers stay valid.
    private let arena: UnsafeMutableRawBufferPointer
    /// Where each ID ends in the arena, by number.
    private let ends: UnsafeMutableBufferPointer<UInt32>
    /// The keys of each loaded record that holds some, by its inbox's number.
    private let keys: [UInt32: [PublicKey]]

    var count: Int { ends.count }

    /// The source's IDs, after checking that every one is an identifier (SPEC section 1) and
    /// that together they fill the arena exactly, and its keys.
    init(_ source: FlatRosterSource) throws(InconsistentState) {
        let lengths = source.lengths
        let ends = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: lengths.count)
        var end = 0
        for (number, length) in lengths.enumerated() {
            guard length >= 1 && length <= 128 else {
                ends.deallocate()
                throw InconsistentState(reason: "inbox ID number \(number) is \(length) bytes long, not 1 to 128")
            }
            end += Int(length)
            ends[number] = UInt32(truncatingIfNeeded: end)
        }
        guard end == source.arena.count else {
            ends.deallocate()
            throw InconsistentState(reason: "the inbox IDs take \(end) bytes, but the arena holds \(source.arena.count)")
        }
        if let offset = FlatRosterSource.firstNonIdentifierByte(in: source.arena) {
            ends.deallocate()
            throw InconsistentState(reason: "the inbox ID arena has a space or a byte that is not printable ASCII at byte \(offset)")
        }
        let arena = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, end), alignment: 8)
        HugePages.prefer(arena)
        if end > 0 { arena.copyMemory(from: source.arena) }
        self.arena = arena
        self.ends = ends
        var keys: [UInt32: [PublicKey]] = [:]
        keys.reserveCapacity(source.keys.count)
        for keyed in source.keys { keys[keyed.inbox] = keyed.keys }
        self.keys = keys
    }

    deinit {
        arena.deallocate()
        ends.deallocate()
    }

    /// The bytes of ID `number`.
    @inline(__always)
    func bytes(_ number: UInt32) -> UnsafeRawBufferPointer {
        let index = Int(number)
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(arena)[start..<Int(ends[index])])
    }

    /// Asks the CPU for ID `number`'s bytes, ahead of a comparison with them.
    func prefetch(_ number: UInt32) {
        let index = Int(number)
        guard index < ends.count else { return }
        grouplog_prefetch(arena.baseAddress! + (index == 0 ? 0 : Int(ends[index - 1])))
    }

    /// ID `number` as an inbox ID.
    func name(_ number: UInt32) -> InboxID {
        InboxID(unchecked: FlatRosterSource.string(bytes(number)))
    }

    /// Whether ID `number` is `inbox`.
    @inline(__always)
    func holds(_ number: UInt32, _ inbox: InboxID) -> Bool {
        let bytes = self.bytes(number)
        return inbox.rawValue.utf8.withContiguousStorageIfAvailable { utf8 in
            LoadedNames.equal(UnsafeRawBufferPointer(utf8), bytes)
        } ?? inbox.rawValue.utf8.elementsEqual(bytes)
    }

    /// Whether IDs `a` and `b` are the same ID.
    func same(_ a: UInt32, _ b: UInt32) -> Bool {
        LoadedNames.equal(bytes(a), bytes(b))
    }

    /// Whether two runs of bytes are equal, compared a word at a time.
    @inline(__always)
    private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        var offset = 0
        while offset + 8 <= a.count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < a.count {
            if a[offset] != b[offset] { return false }
            offset += 1
        }
        return true
    }

    /// The record `packed` stands for; `inbox`, when the caller has it, saves making its string.
    func unpacked(_ packed: PackedRecord, inbox: InboxID? = nil) -> MemberRecord {
        let inbox = inbox ?? name(packed.inbox)
        // Only the creator's record names itself as its adder.
        let adder = packed.adder == PackedRecord.noAdder ? nil : packed.adder == packed.inbox ? inbox : name(packed.adder)
        return packed.unpacked(inbox: inbox, adder: adder, keys: packed.flags.contains(.hasKeys) ? keys[packed.inbox] ?? [] : [])
    }
}
