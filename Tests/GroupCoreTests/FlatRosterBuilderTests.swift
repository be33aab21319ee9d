@testable import GroupCore
import Testing

/// An incremental snapshot's records are flattened without building a roster of them
/// (``GroupState/flatRoster(of:)``): the arrays must be exactly those a roster holding the same
/// records flattens to, adders outside the records and keys included, since both reach stored
/// bytes.
struct FlatRosterBuilderTests {
    @Test(arguments: [1, 2, 3, 7])
    func recordsFlattenAsARosterOfThemDoes(every stride: Int) {
        var rosters = [Roster()]
        LoadedRosterTests.write(2_000, seed: UInt64(stride), to: &rosters)
        let records = Array(rosters[0].records.enumerated().filter { $0.offset % stride == 0 }.map(\.element))
        var roster = Roster()
        for record in records { roster.put(record) }
        let flat = GroupState.flatRoster(of: records)
        #expect(flat == roster.flat)
        #expect(records.contains { $0.addedBy != nil && !records.map(\.inbox).contains($0.addedBy!) }, "an adder outside the records")
        #expect(!flat.keys.isEmpty)
    }
}
