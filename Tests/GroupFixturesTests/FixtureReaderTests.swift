import GroupCore
import GroupFixtures
import GroupTestSupport
import Testing

/// A fixture the reader must refuse, with where and why.
struct BadFixture: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let json: String
    /// The exact JSON path the error must name.
    let path: String
    /// Pieces of text the message must contain, so that it says what is wrong.
    let message: [String]

    init(_ label: String, _ json: String, at path: String, saying message: String...) {
        self.testDescription = label
        self.json = json
        self.path = path
        self.message = message
    }

    /// A fixture whose commit 0 creates a group of alix, bo and caro, followed by `commits`
    /// and, at the top level, `top` (such as `"expect": {...}`).
    static func log(_ commits: String..., top: String? = nil) -> String {
        let create = #"{"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo", "caro"]}]}"#
        let extra = top.map { ", \($0)" } ?? ""
        return #"{"commits": ["# + ([create] + commits).joined(separator: ", ") + "]\(extra)}"
    }

    /// A fixture whose commit 1, by alix, holds the one change `change`.
    static func change(_ change: String) -> String {
        log(#"{"actor": "alix", "changes": [\#(change)]}"#)
    }

    /// A fixture whose configuration lists `components`.
    static func config(_ components: String...) -> String {
        #"{"config": {"application_components": ["# + components.joined(separator: ", ") + #"]}, "commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}"#
    }

    /// A well-formed configured field, but for what the arguments change.
    static func component(id: Int = 49153, name: String = "CATEGORY", type: String = "string") -> String {
        #"{"id": \#(id), "name": "\#(name)", "type": "\#(type)", "insert": "adminOnly", "update": "adminOnly", "delete": "adminOnly"}"#
    }

    /// A fixture whose commit 1, by alix, writes the field `field` with `mutation`.
    static func mutation(_ mutation: String, field: String = #""SETTINGS""#) -> String {
        change(#"{"op": "updateMetadataField", "field": \#(field), "mutation": \#(mutation)}"#)
    }

    static let longInbox = String(repeating: "a", count: 129)
    static let longHandle = String(repeating: "h", count: 257)

    static let all: [BadFixture] = [
        BadFixture("wrong JSON type", change(#"{"op": "addAdmin", "inbox": 7}"#),
                   at: "$.commits[1].changes[0].inbox", saying: "expected a string, found a number"),
        BadFixture("commits is not an array", #"{"commits": {"actor": "alix"}}"#,
                   at: "$.commits", saying: "expected an array, found an object"),
        BadFixture("addAdmin without inbox", change(#"{"op": "addAdmin"}"#),
                   at: "$.commits[1].changes[0]", saying: #"missing required key "inbox""#),
        BadFixture("commit without actor", log(#"{"time": 2000, "changes": [{"op": "leave"}]}"#),
                   at: "$.commits[1]", saying: #"missing required key "actor""#),
        BadFixture("change without op", change(#"{"inbox": "bo"}"#),
                   at: "$.commits[1].changes[0]", saying: #"missing required key "op""#),
        BadFixture("unknown op", change(#"{"op": "promote", "inbox": "bo"}"#),
                   at: "$.commits[1].changes[0].op", saying: #"unknown op "promote""#, "addAdmin"),
        BadFixture("misspelt argument", change(#"{"op": "addAdmin", "inbx": "bo"}"#),
                   at: "$.commits[1].changes[0].inbx", saying: #"unknown key "inbx""#, "inbox"),
        BadFixture("misspelt commit key", log(#"{"actor": "bo", "chnges": []}"#),
                   at: "$.commits[1].chnges", saying: #"unknown key "chnges""#, "changes"),
        BadFixture("misspelt top-level key", #"{"comits": []}"#,
                   at: "$.comits", saying: #"unknown key "comits""#, "commits"),
        BadFixture("unknown policy name",
                   change(#"{"op": "updatePermission", "kind": "addMember", "policy": "everyone"}"#),
                   at: "$.commits[1].changes[0].policy", saying: #"unknown policy "everyone""#, "allowAll"),
        BadFixture("unknown policy inside a combinator",
                   change(#"{"op": "updatePermission", "kind": "addMember", "policy": {"any": ["adminOnly", "owner"]}}"#),
                   at: "$.commits[1].changes[0].policy.any[1]", saying: #"unknown policy "owner""#),
        BadFixture("unknown role name", change(#"{"op": "setRole", "inboxes": ["bo"], "role": "owner"}"#),
                   at: "$.commits[1].changes[0].role", saying: #"unknown role "owner""#, "moderator"),
        BadFixture("unknown role name in expect.members", log(top: #""expect": {"members": {"alix": "owner"}}"#),
                   at: "$.expect.members.alix", saying: #"unknown role "owner""#, "superAdmin"),
        BadFixture("unknown slot in updatePermission",
                   change(#"{"op": "updatePermission", "kind": "addMembers", "policy": "adminOnly"}"#),
                   at: "$.commits[1].changes[0].kind", saying: #"unknown policy slot "addMembers""#, "addMember"),
        BadFixture("unknown slot in a custom policy set",
                   #"{"commits": [{"actor": "alix", "changes": [{"op": "create", "policySet": {"addMembers": "allowAll"}}]}]}"#,
                   at: "$.commits[0].changes[0].policySet.addMembers", saying: #"unknown policy slot "addMembers""#),
        BadFixture("unknown metadata field in updatePermission",
                   change(#"{"op": "updatePermission", "kind": "updateMetadata", "field": "title", "policy": "adminOnly"}"#),
                   at: "$.commits[1].changes[0].field", saying: #"unknown metadata field "title""#, "imageURL"),
        BadFixture("unknown error code in expect",
                   log(#"{"actor": "bo", "changes": [{"op": "addAdmin", "inbox": "caro"}], "expect": {"rejected": "notAllowed"}}"#),
                   at: "$.commits[1].expect.rejected", saying: #"unknown error code "notAllowed""#),
        BadFixture("unknown outcome in expect",
                   log(#"{"actor": "bo", "changes": [{"op": "leave"}], "expect": "accepted"}"#),
                   at: "$.commits[1].expect", saying: #"unknown outcome "accepted""#, "applied"),
        BadFixture("inbox ID over 128 bytes", change(#"{"op": "addAdmin", "inbox": "\#(longInbox)"}"#),
                   at: "$.commits[1].changes[0].inbox", saying: "129 bytes", "128"),
        BadFixture("inbox ID with a space", log(#"{"actor": "al ix", "changes": [{"op": "leave"}]}"#),
                   at: "$.commits[1].actor", saying: #""al ix""#, "space"),
        BadFixture("empty inbox ID", #"{"commits": [{"actor": "alix", "changes": [{"op": "create", "members": ["bo", ""]}]}]}"#,
                   at: "$.commits[0].changes[0].members[1]", saying: "is empty"),
        BadFixture("identity over 256 bytes in identities",
                   #"{"identities": [{"inbox": "bo", "handles": ["bo.eth", "\#(longHandle)"]}], "commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}"#,
                   at: "$.identities[0].handles[1]", saying: "257 bytes", "256"),
        BadFixture("identity over 256 bytes in addMembers",
                   change(#"{"op": "addMembers", "identities": [{"account": "\#(longHandle)"}]}"#),
                   at: "$.commits[1].changes[0].identities[0].account", saying: "257 bytes", "256"),
        BadFixture("empty identity", change(#"{"op": "addMembers", "identities": [{"handle": ""}]}"#),
                   at: "$.commits[1].changes[0].identities[0].handle", saying: "is empty"),
        BadFixture("empty changes", log(#"{"actor": "bo", "changes": []}"#),
                   at: "$.commits[1].changes", saying: "at least one change"),
        BadFixture("empty commits", #"{"name": "nothing", "commits": []}"#,
                   at: "$.commits", saying: "at least one commit"),
        BadFixture("no commits at all", #"{"name": "nothing"}"#,
                   at: "$", saying: #"missing required key "commits""#),
        BadFixture("updateDisappearingMessages with fromNs only",
                   change(#"{"op": "updateDisappearingMessages", "fromNs": 5}"#),
                   at: "$.commits[1].changes[0]", saying: "fromNs", "inNs", "both"),
        BadFixture("updateDisappearingMessages with inNs only",
                   change(#"{"op": "updateDisappearingMessages", "fromNs": null, "inNs": 60}"#),
                   at: "$.commits[1].changes[0]", saying: "fromNs", "inNs", "both"),
        BadFixture("negative time", log(#"{"actor": "bo", "time": -5, "changes": [{"op": "leave"}]}"#),
                   at: "$.commits[1].time", saying: "whole number from 0 to 18446744073709551615", "found -5"),
        BadFixture("time above UInt64", log(#"{"actor": "bo", "time": 18446744073709551616, "changes": [{"op": "leave"}]}"#),
                   at: "$.commits[1].time", saying: "whole number from 0 to 18446744073709551615", "found 18446744073709551616"),
        BadFixture("fractional time", log(#"{"actor": "bo", "time": 1.5, "changes": [{"op": "leave"}]}"#),
                   at: "$.commits[1].time", saying: "whole number", "found 1.5"),
        BadFixture("unsupported expectation key", log(top: #""expect": {"members": {"alix": "superAdmin"}, "colour": {"bo": "blue"}}"#),
                   at: "$.expect.colour", saying: #""colour""#, "not checked", "canSend", "events"),
        BadFixture("canSend of the wrong type", log(top: #""expect": {"canSend": {"bo": "yes"}}"#),
                   at: "$.expect.canSend.bo", saying: "expected a boolean, found a string"),
        BadFixture("events that are not names", log(top: #""expect": {"events": [1]}"#),
                   at: "$.expect.events[0]", saying: "expected a string, found a number"),
        BadFixture("banned with a bad inbox", log(top: #""expect": {"banned": ["has space"]}"#),
                   at: "$.expect.banned[0]", saying: "has space"),
        BadFixture("mute with an empty list", change(#"{"op": "mute", "inboxes": [], "until": 5000}"#),
                   at: "$.commits[1].changes[0].inboxes", saying: "at least one inbox"),
        BadFixture("mute without an end", change(#"{"op": "mute", "inboxes": ["bo"]}"#),
                   at: "$.commits[1].changes[0]", saying: #"missing required key "until""#),
        BadFixture("a negative mute end", change(#"{"op": "mute", "inboxes": ["bo"], "until": -1}"#),
                   at: "$.commits[1].changes[0].until", saying: "whole number from 0", "found -1"),
        BadFixture("a link ID with a space", change(#"{"op": "createLink", "link": "my link", "role": "member"}"#),
                   at: "$.commits[1].changes[0].link", saying: #"invalid link ID "my link""#),
        BadFixture("an empty link ID", change(#"{"op": "join", "link": ""}"#),
                   at: "$.commits[1].changes[0].link", saying: "invalid link ID"),
        BadFixture("createLink without a role", change(#"{"op": "createLink", "link": "team"}"#),
                   at: "$.commits[1].changes[0]", saying: #"missing required key "role""#),
        BadFixture("approveJoin with an unknown role", change(#"{"op": "approveJoin", "inbox": "bo", "role": "owner"}"#),
                   at: "$.commits[1].changes[0].role", saying: #"unknown role "owner""#),
        BadFixture("blockGroup with a string", change(#"{"op": "blockGroup", "on": "yes"}"#),
                   at: "$.commits[1].changes[0].on", saying: "expected a boolean, found a string"),
        BadFixture("deleteGroup with an argument", change(#"{"op": "deleteGroup", "inbox": "bo"}"#),
                   at: "$.commits[1].changes[0].inbox", saying: #"unknown key "inbox""#),
        BadFixture("a misspelt blockForAll argument", change(#"{"op": "blockForAll", "inboxes": ["bo"], "block": true}"#),
                   at: "$.commits[1].changes[0].block", saying: #"unknown key "block""#, "blocked"),
        BadFixture("a configured field without its policies", config(#"{"id": 49153, "type": "string"}"#),
                   at: "$.config.application_components[0]", saying: #"missing required key "insert""#),
        BadFixture("a configured field without an ID", config(#"{"type": "string", "insert": "allowAll", "update": "allowAll", "delete": "allowAll"}"#),
                   at: "$.config.application_components[0]", saying: #"missing required key "id""#),
        BadFixture("a configured field in the well-known range", config(component(id: 33024)),
                   at: "$.config.application_components[0].id", saying: "entry 0", "0x8100", "outside the application ranges"),
        BadFixture("a configured field with an unknown type", config(component(type: "list")),
                   at: "$.config.application_components[0].type", saying: "entry 0", #"unknown type "list""#),
        BadFixture("a configured field with an unknown policy", config(component(), #"{"id": 49154, "type": "bytes", "insert": "owner", "update": "allowAll", "delete": "allowAll"}"#),
                   at: "$.config.application_components[1].insert", saying: #"unknown policy "owner""#),
        BadFixture("two configured fields with one ID", config(component(), component(name: "OTHER")),
                   at: "$.config.application_components[1]", saying: "entry 1", "0xC001", "already used by entry 0"),
        BadFixture("a misspelt key of a configured field", config(#"{"id": 49153, "type": "string", "insert": "allowAll", "update": "allowAll", "delete": "allowAll", "in_group": true}"#),
                   at: "$.config.application_components[0].in_group", saying: #"unknown key "in_group""#, "in_groups"),
        BadFixture("a misspelt configuration key", #"{"config": {"memberLimit": 5}, "commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}"#,
                   at: "$.config.memberLimit", saying: #"unknown key "memberLimit""#, "member_limit"),
        BadFixture("addMembers with nobody", change(#"{"op": "addMembers", "inboxes": [], "identities": []}"#),
                   at: "$.commits[1].changes[0]", saying: "at least one inbox", "identity"),
        BadFixture("removeMembers with an empty list", change(#"{"op": "removeMembers", "inboxes": []}"#),
                   at: "$.commits[1].changes[0]", saying: "at least one inbox", "identity"),
        BadFixture("an identity object with an unknown key",
                   change(#"{"op": "removeMembers", "identities": [{"email": "bo@example.com"}]}"#),
                   at: "$.commits[1].changes[0].identities[0].email", saying: "unknown key \"email\"", "handle"),
        BadFixture("an identity object with an unknown key in create",
                   #"{"commits": [{"actor": "alix", "changes": [{"op": "create", "identities": [{"handle": "bo.eth", "phone": "1"}]}]}]}"#,
                   at: "$.commits[0].changes[0].identities[0].phone", saying: "unknown key \"phone\""),
        BadFixture("an unknown operation in updateFieldPolicy",
                   change(#"{"op": "updateFieldPolicy", "field": "ANNOUNCEMENT", "operation": "append", "policy": "adminOnly"}"#),
                   at: "$.commits[1].changes[0].operation", saying: "append", "insert, update, delete"),
        BadFixture("updateFieldPolicy without a policy",
                   change(#"{"op": "updateFieldPolicy", "field": "ANNOUNCEMENT", "operation": "insert"}"#),
                   at: "$.commits[1].changes[0]", saying: "missing required key \"policy\""),
        BadFixture("a negative disappearing-message time in create",
                   #"{"commits": [{"actor": "alix", "changes": [{"op": "create", "disappearingMessages": {"fromNs": 0, "inNs": -5}}]}]}"#,
                   at: "$.commits[0].changes[0].disappearingMessages.inNs", saying: "0 or more", "-5"),
        BadFixture("disappearing messages in create with an unknown key",
                   #"{"commits": [{"actor": "alix", "changes": [{"op": "create", "disappearingMessages": {"fromNs": 0, "inNs": 5, "at": 1}}]}]}"#,
                   at: "$.commits[0].changes[0].disappearingMessages.at", saying: "unknown key \"at\""),
        BadFixture("identity object with two kinds",
                   change(#"{"op": "addMembers", "identities": [{"handle": "a.eth", "account": "0xa"}]}"#),
                   at: "$.commits[1].changes[0].identities[0]", saying: #"{"handle": ...} or {"account": ...}"#),
        BadFixture("misspelt key in identities",
                   #"{"identities": [{"inbox": "bo", "handle": ["bo.eth"]}], "commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}"#,
                   at: "$.identities[0].handle", saying: #"unknown key "handle""#, "handles"),
        BadFixture("commit expect of the wrong type", log(#"{"actor": "bo", "changes": [{"op": "leave"}], "expect": 3}"#),
                   at: "$.commits[1].expect", saying: "expected an object, found a number"),
        BadFixture("bytes that are not base64", mutation(#"{"kind": "replace", "value": {"kind": "bytes", "value": "abc"}}"#),
                   at: "$.commits[1].changes[0].mutation.value.value", saying: #""abc" is not valid base64"#),
        BadFixture("bytes whose padding bits are set", mutation(#"{"kind": "replace", "value": {"kind": "bytes", "value": "aGl="}}"#),
                   at: "$.commits[1].changes[0].mutation.value.value", saying: #""aGl=" is not valid base64"#),
        BadFixture("an unknown value kind", mutation(#"{"kind": "replace", "value": {"kind": "number", "value": "1"}}"#),
                   at: "$.commits[1].changes[0].mutation.value.kind", saying: #"unknown value kind "number""#, "bytes"),
        BadFixture("an unknown mutation kind", mutation(#"{"kind": "merge", "value": "x"}"#),
                   at: "$.commits[1].changes[0].mutation.kind", saying: #"unknown mutation kind "merge""#, "replace, mapDelta or setDelta"),
        BadFixture("replace without a value", mutation(#"{"kind": "replace"}"#),
                   at: "$.commits[1].changes[0].mutation", saying: #"replace needs "value""#),
        BadFixture("mapDelta delete with a value", mutation(#"{"kind": "mapDelta", "op": "delete", "key": "k", "value": "v"}"#),
                   at: "$.commits[1].changes[0].mutation", saying: "mapDelta delete takes no value"),
        BadFixture("mapDelta insert without a value", mutation(#"{"kind": "mapDelta", "op": "insert", "key": "k"}"#),
                   at: "$.commits[1].changes[0].mutation", saying: "mapDelta insert needs a value"),
        BadFixture("mapDelta update with a null value", mutation(#"{"kind": "mapDelta", "op": "update", "key": "k", "value": null}"#),
                   at: "$.commits[1].changes[0].mutation", saying: "mapDelta update needs a value"),
        BadFixture("mapDelta without a key", mutation(#"{"kind": "mapDelta", "op": "insert", "value": "v"}"#),
                   at: "$.commits[1].changes[0].mutation", saying: #"missing required key "key""#),
        BadFixture("setDelta op update", mutation(#"{"kind": "setDelta", "op": "update", "key": "k"}"#, field: #""TAGS""#),
                   at: "$.commits[1].changes[0].mutation.op", saying: #"unknown setDelta op "update""#, "insert, delete"),
        BadFixture("setDelta with a value", mutation(#"{"kind": "setDelta", "op": "insert", "key": "k", "value": "v"}"#, field: #""TAGS""#),
                   at: "$.commits[1].changes[0].mutation.value", saying: #"unknown key "value""#),
        BadFixture("a field ID over 65535", mutation(#"{"kind": "replace", "value": "x"}"#, field: "65536"),
                   at: "$.commits[1].changes[0].field", saying: "65536 is not a 16-bit component ID"),
        BadFixture("a field that is neither a name nor an ID", mutation(#"{"kind": "replace", "value": "x"}"#, field: "true"),
                   at: "$.commits[1].changes[0].field", saying: "expected a string, found"),
        BadFixture("registerFields with no names", change(#"{"op": "registerFields", "fields": []}"#),
                   at: "$.commits[1].changes[0].fields", saying: "at least one field name"),
        BadFixture("registerFields with a descriptor instead of a name", change(#"{"op": "registerFields", "fields": [{"id": 49153}]}"#),
                   at: "$.commits[1].changes[0].fields[0]", saying: "expected a string, found an object"),
        BadFixture("updateUserData with no values", change(#"{"op": "updateUserData", "values": []}"#),
                   at: "$.commits[1].changes[0].values", saying: "at least one value"),
        BadFixture("updateUserData without a value", change(#"{"op": "updateUserData", "values": [{"field": "USER_DISPLAY_NAME"}]}"#),
                   at: "$.commits[1].changes[0].values[0]", saying: #"needs "value""#, "null removes"),
        BadFixture("member_limit below 1",
                   #"{"config": {"member_limit": 0}, "commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}"#,
                   at: "$.config.member_limit", saying: "at least 1"),
    ]
}

struct FixtureReaderTests {
    private func read(_ json: String, file: String? = "bad.json") throws(FixtureError) -> Fixture {
        try FixtureReader.read(Array(json.utf8), file: file)
    }

    // MARK: Bad input

    @Test(arguments: BadFixture.all)
    func refusesBadInputNamingPathAndProblem(_ bad: BadFixture) throws {
        let error = try #require(throws: FixtureError.self) { try read(bad.json) }
        #expect(error.file == "bad.json")
        #expect(error.path == bad.path)
        #expect(error.line == nil && error.column == nil)
        for fragment in bad.message {
            #expect(error.message.contains(fragment), "message \(error.message.quoted) should contain \(fragment.quoted)")
        }
        #expect(error.description == "bad.json at \(bad.path): \(error.message)")
    }

    @Test func malformedJSONNamesLineAndColumn() throws {
        let json = """
        {
          "commits": [
            {"actor": "alix" "time": 1000, "changes": [{"op": "create"}]}
          ]
        }
        """
        let error = try #require(throws: FixtureError.self) { try read(json) }
        #expect(error.file == "bad.json")
        #expect(error.path == "$")
        #expect(error.line == 3)
        #expect(error.column == 22)
        #expect(error.message.contains("expected ',' or '}'"), "message: \(error.message)")
        #expect(error.description.hasPrefix("bad.json:3:22: "))
    }

    @Test func emptyDocumentIsMalformedJSON() throws {
        let error = try #require(throws: FixtureError.self) { try read("") }
        #expect(error.line == 1 && error.column == 1)
        #expect(error.path == "$")
    }

    @Test func fixtureThatIsNotAnObjectSaysSo() throws {
        let error = try #require(throws: FixtureError.self) { try read("[1, 2]") }
        #expect(error.path == "$")
        #expect(error.message == "expected an object, found an array")
    }

    /// A second claim of one identity is malformed input: it must be refused before the log runs,
    /// naming the file and the claim itself, wherever the check lives.
    @Test func identityClaimedByTwoInboxesIsRefused() throws {
        let json = """
        {"identities": [{"inbox": "alix", "handles": ["alix.eth"]}, {"inbox": "bo", "handles": ["bo.eth", "alix.eth"]}],
         "commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}
        """
        let error = try #require(throws: FixtureError.self) { _ = try read(json, file: "claims.json").directory() }
        #expect(error.path == "$.identities[1].handles[1]")
        #expect(error.file == "claims.json")
        #expect(error.message.contains("alix.eth") && error.message.contains("already claimed by alix"), "message: \(error.message)")
    }

    @Test func errorsWithoutAFileSayInput() throws {
        let error = try #require(throws: FixtureError.self) { try read(#"{"commits": []}"#, file: nil) }
        #expect(error.file == nil)
        #expect(error.description == "<input> at $.commits: \(error.message)")
    }

    // MARK: Decoding

    static let everyOp: [(json: String, change: Change)] = [
        (#"{"op": "create"}"#, .create(CreateConversation())),
        (#"{"op": "create", "kind": "dm", "members": ["bo"], "policySet": "adminOnly"}"#,
         .create(CreateConversation(kind: .dm, members: [.bo], policySet: .adminOnly))),
        (#"{"op": "create", "kind": "dm", "identities": [{"handle": "bo.eth"}], "disappearingMessages": {"fromNs": 5, "inNs": 0}}"#,
         .create(CreateConversation(kind: .dm, identities: [ResolvedIdentity(try! PublicIdentity(.handle, "bo.eth"), inbox: nil)],
                                    disappearingMessages: DisappearingMessages(fromNs: 5, inNs: 0)))),
        (#"{"op": "create", "members": ["bo"], "identities": [{"account": "0xca"}], "disappearingMessages": null}"#,
         .create(CreateConversation(members: [.bo], identities: [ResolvedIdentity(try! PublicIdentity(.account, "0xca"), inbox: nil)]))),
        (#"{"op": "removeMembers", "identities": [{"handle": "bo.eth"}], "withMessages": true}"#,
         .removeMembers(inboxes: [], identities: [ResolvedIdentity(try! PublicIdentity(.handle, "bo.eth"), inbox: nil)], withMessages: true)),
        (#"{"op": "updateFieldPolicy", "field": "GROUP_IMAGE", "operation": "update", "policy": {"any": ["author", "adminOnly"]}}"#,
         .updateFieldPolicy(field: .name("GROUP_IMAGE"), operation: .update, policy: .any([.author, .adminOnly]))),
        (#"{"op": "updateFieldPolicy", "field": 49153, "operation": "delete", "policy": "denyAll"}"#,
         .updateFieldPolicy(field: .id(ComponentID(0xC001)), operation: .delete, policy: .denyAll)),
        (#"{"op": "updateMetadataField", "field": "0xC001", "mutation": {"kind": "replace", "value": "x"}}"#,
         .updateMetadataField(field: .id(ComponentID(0xC001)), mutation: .replace(.string("x")))),
        ("""
         {"op": "create", "kind": "group", "members": ["bo", "caro"],
          "policySet": {"addMember": "adminOnly", "removeMember": {"any": ["adminOnly", "self"]},
                        "addAdmin": "superAdminOnly", "removeAdmin": "superAdminOnly", "updateName": "allowAll",
                        "updateDescription": "moderatorOnly", "updateImageURL": "formerMember",
                        "updateAppData": {"all": ["allowAll", "author"]}, "updateDisappearingMessages": "denyAll"},
          "name": "Team", "description": "the team", "imageURL": "https://example.com/t.png", "appData": "v1",
          "memberLimit": 40, "leaveRule": "direct", "joinRule": "approval", "invitesNeedConsent": true,
          "admission": "review", "style": "publicJoinNeedApproval"}
         """,
         .create(CreateConversation(
             kind: .group, members: [.bo, .caro],
             policySet: .custom([
                 .addMember: .adminOnly, .removeMember: .any([.adminOnly, .selfOnly]), .addAdmin: .superAdminOnly,
                 .removeAdmin: .superAdminOnly, .updateName: .allowAll, .updateDescription: .moderatorOnly,
                 .updateImageURL: .formerMember, .updateAppData: .all([.allowAll, .author]),
                 .updateDisappearingMessages: .denyAll,
             ]),
             name: "Team", description: "the team", imageURL: "https://example.com/t.png", appData: "v1",
             memberLimit: 40, leaveRule: .direct, joinRule: .approval, invitesNeedConsent: true,
             admission: .review, style: .publicJoinNeedApproval))),
        (#"{"op": "addMembers", "inboxes": ["bo", "caro"], "identities": [{"handle": "dave.eth"}, {"account": "0xd"}]}"#,
         .addMembers(inboxes: [.bo, .caro], identities: [
             ResolvedIdentity(.handle("dave.eth"), inbox: nil), ResolvedIdentity(.account("0xd"), inbox: nil),
         ])),
        (#"{"op": "addMembers", "identities": [{"handle": "dave.eth"}]}"#,
         .addMembers(inboxes: [], identities: [ResolvedIdentity(.handle("dave.eth"), inbox: nil)])),
        (#"{"op": "removeMembers", "inboxes": ["bo", "caro"], "withMessages": true}"#,
         .removeMembers(inboxes: [.bo, .caro], withMessages: true)),
        (#"{"op": "removeMembers", "inboxes": ["bo"]}"#, .removeMembers(inboxes: [.bo], withMessages: false)),
        (#"{"op": "addAdmin", "inbox": "bo"}"#, .addAdmin(.bo)),
        (#"{"op": "removeAdmin", "inbox": "bo"}"#, .removeAdmin(.bo)),
        (#"{"op": "addSuperAdmin", "inbox": "bo"}"#, .addSuperAdmin(.bo)),
        (#"{"op": "removeSuperAdmin", "inbox": "bo"}"#, .removeSuperAdmin(.bo)),
        (#"{"op": "transferOwnership", "inbox": "bo"}"#, .transferOwnership(.bo)),
        (#"{"op": "setRole", "inboxes": ["bo", "caro"], "role": "observer"}"#, .setRole(inboxes: [.bo, .caro], role: .observer)),
        (#"{"op": "updatePermission", "kind": "ban", "policy": {"any": ["superAdminOnly", {"all": ["self", "moderatorOnly"]}]}}"#,
         .updatePermission(slot: .ban, policy: .any([.superAdminOnly, .all([.selfOnly, .moderatorOnly])]))),
        (#"{"op": "updatePermission", "kind": "updateMetadata", "field": "disappearingMessages", "policy": "superAdminOnly"}"#,
         .updatePermission(slot: .updateDisappearingMessages, policy: .superAdminOnly)),
        (#"{"op": "updatePermission", "kind": "updateMetadata", "field": "imageURL", "policy": "denyAll"}"#,
         .updatePermission(slot: .updateImageURL, policy: .denyAll)),
        (#"{"op": "requestRemoval"}"#, .requestRemoval),
        (#"{"op": "leave"}"#, .leave),
        (#"{"op": "updateName", "name": "Team"}"#, .updateName("Team")),
        (#"{"op": "updateDescription", "description": "the team"}"#, .updateDescription("the team")),
        (#"{"op": "updateImageURL", "url": "https://example.com/t.png"}"#, .updateImageURL("https://example.com/t.png")),
        (#"{"op": "updateAppData", "data": "v2", "expected": "v1"}"#, .updateAppData(data: "v2", expected: "v1")),
        (#"{"op": "updateAppData", "data": "v2"}"#, .updateAppData(data: "v2", expected: nil)),
        (#"{"op": "updateDisappearingMessages", "fromNs": -1, "inNs": 9223372036854775807}"#,
         .updateDisappearingMessages(DisappearingMessages(fromNs: -1, inNs: .max))),
        (#"{"op": "updateDisappearingMessages", "fromNs": null, "inNs": null}"#, .updateDisappearingMessages(nil)),
        (#"{"op": "updateDisappearingMessages"}"#, .updateDisappearingMessages(nil)),
        (#"{"op": "registerFields", "fields": ["GROUP_CATEGORY", "USER_DISPLAY_NAME"]}"#,
         .registerFields([.unknown(name: "GROUP_CATEGORY"), .unknown(name: "USER_DISPLAY_NAME")])),
        (#"{"op": "updateMetadataField", "field": "ANNOUNCEMENT", "mutation": {"kind": "replace", "value": "hello"}}"#,
         .updateMetadataField(field: .name("ANNOUNCEMENT"), mutation: .replace(.string("hello")))),
        (#"{"op": "updateMetadataField", "field": 49153, "mutation": {"kind": "replace", "value": {"kind": "string", "value": "sports"}}}"#,
         .updateMetadataField(field: .id(ComponentID(0xC001)), mutation: .replace(.string("sports")))),
        (#"{"op": "updateMetadataField", "field": "GROUP_IMAGE", "mutation": {"kind": "replace", "value": {"kind": "bytes", "value": "iVBORw=="}}}"#,
         .updateMetadataField(field: .name("GROUP_IMAGE"), mutation: .replace(.bytes([0x89, 0x50, 0x4E, 0x47])))),
        (#"{"op": "updateMetadataField", "field": "GROUP_IMAGE", "mutation": {"kind": "replace", "value": {"kind": "bytes", "value": ""}}}"#,
         .updateMetadataField(field: .name("GROUP_IMAGE"), mutation: .replace(.bytes([])))),
        (#"{"op": "updateMetadataField", "field": 33026, "mutation": {"kind": "replace", "value": null}}"#,
         .updateMetadataField(field: .id(WellKnownFields.announcement), mutation: .replace(nil))),
        (#"{"op": "updateMetadataField", "field": "GROUP_PREFERENCES", "mutation": {"kind": "mapDelta", "op": "insert", "key": "voice", "value": "off"}}"#,
         .updateMetadataField(field: .name("GROUP_PREFERENCES"), mutation: .mapDelta(.insert, key: .string("voice"), value: .string("off")))),
        (#"{"op": "updateMetadataField", "field": "SHARED_FILES", "mutation": {"kind": "mapDelta", "op": "update", "key": {"kind": "string", "value": "a.txt"}, "value": {"kind": "bytes", "value": "aGk="}}}"#,
         .updateMetadataField(field: .name("SHARED_FILES"), mutation: .mapDelta(.update, key: .string("a.txt"), value: .bytes(Array("hi".utf8))))),
        (#"{"op": "updateMetadataField", "field": 49154, "mutation": {"kind": "mapDelta", "op": "delete", "key": {"kind": "bytes", "value": "AAE="}}}"#,
         .updateMetadataField(field: .id(ComponentID(0xC002)), mutation: .mapDelta(.delete, key: .bytes([0, 1]), value: nil))),
        (#"{"op": "updateMetadataField", "field": "TAGS", "mutation": {"kind": "setDelta", "op": "insert", "key": "music"}}"#,
         .updateMetadataField(field: .name("TAGS"), mutation: .setDelta(.insert, key: .string("music")))),
        (#"{"op": "updateMetadataField", "field": "BADGES", "mutation": {"kind": "setDelta", "op": "delete", "key": {"kind": "bytes", "value": "/w=="}}}"#,
         .updateMetadataField(field: .name("BADGES"), mutation: .setDelta(.delete, key: .bytes([0xFF])))),
        (#"{"op": "updateUserData", "values": [{"field": "USER_DISPLAY_NAME", "value": "Bo"}, {"field": 49155, "value": {"kind": "bytes", "value": "AQID"}}, {"field": "STATUS", "value": null}]}"#,
         .updateUserData([
             UserFieldUpdate(field: .name("USER_DISPLAY_NAME"), value: .string("Bo")),
             UserFieldUpdate(field: .id(ComponentID(0xC003)), value: .bytes([1, 2, 3])),
             UserFieldUpdate(field: .name("STATUS"), value: nil),
         ])),
        (#"{"op": "acceptInvitation"}"#, .acceptInvitation),
        (#"{"op": "declineInvitation"}"#, .declineInvitation),
        (#"{"op": "join"}"#, .join(link: nil)),
        (#"{"op": "join", "link": "team-2024"}"#, .join(link: "team-2024")),
        (#"{"op": "approveJoin", "inbox": "bo"}"#, .approveJoin(.bo, role: nil)),
        (#"{"op": "approveJoin", "inbox": "bo", "role": "moderator"}"#, .approveJoin(.bo, role: .moderator)),
        (#"{"op": "rejectJoin", "inbox": "caro"}"#, .rejectJoin(.caro)),
        (#"{"op": "createLink", "link": "team", "role": "observer"}"#, .createLink("team", role: .observer)),
        (#"{"op": "updateLinkRole", "link": "team", "role": "admin"}"#, .updateLinkRole("team", role: .admin)),
        (#"{"op": "deleteLink", "link": "team"}"#, .deleteLink("team")),
        (#"{"op": "blockForAll", "inboxes": ["bo", "caro"], "blocked": true}"#, .blockForAll(inboxes: [.bo, .caro], blocked: true)),
        (#"{"op": "blockForAll", "inboxes": ["bo"], "blocked": false}"#, .blockForAll(inboxes: [.bo], blocked: false)),
        (#"{"op": "mute", "inboxes": ["bo"], "until": 18446744073709551615}"#, .mute(inboxes: [.bo], until: .max)),
        (#"{"op": "unmute", "inboxes": ["bo", "caro"]}"#, .unmute([.bo, .caro])),
        (#"{"op": "muteAll", "on": true}"#, .muteAll(true)),
        (#"{"op": "muteAll", "on": false}"#, .muteAll(false)),
        (#"{"op": "allowListAdd", "inboxes": ["bo"]}"#, .allowListAdd([.bo])),
        (#"{"op": "allowListRemove", "inboxes": ["bo", "caro"]}"#, .allowListRemove([.bo, .caro])),
        (#"{"op": "ban", "inboxes": ["davon"]}"#, .ban([.davon])),
        (#"{"op": "unban", "inboxes": ["davon", "eri"]}"#, .unban([.davon, .eri])),
        (#"{"op": "blockGroup", "on": true}"#, .blockGroup(true)),
        (#"{"op": "blockGroup", "on": false}"#, .blockGroup(false)),
        (#"{"op": "deleteGroup"}"#, .deleteGroup),
        (#"{"op": "updateKeys", "add": ["AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE="]}"#, .updateKeys(add: [.filled(1)], remove: [])),
        (#"{"op": "updateKeys", "add": ["AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI="], "remove": ["AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE="]}"#,
         .updateKeys(add: [.filled(2)], remove: [.filled(1)])),
        (#"{"op": "create", "members": ["bo"], "requireSignatures": true, "keys": {"bo": ["AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI="]}}"#,
         .create(CreateConversation(members: [.bo], requireSignatures: true, keys: [.bo: [.filled(2)]]))),
        (#"{"op": "create", "kind": "dm", "members": ["bo"], "requireSignatures": true}"#,
         .create(CreateConversation(kind: .dm, members: [.bo], requireSignatures: true))),
        (#"{"op": "addMembers", "inboxes": ["bo"], "keys": {"bo": ["AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI=", "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE="]}}"#,
         .addMembers(inboxes: [.bo], identities: [], keys: [.bo: [.filled(2), .filled(1)]])),
        (#"{"op": "join", "link": "team", "keys": ["AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI="]}"#, .join(link: "team", keys: [.filled(2)])),
        (#"{"op": "acceptInvitation", "keys": ["AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI="]}"#, .acceptInvitation(keys: [.filled(2)])),
    ]

    @Test(arguments: everyOp)
    func decodesChange(_ json: String, _ change: Change) throws {
        #expect(try ChangeJSON.decode(JSONParser.parse(json), path: "$") == change)
    }

    /// What `grouplog export` writes for a change reads back as the same change.
    @Test(arguments: everyOp)
    func encodedChangesReadBack(_ json: String, _ change: Change) throws {
        let written = JSONWriter.write(ChangeJSON.encode(change))
        #expect(try ChangeJSON.decode(JSONParser.parse(written), path: "$") == change, "\(written)")
    }

    @Test func everySupportedOpHasADecodingCase() {
        let covered = Set(Self.everyOp.map(\.change.op))
        #expect(covered == Set(ChangeJSON.supportedOps))
    }

    @Test func readsTheWholeShape() throws {
        let fixture = try read("""
        {"name": "shape", "config": {"member_limit": 12, "application_components": []},
         "commits": [
           {"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo"]}], "expect": "applied"},
           {"actor": "bo", "time": 1500, "changes": [{"op": "addAdmin", "inbox": "bo"}, {"op": "leave"}],
            "expect": {"rejected": "permissionDenied"}}
         ],
         "expect": {"members": {"alix": "superAdmin", "bo": "member"}}}
        """)
        var expect = FixtureExpectation()
        expect.members = [.alix: .superAdmin, .bo: .member]
        #expect(fixture == Fixture(
            name: "shape", config: OperatorConfiguration(memberLimit: 12),
            commits: [
                FixtureCommit(actor: .alix, time: 1000, changes: [.create(CreateConversation(members: [.bo]))], expect: .applied),
                FixtureCommit(actor: .bo, time: 1500, changes: [.addAdmin(.bo), .leave], expect: .rejected(code: "permissionDenied")),
            ],
            expect: expect))
    }

    @Test func readsTheConfigurationsFields() throws {
        let fixture = try read("""
        {"config": {"member_limit": 30, "application_components": [
           {"id": 49153, "name": "GROUP_CATEGORY", "type": "string", "insert": "adminOnly", "update": "adminOnly", "delete": "adminOnly"},
           {"id": 64768, "type": "map", "key": "bytes", "insert": "allowAll", "update": "author", "delete": {"any": ["author", "adminOnly"]},
            "in_groups": false, "in_dms": true}
         ]},
         "commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}
        """)
        #expect(fixture.config == OperatorConfiguration(memberLimit: 30, components: [
            .init(descriptor: FieldDescriptor(id: ComponentID(0xC001), name: "GROUP_CATEGORY", type: .string,
                                              insert: .adminOnly, update: .adminOnly, delete: .adminOnly)),
            .init(descriptor: FieldDescriptor(id: ComponentID(0xFD00), name: nil, type: .map(key: .bytes, value: .string),
                                              insert: .allowAll, update: .author, delete: .any([.author, .adminOnly])),
                  inGroups: false, inDMs: true),
        ]))
    }

    @Test func optionalPartsTakeTheirDefaults() throws {
        let fixture = try read(#"{"commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}"#)
        #expect(fixture.name == "")
        #expect(fixture.config == OperatorConfiguration(memberLimit: 250))
        #expect(fixture.identities.isEmpty)
        #expect(fixture.expect == nil)
    }

    @Test func timeDefaultsToThePreviousCommitsAndZeroForTheFirst() throws {
        let fixture = try read("""
        {"commits": [
          {"actor": "alix", "changes": [{"op": "create", "members": ["bo"]}]},
          {"actor": "alix", "time": 1000, "changes": [{"op": "updateName", "name": "a"}]},
          {"actor": "alix", "changes": [{"op": "updateName", "name": "b"}]},
          {"actor": "alix", "time": 2500, "changes": [{"op": "updateName", "name": "c"}]},
          {"actor": "alix", "changes": [{"op": "updateName", "name": "d"}]},
          {"actor": "alix", "time": null, "changes": [{"op": "updateName", "name": "e"}]}
        ]}
        """)
        #expect(fixture.commits.map(\.time) == [0, 1000, 1000, 2500, 2500, 2500])
    }

    @Test func expectDefaultsToApplied() throws {
        let fixture = try read("""
        {"commits": [
          {"actor": "alix", "changes": [{"op": "create", "members": ["bo"]}]},
          {"actor": "bo", "changes": [{"op": "addAdmin", "inbox": "bo"}], "expect": {"rejected": "permissionDenied"}},
          {"actor": "alix", "changes": [{"op": "addAdmin", "inbox": "bo"}], "expect": "applied"},
          {"actor": "alix", "changes": [{"op": "updateName", "name": "x"}]}
        ]}
        """)
        #expect(fixture.commits.map(\.expect) == [.applied, .rejected(code: "permissionDenied"), .applied, .applied])
    }

    @Test func identitiesKeepClaimOrder() throws {
        let fixture = try read("""
        {"identities": [
           {"inbox": "caro", "handles": ["caro.old", "caro.mid", "caro.eth"], "accounts": ["0xca20", "0xca21"]},
           {"inbox": "bo", "handles": ["bo.eth"]},
           {"inbox": "alix", "accounts": ["0xa11"]}
         ],
         "commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}
        """)
        #expect(fixture.identities == [
            IdentityClaims(inbox: .caro, claims: [
                .handle("caro.old"), .handle("caro.mid"), .handle("caro.eth"), .account("0xca20"), .account("0xca21"),
            ]),
            IdentityClaims(inbox: .bo, claims: [.handle("bo.eth")]),
            IdentityClaims(inbox: .alix, claims: [.account("0xa11")]),
        ])
        let directory = try fixture.directory()
        #expect(directory.identities(of: .caro) == fixture.identities[0].claims)
        let handles = directory.handles(of: .caro)
        #expect(handles.handle == "caro.eth")
        #expect(handles.otherHandles == ["caro.mid", "caro.old"])
        #expect(directory.inbox(claiming: .account("0xa11")) == .alix)
    }

    @Test func readsEveryExpectationKey() throws {
        let fixture = try read("""
        {"commits": [{"actor": "alix", "changes": [{"op": "create"}]}],
         "expect": {
           "members": {"alix": "superAdmin", "bo": "observer"},
           "states": {"alix": "active", "bo": "pendingRemoval", "zed": null},
           "former": ["caro"], "left": ["caro"], "removed": [],
           "policySet": {"addMember": "adminOnly", "ban": {"any": ["self", "adminOnly"]}},
           "name": "n", "description": "d", "imageURL": "i", "appData": "a",
           "disappearingMessages": {"fromNs": 1, "inNs": 2}
         }}
        """)
        var expect = FixtureExpectation()
        expect.members = [.alix: .superAdmin, .bo: .observer]
        expect.states = [.alix: "active", .bo: "pendingRemoval", .named("zed"): String?.none]
        expect.former = [.caro]
        expect.left = [.caro]
        expect.removed = []
        expect.policySet = .slots([.addMember: .adminOnly, .ban: .any([.selfOnly, .adminOnly])])
        expect.name = "n"
        expect.description = "d"
        expect.imageURL = "i"
        expect.appData = "a"
        expect.disappearingMessages = .some(DisappearingMessages(fromNs: 1, inNs: 2))
        #expect(fixture.expect == expect)
    }

    @Test(arguments: [
        (#""disappearingMessages": null"#, DisappearingMessages??.some(nil)),
        (#""name": "x""#, DisappearingMessages??.none),
    ])
    func disappearingMessagesNullMeansExpectedOff(_ key: String, _ wanted: DisappearingMessages??) throws {
        let fixture = try read(#"{"commits": [{"actor": "alix", "changes": [{"op": "create"}]}], "expect": {\#(key)}}"#)
        let expect = try #require(fixture.expect)
        #expect(expect.disappearingMessages == wanted)
    }

    @Test(arguments: [
        ("allMembers", ExpectedPolicySet.kind(.allMembers)),
        ("adminOnly", .kind(.adminOnly)),
        ("custom", .kind(.custom)),
    ])
    func readsPolicySetNames(_ name: String, _ wanted: ExpectedPolicySet) throws {
        let fixture = try read(#"{"commits": [{"actor": "alix", "changes": [{"op": "create"}]}], "expect": {"policySet": "\#(name)"}}"#)
        #expect(fixture.expect?.policySet == wanted)
    }
}
