import GroupCore
import GroupFixtures
import GroupTestSupport
import Testing
@testable import GroupAudit

/// The text and JSON forms of a state diff and of a what-if report.
struct DiffRenderingTests {
    /// The small log's state after commit 1 and after commit 3, with a rename and a mute added.
    static func diff() throws -> StateDiff {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon], leaveRule: .direct))
        try #require(group.commit(.alix, .addAdmin(.bo)) == .applied)
        let before = try #require(group.state)
        try #require(group.commit(.alix, [.add(.eri), .updateName("Team"), .updatePermission(slot: .addMember, policy: .adminOnly)]) == .applied)
        try #require(group.commit(.davon, .leave) == .applied)
        try #require(group.commit(.alix, [.mute(inboxes: [.caro], until: 99_000), .ban([.fen]), .createLink("j1", role: .member)]) == .applied)
        try #require(group.commit(.bo, .updateMetadataField(field: .name("SHARED_FILES"), mutation: .mapDelta(.insert, key: .string("a.txt"), value: .bytes([1, 2])))) == .applied)
        return StateDiff(from: before, to: group.state)
    }

    @Test func textListsEachPartUnderItsHeading() throws {
        let lines = StateDiffText.lines(try Self.diff())
        #expect(lines == [
            "metadata:",
            "  name                        \"\" -> \"Team\"",
            "policies:",
            "  addMember                   allowAll -> adminOnly",
            "members:",
            "  ~ caro              mutedUntil none -> 99000",
            "  - davon             left at 4000 (was member, active)",
            "  + eri               member, active, added by alix",
            "field values:",
            "  SHARED_FILES[\"a.txt\"]       (absent) -> base64:AQI= by bo",
            "moderation:",
            "  + banned fen",
            "  + link \"j1\" gives member",
            "log:",
            "  lastAppliedSequence         1 -> 5",
            "  lastAppliedTime             2000 -> 6000",
            "  nextOrdinal                 4 -> 5",
        ])
        #expect(StateDiffText.count(try Self.diff()) == "11 differences")
        #expect(StateDiffText.lines(StateDiff(from: nil, to: nil)).isEmpty)
    }

    @Test func jsonListsEachPart() throws {
        let json = StateDiffJSON.encode(try Self.diff())
        guard case let .object(object) = json else { Issue.record("not an object"); return }
        #expect(object.keys == ["differences", "properties", "policies", "members", "fields", "fieldValues", "bans", "allowList", "links"])
        #expect(object["differences"] == .int(11))
        let text = JSONWriter.write(json)
        #expect(text.contains(#"{"property":"name","section":"metadata","before":"","after":"Team"}"#))
        #expect(text.contains(#"{"slot":"addMember","before":"adminOnly","after":"adminOnly"}"#) == false)
        #expect(text.contains(#"{"slot":"addMember","before":"allowAll","after":"adminOnly"}"#))
        #expect(text.contains(#""inbox":"davon","change":"departed","attributes":["state"]"#))
        #expect(text.contains(#"{"id":"0x8105","field":"SHARED_FILES","key":"a.txt","before":null,"after":{"value":{"bytes":"AQI="},"author":"bo"}}"#))
        #expect(text.contains(#""bans":{"added":["fen"],"removed":[]}"#))
        #expect(text.contains(#""links":[{"link":"j1","before":null,"after":"member"}]"#))
    }

    @Test func aWhatIfReportSummarisesItsFlips() throws {
        var log = LogBuilder()
        let commits = [log.commit(.alix, .create(CreateConversation(members: [.bo, .caro]))), log.commit(.bo, .remove(.caro))]
        var replay = WhatIfReplay(overrides: PolicyOverrides(slots: [.removeMember: .allowAll]))
        let flip = try #require(commits.compactMap { replay.fold($0) }.first)
        #expect(WhatIfText.lines(flip) == [
            "#1 bo @2000 removeMembers caro",
            "  actual:  rejected permissionDenied (change 0): bo (member) does not pass the removeMember policy adminOnly",
            "  what-if: applied",
        ])
        let json = JSONWriter.write(WhatIfJSON.encode(flip))
        #expect(json.contains(#""direction":"nowApplied","actual":{"outcome":"rejected","code":"permissionDenied","detail":"#))
        #expect(json.contains(#"policy adminOnly","changeIndex":0},"#))
        #expect(json.contains(#""whatIf":{"outcome":"applied"}"#))
    }
}
