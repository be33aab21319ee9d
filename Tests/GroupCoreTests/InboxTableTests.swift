@testable import GroupCore
import Testing

/// The roster's numbered inbox IDs (issue 18): each ID is stored once and keeps its number, the
/// index finds every one however many there are, and a table rebuilt from its arena refuses
/// bytes that could not have come from one.
struct InboxTableTests {
    @Test func anIDKeepsTheNumberItWasFirstGiven() throws {
        var table = InboxTable()
        let ids = try (0..<5_000).map { try InboxID("inbox-\($0)") } + [try InboxID(String(repeating: "f", count: 128))]
        for (expected, id) in ids.enumerated() { #expect(table.intern(id) == expected) }
        for (expected, id) in ids.enumerated().reversed() {
            #expect(table.intern(id) == expected)
            #expect(table.number(of: id) == expected)
            #expect(table.inbox(expected) == id)
        }
        #expect(table.count == ids.count)
        #expect(table.number(of: try InboxID("inbox-5000")) == nil)
        #expect(table.number(of: try InboxID("inbox-")) == nil)
    }

    @Test func anEmptyTableFindsNothing() throws {
        #expect(InboxTable().number(of: try InboxID("alix")) == nil)
    }

    @Test func aTableRebuiltFromItsIDsBytesFindsEveryID() throws {
        var table = InboxTable()
        for index in 0..<1_000 { _ = table.intern(try InboxID("m\(index)")) }
        var arena: [UInt8] = [], ends: [Int] = []
        for name in table.names {
            arena += Array(name.rawValue.utf8)
            ends.append(arena.count)
        }
        let rebuilt = try #require(InboxTable(arena: arena, ends: ends))
        for index in 0..<1_000 { #expect(rebuilt.number(of: try InboxID("m\(index)")) == index) }
        #expect(rebuilt.names == table.names)
    }

    /// A table of more than 4,096 IDs is indexed region by region of its slots: every ID is
    /// still found under its number, short and long ones alike, and an ID given twice is still
    /// refused.
    @Test func aLargeTableRebuiltFromItsBytesFindsEveryIDAndRefusesARepeat() throws {
        let names = (0..<20_000).map { $0 % 2 == 0 ? "m\($0)" : String(repeating: "0", count: 58) + "\($0)" }
        var arena: [UInt8] = [], ends: [Int] = []
        for name in names {
            arena += Array(name.utf8)
            ends.append(arena.count)
        }
        let table = try #require(InboxTable(arena: arena, ends: ends))
        #expect(table.names.map(\.rawValue) == names)
        let lost = names.indices.count { table.number(of: InboxID(unchecked: names[$0])) != $0 }
        #expect(lost == 0, "IDs not found under their numbers")
        #expect(table.number(of: try InboxID("m1")) == nil)
        let repeated = arena + Array(names[12_345].utf8)
        #expect(InboxTable(arena: repeated, ends: ends + [repeated.count]) == nil)
    }

    @Test func anArenaThatCannotBeATableIsRefused() {
        let twice = Array("alixalix".utf8)
        #expect(InboxTable(arena: twice, ends: [4, 8]) == nil, "the same ID twice")
        #expect(InboxTable(arena: twice, ends: [4, 4, 8]) == nil, "an empty ID")
        #expect(InboxTable(arena: twice, ends: [4, 9]) == nil, "an end past the arena")
        #expect(InboxTable(arena: twice, ends: [4]) == nil, "bytes after the last ID")
        #expect(InboxTable(arena: Array("alixbo".utf8), ends: [4, 6]) != nil)
    }
}
