@testable import GroupCore
import Testing

/// The roster's index from inbox ID to the place of its record (issue 18): it finds every
/// record however many there are, after the records move to new ordinals and after the ghosts
/// they leave are compacted away; one built in bulk from a snapshot's hashes finds every ID and
/// refuses one given twice; and a roster flattens the same way whatever order it first saw its
/// inboxes in.
struct PlaceIndexTests {
    static func record(_ inbox: InboxID, ordinal: UInt64, state: MemberState = .active, adder: InboxID? = nil) -> MemberRecord {
        MemberRecord(inbox: inbox, role: .member, state: state, joinedAt: 1_000, addedBy: adder, ordinal: ordinal)
    }

    /// Short IDs, which Swift keeps inline, and 128-byte ones, which it allocates.
    static let inboxes = (0..<5_000).map { InboxID(unchecked: $0 % 3 == 0 ? String(repeating: "f", count: 124) + "\($0 + 1_000)" : "inbox-\($0)") }

    @Test func everyRecordPutIsFoundAndNoOtherInbox() throws {
        var roster = Roster()
        for (ordinal, inbox) in Self.inboxes.enumerated() { roster.put(Self.record(inbox, ordinal: UInt64(ordinal))) }
        let lost = Self.inboxes.indices.count { roster[Self.inboxes[$0]]?.ordinal != UInt64($0) }
        #expect(lost == 0, "records not found under their inbox")
        #expect(roster.recordCount == Self.inboxes.count)
        #expect(roster[try InboxID("inbox-5000")] == nil)
        #expect(roster[try InboxID("inbox-")] == nil)
        #expect(Roster()[try InboxID("alix")] == nil)
    }

    /// Re-added inboxes move to the end with new ordinals, leaving ghosts; once the ghosts
    /// outnumber the records the entries are compacted and every place moves.
    @Test func recordsAreFoundAfterTheyMoveAndAfterCompaction() throws {
        var roster = Roster()
        let inboxes = Array(Self.inboxes.prefix(600))
        var ordinal: UInt64 = 0
        var latest: [InboxID: UInt64] = [:]
        func put(_ inbox: InboxID, _ state: MemberState = .active) {
            roster.put(Self.record(inbox, ordinal: ordinal, state: state))
            latest[inbox] = ordinal
            ordinal += 1
        }
        for inbox in inboxes { put(inbox) }
        // Each round removes a third in place, then re-adds them with new ordinals.
        for round in 0..<4 {
            let churned = inboxes.indices.filter { $0 % 3 == round % 3 }.map { inboxes[$0] }
            for inbox in churned { roster.put(Self.record(inbox, ordinal: latest[inbox]!, state: .former(Departure(.removed, at: 2_000)))) }
            for inbox in churned { put(inbox) }
            let lost = inboxes.count { roster[$0]?.ordinal != latest[$0] || roster[$0]?.isCurrent != true }
            #expect(lost == 0, "round \(round): records not found at their latest ordinal")
        }
        #expect(roster.recordCount == inboxes.count)
        #expect(Array(roster.records.map(\.inbox)) == inboxes.sorted { latest[$0]! < latest[$1]! })
    }

    /// More than 4,096 places are indexed region by region of the slots.
    @Test func aBulkIndexFindsEveryPlaceAndRefusesARepeat() throws {
        let entries = Self.inboxes.enumerated().map { Roster.Entry(record: Self.record($1, ordinal: UInt64($0))) }
        let hashes = entries.map { $0.hash(in: nil) }
        let index = try #require(entries.withUnsafeBufferPointer { entries in
            hashes.withUnsafeBufferPointer { PlaceIndex(hashes: $0) { entries[$0].record(in: nil) == entries[$1].record(in: nil) } }
        })
        // Looked up as a roster looks up, through its box.
        let box = RosterStorage()
        box.entries = entries
        box.index = index
        let lost = Self.inboxes.indices.count { box.find(Self.inboxes[$0], hash: hashes[$0]).place != $0 }
        #expect(lost == 0, "IDs not found at their places")
        let absent = InboxID(unchecked: "inbox-5000")
        #expect(box.find(absent, hash: PlaceIndex.hash(of: absent)).place == nil)
        let repeated = entries + [entries[2_345]]
        let refused = repeated.withUnsafeBufferPointer { entries in
            (hashes + [hashes[2_345]]).withUnsafeBufferPointer { PlaceIndex(hashes: $0) { entries[$0].record(in: nil) == entries[$1].record(in: nil) } }
        }
        #expect(refused == nil)
    }

    /// The hash of an ID's bytes where they lie is its string's, which a snapshot load relies on.
    @Test func anIDsBytesHashAsItsString() {
        for inbox in Self.inboxes.prefix(50) {
            var text = inbox.rawValue
            #expect(text.withUTF8 { PlaceIndex.hash(of: UnsafeRawBufferPointer($0)) } == PlaceIndex.hash(of: inbox))
        }
    }

    /// Inboxes are numbered in record order, so the same records flatten to the same arrays
    /// however the roster came by them; an adder without a record is numbered after the records.
    @Test func theSameRecordsFlattenAlike() throws {
        let alix = try InboxID("alix"), bo = try InboxID("bo"), caro = try InboxID("caro"), gone = try InboxID("gone")
        var churned = Roster()
        churned.put(Self.record(caro, ordinal: 0, adder: gone))
        churned.put(Self.record(alix, ordinal: 1, adder: gone))
        churned.put(Self.record(caro, ordinal: 0, state: .former(Departure(.left, at: 1_500)), adder: gone))
        churned.put(Self.record(bo, ordinal: 2, adder: alix))
        churned.put(Self.record(caro, ordinal: 3, adder: bo))
        var direct = Roster()
        direct.put(Self.record(alix, ordinal: 1, adder: gone))
        direct.put(Self.record(bo, ordinal: 2, adder: alix))
        direct.put(Self.record(caro, ordinal: 3, adder: bo))
        #expect(churned.flat == direct.flat)
        let flat = direct.flat
        #expect(flat.records.map(\.inbox) == [0, 1, 2])
        #expect(flat.records.map(\.adder) == [3, 0, 1])
        #expect(flat.arena == Array("alixbocarogone".utf8) && flat.lengths == [4, 2, 4, 4])
        let loaded = try Roster(flat: flat)
        #expect(loaded == direct)
        #expect(loaded[caro]?.adder == bo && loaded[alix]?.adder == gone)
    }
}
