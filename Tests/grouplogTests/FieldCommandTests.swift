import GroupFixtures
import GroupTestSupport
import Testing
@testable import grouplog

/// A fixture and configurations with configurable fields (SPEC section 11).
enum FieldSample {
    /// alix's group of bo, caro and davon with two configured fields; values of every kind; caro
    /// leaves its display name behind when alix removes it.
    static let fixture = """
    {"name": "fields",
     "config": {"application_components": [
       {"id": 49153, "name": "GROUP_CATEGORY", "type": "string", "insert": "adminOnly", "update": "adminOnly", "delete": "adminOnly"},
       {"id": 49154, "name": "STATUS", "type": "inboxMap", "insert": "self", "update": "self", "delete": {"any": ["self", "formerMember"]}}
     ]},
     "commits": [
       {"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo", "caro", "davon"], "name": "Team"}]},
       {"actor": "alix", "time": 2000, "changes": [
         {"op": "updateMetadataField", "field": "GROUP_CATEGORY", "mutation": {"kind": "replace", "value": "sports"}},
         {"op": "updateMetadataField", "field": "GROUP_PREFERENCES", "mutation": {"kind": "mapDelta", "op": "insert", "key": "voice", "value": "off"}},
         {"op": "updateMetadataField", "field": "GROUP_PREFERENCES", "mutation": {"kind": "mapDelta", "op": "insert", "key": "reactions", "value": "on"}}]},
       {"actor": "bo", "time": 3000, "changes": [
         {"op": "updateUserData", "values": [{"field": "USER_DISPLAY_NAME", "value": "Bo"}, {"field": "STATUS", "value": "away"}]},
         {"op": "updateMetadataField", "field": "SHARED_FILES", "mutation": {"kind": "mapDelta", "op": "insert", "key": "a.txt", "value": {"kind": "bytes", "value": "aGk="}}}]},
       {"actor": "caro", "time": 4000, "changes": [{"op": "updateUserData", "values": [{"field": "USER_DISPLAY_NAME", "value": "Caro"}]}]},
       {"actor": "alix", "time": 5000, "changes": [{"op": "removeMembers", "inboxes": ["caro"]}]}
     ],
     "expect": {"fields": {"GROUP_CATEGORY": "sports", "STATUS": {"bo": "away"}, "ANNOUNCEMENT": null}}}
    """

    /// The example of SPEC section 11 with a member limit of 50, and a second field that groups
    /// get only by registerFields.
    static let configuration = """
    \(ConfigurationSample.specExample(memberLimit: 50))

    [[application_components]]
    id = 0xC002
    name = "TOPICS"
    type = "set"
    insert = "allowAll"
    update = "allowAll"
    delete = { any = ["author", "adminOnly"] }
    in_groups = false
    """

    static let fieldLines = [
        "0x8100  USER_DISPLAY_NAME   inboxMap of string        insert self, update self, delete any(self, formerMember)  user field",
        "0x8101  GROUP_IMAGE         bytes                     insert allowAll, update allowAll, delete allowAll",
        "0x8102  ANNOUNCEMENT        string                    insert adminOnly, update adminOnly, delete adminOnly",
        "0x8103  WELCOME_MESSAGE     string                    insert adminOnly, update adminOnly, delete adminOnly",
        "0x8104  GROUP_PREFERENCES   map of string to string   insert adminOnly, update adminOnly, delete adminOnly",
        "0x8105  SHARED_FILES        map of string to bytes    insert allowAll, update author, delete any(author, adminOnly)",
        "0xC001  GROUP_CATEGORY      string                    insert adminOnly, update adminOnly, delete adminOnly",
    ]
}

struct FieldCommandTests {
    // MARK: fields, field and user-data on a fixture

    @Test func fieldsListsTheRegistryInIDOrder() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("fields.json", FieldSample.fixture)
            // The fixture's own expectations hold.
            #expect(grouplog("fixture", "run", file).status == .success)
            let result = grouplog("fields", file)
            #expect(result.status == .success)
            #expect(result.stderr == "")
            #expect(result.lines == FieldSample.fieldLines + [
                "0xC002  STATUS              inboxMap of string        insert self, update self, delete any(self, formerMember)  user field",
            ])

            let json = try JSONParser.parse(grouplog("fields", file, "--json").stdout)
            let fields = try #require(json.arrayValue)
            #expect(fields.count == 8)
            #expect(fields[6]["id"]?.stringValue == "0xC001")
            #expect(fields[6]["name"]?.stringValue == "GROUP_CATEGORY")
            #expect(fields[6]["type"]?.stringValue == "string")
            #expect(fields[6]["insert"]?.stringValue == "adminOnly")
            #expect(fields[0]["delete"] == .object(JSONObject(["any": .array([.string("self"), .string("formerMember")])])))
            #expect(fields.map { $0["isUserField"]?.boolValue } == [true, false, false, false, false, false, false, true])

            // The fields were registered at create.
            #expect(grouplog("fields", file, "--at", "0").lines.count == 8)
        }
    }

    @Test func fieldPrintsScalarsMapsAndOneEntry() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("fields.json", FieldSample.fixture)
            let scalar = grouplog("field", file, "GROUP_CATEGORY")
            #expect(scalar.status == .success)
            #expect(scalar.lines == [#""sports""#])
            #expect(grouplog("field", file, "0xC001").lines == [#""sports""#])
            #expect(grouplog("field", file, "49153").lines == [#""sports""#])
            #expect(grouplog("field", file, "GROUP_CATEGORY", "--at", "0").lines == ["(unset)"])
            #expect(grouplog("field", file, "ANNOUNCEMENT").lines == ["(unset)"])

            #expect(grouplog("field", file, "GROUP_PREFERENCES").lines == [
                #""reactions" = "on"  (by alix)"#,
                #""voice" = "off"  (by alix)"#,
            ])
            #expect(grouplog("field", file, "SHARED_FILES").lines == [#""a.txt" = base64:aGk=  (by bo)"#])
            #expect(grouplog("field", file, "USER_DISPLAY_NAME").lines == [#""bo" = "Bo"  (by bo)"#, #""caro" = "Caro"  (by caro)"#])
            #expect(grouplog("field", file, "GROUP_PREFERENCES", "--at", "0").lines == ["(empty)"])

            let entry = grouplog("field", file, "GROUP_PREFERENCES", "--key", "voice")
            #expect(entry.status == .success)
            #expect(entry.lines == [#""off""#])
            #expect(grouplog("field", file, "GROUP_PREFERENCES", "--key", "font").lines == [#"(no entry for "font")"#])
            #expect(grouplog("field", file, "STATUS", "--key", "bo", "--json").stdout == "\"away\"\n")
            #expect(grouplog("field", file, "SHARED_FILES", "--key", "a.txt", "--json").stdout == #"{"bytes":"aGk="}"# + "\n")

            let json = try JSONParser.parse(grouplog("field", file, "GROUP_PREFERENCES", "--json").stdout)
            #expect(json["field"]?["name"]?.stringValue == "GROUP_PREFERENCES")
            #expect(json["value"] == .object(JSONObject(["reactions": .string("on"), "voice": .string("off")])))
        }
    }

    @Test func fieldOfAnUnknownFieldIsBadInput() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("fields.json", FieldSample.fixture)
            for name in ["MOOD", "0xC0FF", "TOPICS"] {
                let result = grouplog("field", file, name)
                #expect(result.status == .badInput)
                #expect(result.stdout == "")
                #expect(result.stderr == "grouplog: no field \(name) is registered in this conversation\n")
            }
            #expect(grouplog("field", file).status == .usage)
            #expect(grouplog("user-data", file, "--field", "MOOD").status == .badInput)
        }
    }

    @Test func userDataReadsCurrentMembersOrTheInboxesNamed() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("fields.json", FieldSample.fixture)
            let all = grouplog("user-data", file)
            #expect(all.status == .success)
            #expect(all.lines == [
                "alix            (none)",
                #"bo              USER_DISPLAY_NAME = "Bo", STATUS = "away""#,
                "davon           (none)",
            ])
            #expect(grouplog("user-data", file, "--field", "STATUS").lines == [
                "alix            (none)", #"bo              STATUS = "away""#, "davon           (none)",
            ])
            #expect(grouplog("user-data", file, "--field", "STATUS", "--field", "USER_DISPLAY_NAME", "--inbox", "bo").lines == [
                #"bo              STATUS = "away", USER_DISPLAY_NAME = "Bo""#,
            ])
            // A former member is read by naming it.
            #expect(grouplog("user-data", file, "--inbox", "caro", "--inbox", "alix").lines == [
                #"caro            USER_DISPLAY_NAME = "Caro""#, "alix            (none)",
            ])

            let json = try JSONParser.parse(grouplog("user-data", file, "--json").stdout)
            #expect(json["alix"]?.arrayValue?.isEmpty == true)
            #expect(json["caro"] == nil)
            let bo = try #require(json["bo"]?.arrayValue)
            #expect(bo.map { $0["field"]?.stringValue } == ["USER_DISPLAY_NAME", "STATUS"])
            #expect(bo.map { $0["value"]?.stringValue } == ["Bo", "away"])
        }
    }

    // MARK: config check

    @Test func configCheckPrintsTheFieldsOfAValidFile() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("operator.toml", FieldSample.configuration)
            let result = grouplog("config", "check", file)
            #expect(result.status == .success)
            #expect(result.stderr == "")
            #expect(result.lines == [
                "member_limit 50",
                "0xC001  GROUP_CATEGORY      string                    insert adminOnly, update adminOnly, delete adminOnly; in groups",
                "0xC002  TOPICS              set of string             insert allowAll, update allowAll, delete any(author, adminOnly); in none (registerFields only)",
                "2 application fields",
            ])
            let json = try JSONParser.parse(grouplog("config", "check", file, "--json").stdout)
            #expect(json["member_limit"]?.intValue == 50)
            #expect(json["application_components"]?[1]?["key"]?.stringValue == "string")
        }
    }

    @Test func configCheckReportsASyntaxErrorWithFileLineAndColumn() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("operator.toml", "member_limit = 250\n[[application_components]]\nid = 0xC001\nname = \"GROUP_CATEGORY\n")
            let result = grouplog("config", "check", file)
            #expect(result.status == .badInput)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("grouplog: \(file):4:8: "), "stderr: \(result.stderr)")
        }
    }

    @Test func configCheckReportsASemanticErrorWithFileEntryAndReason() throws {
        try withTemporaryDirectory { directory in
            let text = FieldSample.configuration.replacingOccurrences(of: "id = 0xC002", with: "id = 0x8100")
            let file = try directory.write("operator.toml", text)
            let result = grouplog("config", "check", file)
            #expect(result.status == .badInput)
            #expect(result.stdout == "")
            #expect(result.stderr == "grouplog: \(file) at $.application_components[1].id: entry 1: component ID 0x8100 is outside the application ranges 0xC000-0xFCFF and 0xFD00-0xFEFF\n")
            #expect(grouplog("config", "check", directory.path("missing.toml")).status == .badInput)
            #expect(grouplog("config", "check").status == .usage)
            #expect(grouplog("config", "validate", file).status == .usage)
        }
    }

    // MARK: submit --config on a store

    @Test func submitWithAConfigurationRegistersTheConfiguredFields() throws {
        try withTemporaryDirectory { directory in
            let store = directory.path("store")
            let configuration = try directory.write("operator.toml", FieldSample.configuration)
            #expect(grouplog("--store", store, "init").status == .success)
            let created = grouplog("--store", store, "submit", "team", "--actor", "alix", "--time", "1000",
                                   "--changes", #"{"op": "create", "members": ["bo"]}"#, "--config", configuration)
            #expect(created.status == .success, "stderr: \(created.stderr)")
            #expect(created.lines == ["0"])

            let fields = grouplog("--store", store, "fields", "team")
            #expect(fields.status == .success, "stderr: \(fields.stderr)")
            #expect(fields.lines == FieldSample.fieldLines)

            // The field is written like any other, and registerFields finds the one groups lack.
            let write = #"{"op": "updateMetadataField", "field": "GROUP_CATEGORY", "mutation": {"kind": "replace", "value": "chess"}}"#
            #expect(grouplog("--store", store, "submit", "team", "--actor", "alix", "--time", "2000", "--changes", write).status == .success)
            #expect(grouplog("--store", store, "field", "team", "GROUP_CATEGORY").lines == [#""chess""#])
            let register = #"{"op": "registerFields", "fields": ["TOPICS"]}"#
            let unknown = grouplog("--store", store, "submit", "team", "--actor", "alix", "--time", "3000", "--changes", register)
            #expect(unknown.status == .expectationsNotMet, "without the configuration, TOPICS is unknown")
            #expect(unknown.stderr.contains("unknownField"), "stderr: \(unknown.stderr)")
            let registered = grouplog("--store", store, "submit", "team", "--actor", "alix", "--time", "3000",
                                      "--changes", register, "--config", configuration)
            #expect(registered.status == .success, "stderr: \(registered.stderr)")
            #expect(grouplog("--store", store, "fields", "team").lines.last
                == "0xC002  TOPICS              set of string             insert allowAll, update allowAll, delete any(author, adminOnly)")

            // A group made without the configuration has the well-known fields only.
            #expect(grouplog("--store", store, "submit", "plain", "--actor", "alix", "--time", "1000",
                             "--changes", #"{"op": "create"}"#).status == .success)
            #expect(grouplog("--store", store, "fields", "plain").lines == Array(FieldSample.fieldLines.dropLast()))

            // The configuration's member limit went into the create.
            let state = try JSONParser.parse(grouplog("--store", store, "state", "team", "--json").stdout)
            #expect(state["settings"]?["memberLimit"]?.intValue == 50, "state: \(state)")

            // A bad configuration stops the submit before anything is written.
            let bad = try directory.write("bad.toml", "member_limit = 0\n")
            let refused = grouplog("--store", store, "submit", "other", "--actor", "alix", "--time", "1000",
                                   "--changes", #"{"op": "create"}"#, "--config", bad)
            #expect(refused.status == .badInput)
            #expect(refused.stderr.contains("\(bad) at $.member_limit: member_limit must be at least 1"), "stderr: \(refused.stderr)")
            #expect(!grouplog("--store", store, "groups").stdout.contains("other"))
        }
    }
}
