@testable import GroupCore
import Testing

/// What a member costs in memory (issue 18: at most 300 bytes a member at a million): a record
/// keeps its stored properties widest first, so that Swift's in-order layout leaves no holes,
/// and a roster entry adds one byte to it. A field added in the wrong place fails here.
struct RosterMemoryTests {
    @Test func aRosterEntryTakesEightyBytes() {
        #expect(MemoryLayout<MemberRecord>.size == 77)
        #expect(MemoryLayout<Roster.Entry>.stride == 80)
    }
}
