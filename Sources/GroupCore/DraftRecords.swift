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
    private(set) var records: [MemberRecord] = []
    /// Where each inbox's record is in `records`; nil while a linear search is cheaper.
    private var places: [InboxID: Int]?

    /// How many records a search walks before an index pays.
    private static let linearLimit = 16

    var isEmpty: Bool { records.isEmpty }

    subscript(inbox: InboxID) -> MemberRecord? {
        guard let place = place(of: inbox) else { return nil }
        return records[place]
    }

    /// Writes `record` in place of the inbox's earlier one, or adds it.
    mutating func put(_ record: MemberRecord) {
        if let place = place(of: record.inbox) {
            records[place] = record
            return
        }
        records.append(record)
        if places != nil {
            places![record.inbox] = records.count - 1
        } else if records.count > Self.linearLimit {
            places = Dictionary(uniqueKeysWithValues: records.enumerated().map { ($1.inbox, $0) })
        }
    }

    /// The records in increasing ordinal order, the order in which the roster takes them.
    var inOrdinalOrder: [MemberRecord] {
        // A commit hands out new ordinals in the order it writes, so the records are usually
        // in order already.
        if zip(records, records.dropFirst()).allSatisfy({ $0.ordinal < $1.ordinal }) { return records }
        return records.sorted { $0.ordinal < $1.ordinal }
    }

    private func place(of inbox: InboxID) -> Int? {
        if let places { return places[inbox] }
        return records.lastIndex { $0.inbox == inbox }
    }
}
