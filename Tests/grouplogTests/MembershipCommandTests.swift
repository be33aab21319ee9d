import GroupFixtures
import Testing
@testable import grouplog

/// `submit` naming members by public identity in `create` and `removeMembers`, DM creates that
/// give group settings, and who added each member in `members` and `state`.
struct MembershipCommandTests {
    /// A store where caro claims the handle caro.eth and dan the account 0xda.
    static func makeStore(in directory: TemporaryDirectory) throws -> SampleStore {
        let store = SampleStore(path: directory.path("store"))
        try store.succeed("init")
        try store.succeed("identity", "claim", "caro", "--handle", "caro.eth")
        try store.succeed("identity", "claim", "dan", "--account", "0xda")
        return store
    }

    @Test func createAndRemoveMembersTakeIdentities() throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            let created = store.run("submit", "team", "--actor", "alix", "--time", "1000", "--changes",
                                    #"{"op": "create", "members": ["bo"], "identities": [{"handle": "caro.eth"}, {"account": "0xda"}]}"#)
            #expect(created.status == .success, "\(created.stderr)")
            #expect(created.lines == ["0"])
            #expect(store.run("log", "team").lines.first?.hasPrefix("#0 alix @1000 create group with bo, caro.eth (caro), 0xda (dan) -> applied") == true)
            // The inboxes first, then the identities in order.
            let members = try #require(try JSONParser.parse(store.run("members", "team", "--json").stdout)["members"]?.arrayValue)
            #expect(members.compactMap { $0["inbox"]?.stringValue } == ["alix", "bo", "caro", "dan"])

            let removed = store.run("submit", "team", "--actor", "alix", "--time", "2000", "--changes",
                                    #"{"op": "removeMembers", "inboxes": ["bo"], "identities": [{"account": "0xda"}]}"#)
            #expect(removed.status == .success, "\(removed.stderr)")
            #expect(store.run("log", "team", "--from", "1").lines.first?.hasPrefix("#1 alix @2000 removeMembers bo, 0xda (dan) -> applied") == true)
            #expect(store.run("members", "team").lines.last == "2 of 2 members")
        }
    }

    @Test(arguments: [
        #"{"op": "create", "members": ["bo"], "identities": [{"handle": "nobody.eth"}]}"#,
        #"{"op": "create", "kind": "dm", "identities": [{"account": "0xdead"}]}"#,
    ])
    func aCreateNamingAnUnclaimedIdentityIsRejectedWithNothingWritten(changes: String) throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            let result = store.run("submit", "team", "--actor", "alix", "--changes", changes)
            #expect(result.status == .expectationsNotMet)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("grouplog: rejected identityNotFound (change 0): no inbox claims the "), "\(result.stderr)")
            #expect(store.run("groups").lines == ["0 groups"])
        }
    }

    @Test func removeMembersNamingAnUnclaimedIdentityIsRejectedWithNothingWritten() throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            try store.submit("team", "alix", 1_000, #"{"op": "create", "members": ["bo", "caro"]}"#)
            let result = store.run("submit", "team", "--actor", "alix", "--time", "2000", "--changes",
                                   #"{"op": "removeMembers", "inboxes": ["bo"], "identities": [{"handle": "nobody.eth"}]}"#)
            #expect(result.status == .expectationsNotMet)
            #expect(result.stderr == "grouplog: rejected identityNotFound (change 0): no inbox claims the handle nobody.eth\n")
            #expect(store.run("log", "team").lines.count == 1, "nothing was written")
            #expect(store.run("members", "team").lines.last == "3 of 3 members")
        }
    }

    @Test(arguments: [
        (#"{"op": "create", "kind": "dm", "members": ["bo"], "policySet": "adminOnly"}"#, "policySet"),
        (#"{"op": "create", "kind": "dm", "members": ["bo"], "joinRule": "open"}"#, "joinRule"),
    ])
    func aDMCreateWithGroupSettingsIsInvalidPolicy(changes: String, setting: String) throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            let result = store.run("submit", "chat", "--actor", "alix", "--changes", changes)
            #expect(result.status == .expectationsNotMet)
            #expect(result.stderr.hasPrefix("grouplog: rejected invalidPolicy (change 0): "), "\(result.stderr)")
            #expect(result.stderr.contains(setting), "\(result.stderr)")
            #expect(store.run("groups").lines == ["0 groups"])
            #expect(store.run("dm", "bo", "--as", "alix").status == .expectationsNotMet)
        }
    }

    /// alix creates the group with bo; bo adds caro by handle; dan joins; alix removes caro.
    @Test func membersAndStateShowWhoAddedEachMemberAndFormerMembersKeepTheirs() throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            try store.submit("team", "alix", 1_000, #"{"op": "create", "members": ["bo"], "joinRule": "open"}"#)
            try store.submit("team", "bo", 1_100, #"{"op": "addMembers", "identities": [{"handle": "caro.eth"}]}"#)
            try store.submit("team", "dan", 1_200, #"{"op": "join"}"#)
            #expect(store.run("members", "team").lines == [
                "alix            superAdmin  active          joined 1000",
                "bo              member      active          joined 1000         added by alix",
                "caro            member      active          joined 1100         added by bo         handle caro.eth",
                "dan             member      active          joined 1200",
                "4 of 4 members",
            ])
            try store.submit("team", "alix", 1_300, #"{"op": "removeMembers", "identities": [{"handle": "caro.eth"}]}"#)

            let text = store.run("state", "team").lines
            for line in [
                "group team after commit 3 (last applied: 3), created by alix at 1000",
                "  alix            superAdmin  active",
                "  bo              member      active          added by alix",
                "  dan             member      active",
                "former members (1):",
                "  caro            removed at 1300, added by bo",
            ] {
                #expect(text.contains(line), "missing \(line.quoted) in \(text)")
            }

            let state = try JSONParser.parse(store.run("state", "team", "--json").stdout)
            #expect(state["creator"]?.stringValue == "alix")
            let members = try #require(state["members"]?.arrayValue)
            #expect(members.map { $0["addedBy"] } == [.null, .string("alix"), .null])
            #expect(state["formerMembers"]?[0]?["addedBy"]?.stringValue == "bo")
        }
    }
}
