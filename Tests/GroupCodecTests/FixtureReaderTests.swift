import GroupCodec
import GroupCore
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
        BadFixture("unsupported expectation key", log(top: #""expect": {"members": {"alix": "superAdmin"}, "canSend": {"bo": true}}"#),
                   at: "$.expect.canSend", saying: #""canSend""#, "not checked"),
        BadFixture("non-empty application_components",
                   #"{"config": {"application_components": [{"id": 49153, "type": "string"}]}, "commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}"#,
                   at: "$.config.application_components", saying: "application components", "not read"),
        BadFixture("addMembers with nobody", change(#"{"op": "addMembers", "inboxes": [], "identities": []}"#),
                   at: "$.commits[1].changes[0]", saying: "at least one inbox", "identity"),
        BadFixture("removeMembers with an empty list", change(#"{"op": "removeMembers", "inboxes": []}"#),
                   at: "$.commits[1].changes[0].inboxes", saying: "at least one inbox"),
        BadFixture("identity object with two kinds",
                   change(#"{"op": "addMembers", "identities": [{"handle": "a.eth", "account": "0xa"}]}"#),
                   at: "$.commits[1].changes[0].identities[0]", saying: #"{"handle": ...} or {"account": ...}"#),
        BadFixture("misspelt key in identities",
                   #"{"identities": [{"inbox": "bo", "handle": ["bo.eth"]}], "commits": [{"actor": "alix", "changes": [{"op": "create"}]}]}"#,
                   at: "$.identities[0].handle", saying: #"unknown key "handle""#, "handles"),
        BadFixture("commit expect of the wrong type", log(#"{"actor": "bo", "changes": [{"op": "leave"}], "expect": 3}"#),
                   at: "$.commits[1].expect", saying: "expected an object, found a number"),
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
    ]

    @Test(arguments: everyOp)
    func decodesChange(_ json: String, _ change: Change) throws {
        #expect(try ChangeJSON.decode(JSONParser.parse(json), path: "$") == change)
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
