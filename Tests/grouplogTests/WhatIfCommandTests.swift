import GroupFixtures
import Testing
@testable import grouplog

/// `grouplog whatif` on a fixture and on a store group, and every bad input.
struct WhatIfCommandTests {
    /// alix creates a group of bo and caro with an application field; bo is refused removing caro
    /// (removeMember is adminOnly), then adds davon; bo writes CATEGORY (update adminOnly).
    static let fixture = """
    {"name": "whatif", "config": {"application_components": [
        {"id": 49153, "name": "CATEGORY", "type": "string", "insert": "allowAll", "update": "adminOnly", "delete": "adminOnly"}]},
     "commits": [
       {"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo", "caro"]}]},
       {"actor": "bo", "time": 2000, "changes": [{"op": "removeMembers", "inboxes": ["caro"]}], "expect": {"rejected": "permissionDenied"}},
       {"actor": "bo", "time": 3000, "changes": [{"op": "addMembers", "inboxes": ["davon"]}]},
       {"actor": "caro", "time": 4000, "changes": [{"op": "updateMetadataField", "field": "CATEGORY", "mutation": {"kind": "replace", "value": "a"}}]},
       {"actor": "bo", "time": 5000, "changes": [{"op": "updateMetadataField", "field": "CATEGORY", "mutation": {"kind": "replace", "value": "b"}}],
        "expect": {"rejected": "permissionDenied"}}
     ]}
    """

    static func setUp(_ directory: TemporaryDirectory) throws -> (file: String, store: String) {
        let file = try directory.write("whatif.json", fixture)
        let store = directory.path("store")
        try #require(grouplog("--store", store, "init").status == .success)
        try #require(grouplog("--store", store, "import", file).status == .success)
        return (file, store)
    }

    /// Loosening removeMember and CATEGORY's update, tightening addMember.
    static let overrides = ["--policy", "removeMember=any(self, allowAll)", "--policy", "addMember=adminOnly",
                            "--field-policy", "CATEGORY.update=allowAll"]

    static let expected = [
        "#1 bo @2000 removeMembers caro",
        "  actual:  rejected permissionDenied (change 0): bo (member) does not pass the removeMember policy adminOnly",
        "  what-if: applied",
        "#2 bo @3000 addMembers davon",
        "  actual:  applied",
        "  what-if: rejected permissionDenied (change 0): bo (member) does not pass the addMember policy adminOnly",
        "#3 caro @4000 updateMetadataField CATEGORY = \"a\"",
        "  actual:  applied",
        "  what-if: rejected notAMember (change 0): caro is not a member",
        "#4 bo @5000 updateMetadataField CATEGORY = \"b\"",
        "  actual:  rejected permissionDenied (change 0): bo (member) does not pass CATEGORY's update policy adminOnly",
        "  what-if: applied",
        "4 of 5 commits flip: 2 now applied, 2 now rejected, 0 rejected differently",
        "final state, actual -> what-if: 9 differences",
        "policies:",
        "  addMember                   allowAll -> adminOnly",
        "  removeMember                adminOnly -> any(self, allowAll)",
    ]

    @Test func aFixtureAndItsStoreGroupGiveTheSameReport() throws {
        try withTemporaryDirectory { directory in
            let (file, store) = try Self.setUp(directory)
            let fromFixture = grouplog(["whatif", file] + Self.overrides)
            #expect(fromFixture.status == .success, "stderr: \(fromFixture.stderr)")
            #expect(fromFixture.stderr == "")
            #expect(Array(fromFixture.lines.prefix(Self.expected.count)) == Self.expected, "\(fromFixture.stdout)")
            #expect(Array(fromFixture.lines.dropFirst(Self.expected.count)) == [
                "members:",
                "  - caro              removed at 2000 (was member, active)",
                "  - davon             never a member (was member, active)",
                "fields registered:",
                "  ~ 0xC001 CATEGORY update adminOnly -> allowAll",
                "field values:",
                "  CATEGORY                    \"a\" -> \"b\"",
                "log:",
                "  lastAppliedSequence         3 -> 4",
                "  lastAppliedTime             4000 -> 5000",
                "  nextOrdinal                 4 -> 3",
            ])
            let fromStore = grouplog(["--store", store, "whatif", "whatif"] + Self.overrides)
            #expect(fromStore.status == .success)
            #expect(fromStore.lines == fromFixture.lines)
        }
    }

    @Test func nothingFlipsWhenThePinsChangeNothing() throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try Self.setUp(directory)
            let result = grouplog("--store", store, "whatif", "whatif", "--policy", "addMember=allowAll")
            #expect(result.status == .success)
            #expect(result.lines == [
                "0 of 5 commits flip: 0 now applied, 0 now rejected, 0 rejected differently",
                "final state, actual -> what-if: no differences",
            ])
        }
    }

    @Test func jsonListsTheFlipsTheOverridesAndTheDifferences() throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try Self.setUp(directory)
            let result = grouplog(["--store", store, "whatif", "whatif", "--json"] + Self.overrides)
            #expect(result.status == .success)
            let lines = try result.lines.map { try JSONParser.parse($0) }
            let json = try #require(lines.last)
            #expect(json["commits"]?.intValue == 5)
            #expect(json["flipped"]?["total"]?.intValue == 4 && json["flipped"]?["nowApplied"]?.intValue == 2)
            #expect(json["overrides"]?["slots"]?["addMember"]?.stringValue == "adminOnly")
            #expect(json["overrides"]?["slots"]?["removeMember"]?["any"]?.arrayValue == [.string("self"), .string("allowAll")])
            #expect(json["overrides"]?["fields"]?["CATEGORY.update"]?.stringValue == "allowAll")
            let flips = lines.dropLast()
            #expect(flips.map { $0["sequence"]?.intValue } == [1, 2, 3, 4])
            #expect(flips[0]["actual"]?["code"]?.stringValue == "permissionDenied")
            #expect(flips[0]["whatIf"]?["outcome"]?.stringValue == "applied")
            #expect(flips[2]["whatIf"]?["code"]?.stringValue == "notAMember")
            #expect(json["differences"]?["differences"]?.intValue == 9)
        }
    }

    /// A pinned field policy wins over a later updateFieldPolicy of the log, as a pinned slot
    /// wins over updatePermission.
    @Test func aPinnedFieldPolicyHoldsOverTheLogsFieldPolicyChange() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.fieldPolicy)
            let result = grouplog("whatif", file, "--field-policy", "ANNOUNCEMENT.insert=adminOnly")
            #expect(result.status == .success, "\(result.stderr)")
            #expect(result.lines == [
                "#6 caro @7000 updateMetadataField ANNOUNCEMENT = \"hello\"",
                "  actual:  applied",
                "  what-if: rejected permissionDenied (change 0): caro (member) does not pass ANNOUNCEMENT's insert policy adminOnly",
                "1 of 7 commits flip: 0 now applied, 1 now rejected, 0 rejected differently",
                "final state, actual -> what-if: 4 differences",
                "fields registered:",
                "  ~ 0x8102 ANNOUNCEMENT insert allowAll -> adminOnly",
                "field values:",
                "  ANNOUNCEMENT                \"hello\" -> (unset)",
                "log:",
                "  lastAppliedSequence         6 -> 3",
                "  lastAppliedTime             7000 -> 4000",
            ])
        }
    }

    @Test func policiesMayBeGivenAsJSON() throws {
        try withTemporaryDirectory { directory in
            let (file, _) = try Self.setUp(directory)
            let compact = grouplog("whatif", file, "--policy", "removeMember=any(self, allowAll)")
            let json = grouplog("whatif", file, "--policy", #"removeMember={"any": ["self", "allowAll"]}"#)
            #expect(compact.status == .success && json.status == .success)
            #expect(compact.lines == json.lines)
            #expect(compact.lines.contains("3 of 5 commits flip: 2 now applied, 1 now rejected, 0 rejected differently"))
        }
    }

    @Test(arguments: [
        (["whatif", "whatif"], Int32(64), "grouplog: whatif needs at least one --policy SLOT=POLICY, --field-policy FIELD.OPERATION=POLICY or --require-signatures"),
        (["whatif", "--policy", "addMember=adminOnly"], 64, "grouplog: whatif takes exactly one fixture file or group"),
        (["whatif", "whatif", "--policy"], 64, "grouplog: --policy needs a value"),
        (["whatif", "absent", "--policy", "addMember=adminOnly"], 2, "grouplog: group absent does not exist"),
        (["whatif", "missing.json", "--policy", "addMember=adminOnly"], 2, "missing.json"),
        (["whatif", "whatif", "--policy", "addMembers=adminOnly"], 2,
         "grouplog: --policy \"addMembers=adminOnly\": unknown slot \"addMembers\"; expected one of addMember, removeMember, addAdmin"),
        (["whatif", "whatif", "--policy", "addMember=admins"], 2,
         "grouplog: --policy \"addMember=admins\": unknown policy \"admins\"; expected one of allowAll, denyAll, moderatorOnly"),
        (["whatif", "whatif", "--policy", "addMember"], 2, "grouplog: --policy \"addMember\": expected SLOT=POLICY"),
        (["whatif", "whatif", "--policy", "addAdmin=allowAll"], 2, "grouplog: invalid policy: addAdmin: addAdmin can never be allowAll"),
        (["whatif", "whatif", "--field-policy", "CATEGORY.change=allowAll"], 2,
         "grouplog: --field-policy \"CATEGORY.change=allowAll\": unknown operation \"change\"; expected one of insert, update, delete"),
        (["whatif", "whatif", "--field-policy", "COLOUR.update=allowAll"], 2,
         "grouplog: --field-policy: unknown field \"COLOUR\"; the log's fields are USER_DISPLAY_NAME, GROUP_IMAGE, ANNOUNCEMENT, WELCOME_MESSAGE, GROUP_PREFERENCES, SHARED_FILES, CATEGORY"),
    ])
    func badInputIsRefusedAndTheStoreIsUnchanged(words: [String], status: Int32, message: String) throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try Self.setUp(directory)
            expectRefusal(words, status: status, message: message, store: store, group: "whatif")
        }
    }

    @Test func aLogWithNoGroupHasNoFieldToPin() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("none.json", SampleFixture.noGroup)
            let slots = grouplog("whatif", file, "--policy", "updateName=denyAll")
            #expect(slots.status == .success)
            #expect(slots.lines == ["0 of 1 commit flips: 0 now applied, 0 now rejected, 0 rejected differently",
                                    "final state, actual -> what-if: no differences"])
            let fields = grouplog("whatif", file, "--field-policy", "ANNOUNCEMENT.update=denyAll")
            #expect(fields.status.rawValue == 2)
            #expect(fields.stderr == "grouplog: --field-policy: unknown field \"ANNOUNCEMENT\"; the log registers no named field\n")
        }
    }

    @Test func helpDescribesTheCommand() {
        let result = grouplog("whatif", "--help")
        #expect(result.lines.first?.hasPrefix("Usage: grouplog whatif GROUP|FIXTURE [--policy SLOT=POLICY...]") == true)
        #expect(result.stdout.contains("updateMetadata.FIELD"))
        #expect(result.stdout.contains("--require-signatures replays the log as if its commit 0 had created the group"))
        #expect(grouplog("--help").stdout.contains("whatif GROUP|FIXTURE [--policy SLOT=POLICY...]"))
    }
}
