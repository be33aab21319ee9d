@testable import GroupCore
import GroupTestSupport
import Testing

/// The small tables a commit's draft keeps (issue 18): searched linearly while short, indexed
/// once they outgrow that, and the same to read either way; the drafted member records come
/// back in ordinal order whatever order they were written in.
struct DraftTableTests {
    /// Sizes on both sides of the point where an index is built, and well past it.
    @Test(arguments: [1, 2, 16, 17, 18, 40])
    func aSmallMapReadsBackEveryKeyAndItsLastValue(count: Int) {
        var map = SmallMap<Int, String>()
        #expect(map.isEmpty)
        for key in 0..<count { map.put("first \(key)", for: key) }
        // Overwrite every other key: the value changes, its place does not.
        for key in stride(from: 0, to: count, by: 2) { map.put("second \(key)", for: key) }
        for key in 0..<count {
            #expect(map[key] == (key % 2 == 0 ? "second \(key)" : "first \(key)"), "key \(key) of \(count)")
        }
        #expect(map[count] == nil)
        #expect(map[-1] == nil)
        #expect(map.entries.map(\.key) == Array(0..<count))
        #expect(map.values.count == count)
    }

    /// Counts around the first record, which is kept out of the array, and around the index.
    @Test(arguments: [1, 2, 3, 16, 17, 18, 40], [false, true])
    func draftedRecordsComeBackInOrdinalOrder(count: Int, ascending: Bool) throws {
        var records = DraftRecords()
        #expect(records.isEmpty)
        // Written in ordinal order, as commits hand them out, or from the highest ordinal down.
        let indices = ascending ? Array(0..<count) : (0..<count).reversed()
        let written = try indices.map { index in
            MemberRecord(inbox: try InboxID("inbox-\(index)"), role: .member, state: .active, joinedAt: 1, addedBy: .alix, ordinal: UInt64(index))
        }
        for record in written { records.put(record) }
        // A second write of one inbox replaces its record and keeps one entry for it.
        var changed = written[0]
        changed.role = .admin
        records.put(changed)
        #expect(!records.isEmpty)
        for record in written.dropFirst() { #expect(records[record.inbox]?.role == .member) }
        #expect(records[written[0].inbox]?.role == .admin)
        var ordered: [MemberRecord] = []
        records.drainInOrdinalOrder { ordered.append($0) }
        #expect(records.isEmpty)
        #expect(ordered.map(\.ordinal) == (0..<count).map(UInt64.init))
        #expect(ordered.first { $0.inbox == written[0].inbox }?.role == .admin)
        #expect(ordered.filter { $0.role == .admin }.count == 1)
        #expect(records[written[0].inbox] == nil)
        #expect(records[try InboxID("nobody")] == nil)
    }
}
