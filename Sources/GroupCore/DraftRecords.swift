/// The member records a commit's earlier changes wrote, one per inbox, in the order first written.
///
/// Most commits write one or two records, so they live in a plain array searched from the end
/// (the record just written is the one most often read back); a `Dictionary` cost every such
/// commit an allocation and a SipHash of the inbox for each write and read (issue 18). Only a
/// commit that writes many, such as an `addMembers` of a thousand inboxes, gets an index, built
/// once it outgrows the linear search.
///
/// The same scheme as ``SmallMap``, kept apart on purpose: a record carries its own key, and
/// built on a `SmallMap` the fold ran 5,890 to 6,346 instructions a commit (the inbox stored and
/// retained twice, and an array made to hand the records to the roster).
struct DraftRecords {
    /// The first record written, kept out of the array: most commits write one record, and an
    /// array for it cost the commit an allocation and its free (issue 18: a sixth of the
    /// fold's allocations).
    private var first: MemberRecord?
    /// The records written after the first, in the order first written.
    private var rest: [MemberRecord] = []
    /// Where each inbox's record is in `rest`; nil while a linear search is cheaper.
    private var places: [InboxID: Int]?

    /// How many records a search walks before an index pays.
    private static let linearLimit = 16

    // Here and in `put`, `case nil` and `first!.inbox` rather than `== nil` and `guard let`:
    // both of those copied the whole record, retaining and releasing its IDs and keys (issue 18).
    var isEmpty: Bool {
        if case nil = first { return true }
        return false
    }

    subscript(inbox: InboxID) -> MemberRecord? {
        if let place = place(of: inbox) { return rest[place] }
        if let first, first.inbox == inbox { return first }
        return nil
    }

    /// Writes `record` in place of the inbox's earlier one, or adds it.
    mutating func put(_ record: MemberRecord) {
        if case nil = first {
            first = record
            return
        }
        if first!.inbox == record.inbox {
            first = record
            return
        }
        if let place = place(of: record.inbox) {
            rest[place] = record
            return
        }
        rest.append(record)
        if places != nil {
            places![record.inbox] = rest.count - 1
        } else if rest.count > Self.linearLimit {
            places = Dictionary(uniqueKeysWithValues: rest.enumerated().map { ($1.inbox, $0) })
        }
    }

    /// Hands `body` the records in increasing ordinal order, the order in which the roster
    /// takes them, and leaves none: each is moved out rather than copied (issue 18).
    mutating func drainInOrdinalOrder(_ body: (__owned MemberRecord) -> Void) {
        guard let first = first.take() else { return }
        places = nil
        // A commit hands out new ordinals in the order it writes, so the records are usually
        // in order already.
        // By index: zipping the array with itself copied every record, twice.
        if rest.isEmpty || first.ordinal < rest[0].ordinal && rest.indices.dropFirst().allSatisfy({ rest[$0 - 1].ordinal < rest[$0].ordinal }) {
            body(first)
        } else {
            rest.append(first)
            rest.sort { $0.ordinal < $1.ordinal }
        }
        // Popped from the end, reversed first, so that each record is moved out of the array.
        rest.reverse()
        while let record = rest.popLast() { body(record) }
    }

    /// Where the inbox's record is in `rest`.
    private func place(of inbox: InboxID) -> Int? {
        if let places { return places[inbox] }
        return rest.lastIndex { $0.inbox == inbox }
    }
}
