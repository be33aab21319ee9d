import Foundation
import GroupFixtures
import Testing
@testable import grouplog

/// A store made through the command line in a test's temporary directory.
///
/// team (join rule open): alix with bo and caro, then davon joins; alix blocks caro for all,
/// mutes bo until 9000 and allow-lists bo. club (approval): alix with bo. secret (invite-only):
/// bo with alix. caro claims the handles caro.old, then caro.eth.
struct SampleStore {
    let path: String

    static func make(in directory: TemporaryDirectory) throws -> SampleStore {
        let store = SampleStore(path: directory.path("store"))
        try store.succeed("init")
        try store.succeed("identity", "claim", "caro", "--handle", "caro.old")
        try store.succeed("identity", "claim", "caro", "--handle", "caro.eth")
        try store.submit("team", "alix", 1_000, #"{"op": "create", "members": ["bo", "caro"], "name": "Team", "joinRule": "open"}"#)
        try store.submit("club", "alix", 1_000, #"{"op": "create", "members": ["bo"], "name": "Club", "joinRule": "approval"}"#)
        try store.submit("secret", "bo", 1_000, #"{"op": "create", "members": ["alix"], "name": "Secret"}"#)
        try store.submit("team", "davon", 2_000, #"{"op": "join"}"#)
        try store.submit("team", "alix", 3_000, """
            [{"op": "blockForAll", "inboxes": ["caro"], "blocked": true},
             {"op": "mute", "inboxes": ["bo"], "until": 9000},
             {"op": "allowListAdd", "inboxes": ["bo"]}]
            """)
        return store
    }

    func run(_ words: String...) -> CLIResult { grouplog(["--store", path] + words) }

    func run(_ words: [String]) -> CLIResult { grouplog(["--store", path] + words) }

    func succeed(_ words: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = run(words)
        try #require(result.status == .success, "grouplog \(words.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
    }

    func submit(_ group: String, _ actor: String, _ time: Int, _ changes: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = run("submit", group, "--actor", actor, "--time", String(time), "--changes", changes)
        try #require(result.status == .success, "submit to \(group) by \(actor): \(result.stderr)", sourceLocation: sourceLocation)
    }
}

/// The cursor a paged listing printed on its last line (`; next: --after CURSOR`), if any.
func printedCursor(_ result: CLIResult) -> String? {
    guard let last = result.lines.last, let range = last.range(of: "; next: --after ") else { return nil }
    return String(last[range.upperBound...])
}

/// A paging argument that cannot be used, and the message it must get.
struct BadPaging: Sendable, CustomTestStringConvertible {
    let words: [String]
    let message: String

    var testDescription: String { words.joined(separator: " ") }

    static let all: [BadPaging] = {
        var cases: [BadPaging] = []
        let listings = [["groups", "--member", "bo"], ["directory"], ["members", "team"]]
        for cursor in ["zz", "7", "20", "636c756"] {
            for words in listings.dropLast() {
                cases.append(BadPaging(words: words + ["--after", cursor], message: "grouplog: --after \"\(cursor)\" is not a cursor this command printed"))
            }
        }
        for cursor in ["zz", "-1", "g1"] {
            cases.append(BadPaging(words: ["members", "team", "--after", cursor], message: "grouplog: --after \"\(cursor)\" is not a cursor this command printed"))
        }
        for limit in ["0", "10001", "ten", "-1", "1.5", ""] {
            for words in listings {
                cases.append(BadPaging(words: words + ["--limit", limit], message: "grouplog: --limit takes a whole number from 1 to 10000, not \"\(limit)\""))
            }
        }
        return cases
    }()
}

/// The paged reads (`groups --member`, `directory`, `members`), `log` and `replay` with events,
/// and `watch` in a process of its own while the test commits.
struct LifecycleCommandTests {
    // MARK: groups --member

    @Test func groupsMemberListsTheInboxsGroupsWithTheTotal() throws {
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let result = store.run("groups", "--member", "bo")
            #expect(result.status == .success)
            #expect(result.stderr == "")
            #expect(result.lines == ["club", "secret", "team", "3 of 3 groups"])
            #expect(store.run("groups", "--member", "davon").lines == ["team", "1 of 1 groups"])
            #expect(store.run("groups", "--member", "eri").lines == ["0 of 0 groups"])

            let json = try JSONParser.parse(store.run("groups", "--member", "bo", "--json").stdout)
            #expect(json["inbox"]?.stringValue == "bo")
            #expect(json["total"]?.intValue == 3)
            #expect(json["groups"]?.arrayValue?.compactMap(\.stringValue) == ["club", "secret", "team"])
            #expect(json["next"] == .null)

            // A removal takes the group out at once.
            try store.submit("team", "alix", 4_000, #"{"op": "removeMembers", "inboxes": ["bo"]}"#)
            #expect(store.run("groups", "--member", "bo").lines == ["club", "secret", "2 of 2 groups"])
        }
    }

    @Test func groupsMemberPagesWithThePrintedCursor() throws {
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            var pages: [[String]] = []
            var cursor: String?
            repeat {
                let result = store.run(["groups", "--member", "bo", "--limit", "1"] + (cursor.map { ["--after", $0] } ?? []))
                #expect(result.status == .success, "stderr: \(result.stderr)")
                pages.append(result.lines)
                cursor = printedCursor(result)
            } while cursor != nil && pages.count < 5
            #expect(pages == [
                ["club", "1 of 3 groups; next: --after 636c7562"],
                ["secret", "1 of 3 groups; next: --after 736563726574"],
                ["team", "1 of 3 groups"],
            ])

            let first = try JSONParser.parse(store.run("groups", "--member", "bo", "--limit", "2", "--json").stdout)
            #expect(first["groups"]?.arrayValue?.compactMap(\.stringValue) == ["club", "secret"])
            #expect(first["total"]?.intValue == 3)
            let next = try #require(first["next"]?.stringValue)
            let second = try JSONParser.parse(store.run("groups", "--member", "bo", "--limit", "2", "--after", next, "--json").stdout)
            #expect(second["groups"]?.arrayValue?.compactMap(\.stringValue) == ["team"])
            #expect(second["total"]?.intValue == 3)
            #expect(second["next"] == .null)
        }
    }

    // MARK: directory

    @Test func directoryListsOpenAndApprovalGroups() throws {
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let result = store.run("directory")
            #expect(result.status == .success)
            #expect(result.stderr == "")
            #expect(result.lines == [
                #"club                approval  2       "Club""#,
                #"team                open      4       "Team""#,
                "2 of 2 groups",
            ])

            let json = try JSONParser.parse(store.run("directory", "--json").stdout)
            #expect(json["total"]?.intValue == 2)
            #expect(json["next"] == .null)
            let groups = try #require(json["groups"]?.arrayValue)
            #expect(groups.count == 2)
            #expect(groups.first?["group"]?.stringValue == "club")
            #expect(groups.first?["name"]?.stringValue == "Club")
            #expect(groups.first?["memberCount"]?.intValue == 2)
            #expect(groups.first?["joinRule"]?.stringValue == "approval")
            #expect(groups.last?["group"]?.stringValue == "team")
            #expect(groups.last?["memberCount"]?.intValue == 4)
            #expect(groups.last?["joinRule"]?.stringValue == "open")

            let page = store.run("directory", "--limit", "1")
            #expect(page.lines == [#"club                approval  2       "Club""#, "1 of 2 groups; next: --after 636c7562"])
            let rest = store.run("directory", "--limit", "1", "--after", try #require(printedCursor(page)))
            #expect(rest.lines == [#"team                open      4       "Team""#, "1 of 2 groups"])

            // A rename and a join show at once; a deleted group leaves.
            try store.submit("team", "alix", 4_000, #"[{"op": "updateName", "name": "Team 2"}, {"op": "removeMembers", "inboxes": ["davon"]}]"#)
            try store.submit("club", "alix", 4_000, #"{"op": "deleteGroup"}"#)
            #expect(store.run("directory").lines == [#"team                open      3       "Team 2""#, "1 of 1 groups"])
        }
    }

    // MARK: members

    static let storeMemberLines = [
        "alix            superAdmin  active          joined 1000",
        "bo              member      active          joined 1000         added by alix       muted-until-9000 allow-listed",
        "caro            member      active          joined 1000         added by alix       handle caro.eth (also caro.old) blocked-for-all",
        "davon           member      active          joined 2000",
    ]

    @Test func membersOfAStoreGroupShowRolesHandlesAndFlags() throws {
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let result = store.run("members", "team")
            #expect(result.status == .success)
            #expect(result.stderr == "")
            #expect(result.lines == Self.storeMemberLines + ["4 of 4 members"])
            // As of an earlier commit.
            #expect(store.run("members", "team", "--at", "0").lines == [
                "alix            superAdmin  active          joined 1000",
                "bo              member      active          joined 1000         added by alix",
                "caro            member      active          joined 1000         added by alix       handle caro.eth (also caro.old)",
                "3 of 3 members",
            ])

            let json = try JSONParser.parse(store.run("members", "team", "--json").stdout)
            #expect(json["total"]?.intValue == 4)
            #expect(json["next"] == .null)
            let members = try #require(json["members"]?.arrayValue)
            #expect(members.compactMap { $0["inbox"]?.stringValue } == ["alix", "bo", "caro", "davon"])
            #expect(members[1]["mutedUntil"]?.intValue == 9000)
            #expect(members[1]["blockedForAll"]?.boolValue == false)
            #expect(members[2]["blockedForAll"]?.boolValue == true)
            #expect(members[2]["mutedUntil"] == .null)
            #expect(members[2]["handle"]?.stringValue == "caro.eth")
            #expect(members[2]["otherHandles"]?.arrayValue?.compactMap(\.stringValue) == ["caro.old"])
            #expect(members[3]["joinedAt"]?.intValue == 2000)
            // The creator and davon, who joined, have no adder; alix added bo and caro.
            #expect(members.map { $0["addedBy"] } == [.null, .string("alix"), .string("alix"), .null])
        }
    }

    /// The text listing and `help members` show who is on the allow list; the JSON listing
    /// should carry it too.
    @Test func membersJSONShowsWhoIsAllowListed() throws {
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let members = try #require(try JSONParser.parse(store.run("members", "team", "--json").stdout)["members"]?.arrayValue)
            func allowListed(_ member: JSONValue?) -> JSONValue? {
                guard case let .object(object)? = member else { return nil }
                return object.members.first { $0.key.lowercased().contains("allow") }?.value
            }
            #expect(allowListed(members.first { $0["inbox"]?.stringValue == "bo" }) == .bool(true),
                    "members --json has no allow-list flag for bo: \(JSONWriter.write(members[1]))")
            #expect(allowListed(members.first { $0["inbox"]?.stringValue == "caro" }) == .bool(false))
        }
    }

    @Test func membersPagesWithThePrintedCursor() throws {
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            var pages: [[String]] = []
            var cursor: String?
            repeat {
                let result = store.run(["members", "team", "--limit", "1"] + (cursor.map { ["--after", $0] } ?? []))
                #expect(result.status == .success, "stderr: \(result.stderr)")
                pages.append(result.lines)
                cursor = printedCursor(result)
            } while cursor != nil && pages.count < 6
            #expect(pages == [
                [Self.storeMemberLines[0], "1 of 4 members; next: --after 1"],
                [Self.storeMemberLines[1], "1 of 4 members; next: --after 2"],
                [Self.storeMemberLines[2], "1 of 4 members; next: --after 3"],
                [Self.storeMemberLines[3], "1 of 4 members"],
            ])

            let first = try JSONParser.parse(store.run("members", "team", "--limit", "3", "--json").stdout)
            #expect(first["members"]?.arrayValue?.count == 3)
            let next = try #require(first["next"]?.stringValue)
            let second = try JSONParser.parse(store.run("members", "team", "--after", next, "--json").stdout)
            #expect(second["members"]?.arrayValue?.compactMap { $0["inbox"]?.stringValue } == ["davon"])
            #expect(second["total"]?.intValue == 4)
            #expect(second["next"] == .null)
        }
    }

    @Test func membersOfAFixtureFile() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let result = grouplog("members", file)
            #expect(result.status == .success, "stderr: \(result.stderr)")
            #expect(result.lines == [
                "alix            superAdmin  active          joined 1000",
                "bo              admin       active          joined 1000         added by alix",
                "caro            member      active          joined 1000         added by alix       handle caro.eth (also caro.old)",
                "3 of 3 members",
            ])
            let page = grouplog("members", file, "--limit", "2")
            #expect(page.lines.count == 3)
            #expect(page.lines.last == "2 of 3 members; next: --after 2")
            let rest = grouplog("members", file, "--limit", "2", "--after", try #require(printedCursor(page)))
            #expect(rest.lines == ["caro            member      active          joined 1000         added by alix       handle caro.eth (also caro.old)", "1 of 3 members"])
            let json = try JSONParser.parse(grouplog("members", file, "--json", "--limit", "1").stdout)
            #expect(json["members"]?[0]?["inbox"]?.stringValue == "alix")
            #expect(json["next"]?.stringValue == "1")
            #expect(json["total"]?.intValue == 3)
        }
    }

    // MARK: Bad paging input

    @Test(arguments: BadPaging.all)
    func badPagingInputExitsWith2(_ bad: BadPaging) throws {
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let result = store.run(bad.words)
            #expect(result.status == .badInput)
            #expect(result.status.rawValue == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == bad.message + "\n")
        }
    }

    // MARK: log and replay

    static let teamLog = [
        "#0 alix @1000 create group with bo, caro -> applied [groupCreated alix, memberAdded bo, memberAdded caro]",
        "#1 davon @2000 join -> applied [memberJoined davon]",
        "#2 alix @3000 blockForAll caro; mute bo until 9000; allowListAdd bo -> applied [memberBlocked caro, memberMuted bo until 9000, allowListChanged bo]",
    ]

    @Test func logShowsEachCommitsEvents() throws {
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let result = store.run("log", "team")
            #expect(result.status == .success)
            #expect(result.stderr == "")
            #expect(result.lines == Self.teamLog)
            #expect(store.run("log", "team", "--from", "1", "--limit", "1").lines == [Self.teamLog[1]])

            let json = try JSONParser.parse(store.run("log", "team", "--json").stdout)
            let commits = try #require(json.arrayValue)
            #expect(commits.count == 3)
            func events(_ commit: JSONValue?) -> [String] {
                (commit?["events"]?.arrayValue ?? []).map { event in
                    [event["event"]?.stringValue, event["subject"]?.stringValue].compactMap { $0 }.joined(separator: " ")
                }
            }
            #expect(events(commits[0]) == ["groupCreated alix", "memberAdded bo", "memberAdded caro"])
            #expect(events(commits[1]) == ["memberJoined davon"])
            #expect(events(commits[2]) == ["memberBlocked caro", "memberMuted bo", "allowListChanged bo"])
            #expect(commits[2]["events"]?[1]?["detail"]?.stringValue == "memberMuted bo until 9000")
            #expect(commits[2]["outcome"]?.stringValue == "applied")

            // An event about no inbox has no subject.
            try store.submit("club", "alix", 2_000, #"{"op": "updateName", "name": "Club 2"}"#)
            let club = try JSONParser.parse(store.run("log", "club", "--from", "1", "--json").stdout)
            let event = try #require(club[0]?["events"]?[0])
            #expect(event["event"]?.stringValue == "metadataChanged")
            #expect(event["subject"] == nil)
            #expect(event["detail"]?.stringValue == "metadataChanged name")
        }
    }

    @Test func logShowsARejectedCommitWithoutEvents() throws {
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let file = try directory.write("team.json", SampleFixture.passing)
            try store.succeed("import", file, "--group", "imported")
            let lines = store.run("log", "imported").lines
            #expect(lines.count == 3)
            #expect(lines.first == "#0 alix @1000 create group with bo, caro -> applied [groupCreated alix, memberAdded bo, memberAdded caro]")
            #expect(lines[1].hasPrefix("#1 bo @2000 addAdmin caro -> rejected permissionDenied (change 0): "), "line: \(lines[1])")
            #expect(!lines[1].contains("["))
            #expect(lines.last == "#2 alix @3000 addAdmin bo -> applied [adminAdded bo]")
            let json = try JSONParser.parse(store.run("log", "imported", "--json").stdout)
            #expect(json[1]?["outcome"]?.stringValue == "rejected")
            #expect(json[1]?["code"]?.stringValue == "permissionDenied")
            #expect(json[1]?["events"] == nil)
        }
    }

    @Test func replayOfAStoreGroupShowsTheEventsThenTheState() throws {
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let result = store.run("replay", "team")
            #expect(result.status == .success, "stderr: \(result.stderr)")
            let lines = result.lines
            try #require(lines.count > 5, "output: \(result.stdout)")
            #expect(Array(lines.prefix(3)) == Self.teamLog)
            #expect(lines[3] == "")
            #expect(lines[4] == "group team after commit 2 (last applied: 2), created by alix at 1000")
            #expect(store.run("replay", "team", "--at", "1").lines.prefix(2) == Self.teamLog.prefix(2))

            let json = try JSONParser.parse(store.run("replay", "team", "--json").stdout)
            let log = try JSONParser.parse(store.run("log", "team", "--json").stdout)
            #expect(json["commits"] == log)
            #expect(json["state"]?["sequence"]?.intValue == 2)
        }
    }

    // MARK: watch, in a process of its own

    /// The built binary, or an issue saying it is missing.
    private func binary() -> URL? {
        guard let url = BuiltBinary.url else {
            Issue.record("the grouplog binary was not found next to the test bundle (build it with `swift build`): watch is not tested")
            return nil
        }
        return url
    }

    @Test func watchPrintsEachNewCommitOnceInOrder() throws {
        guard let binary = binary() else { return }
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let watcher = try WatchProcess(binary, ["--store", store.path, "watch", "team"])
            defer { watcher.stop() }
            try #require(watcher.waitUntilPolling(), "the watcher never reached its polling loop")

            try store.submit("team", "eri", 4_000, #"{"op": "join"}"#)
            try store.submit("team", "alix", 5_000, #"[{"op": "updateName", "name": "Team 2"}, {"op": "addAdmin", "inbox": "bo"}]"#)
            try store.submit("team", "alix", 6_000, #"{"op": "removeMembers", "inboxes": ["davon"]}"#)
            let expected = store.run("log", "team", "--from", "3").lines
            #expect(expected == [
                "#3 eri @4000 join -> applied [memberJoined eri]",
                #"#4 alix @5000 updateName "Team 2"; addAdmin bo -> applied [metadataChanged name, adminAdded bo]"#,
                "#5 alix @6000 removeMembers davon -> applied [memberRemoved davon]",
            ])
            watcher.wait { $0.count >= expected.count }
            let ended = watcher.interrupt()
            #expect(ended.reason == .exit)
            // Ctrl-C: exit 130 and what it printed, as every long command.
            #expect(ended.status == 130, "stderr: \(ended.stderr)")
            #expect(ended.stderr == "grouplog: interrupted: watched 3 commits of team (3 to 5); nothing was written\n")
            // The commits already there when it started are not printed; each new one once, in order.
            #expect(watcher.lines == expected)
        }
    }

    @Test func watchFromZeroPrintsTheExistingCommitsFirst() throws {
        guard let binary = binary() else { return }
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let watcher = try WatchProcess(binary, ["--store", store.path, "watch", "team", "--from", "0"])
            defer { watcher.stop() }
            watcher.wait { $0.count >= Self.teamLog.count }
            #expect(watcher.lines == Self.teamLog)
            try store.submit("team", "alix", 4_000, #"{"op": "removeMembers", "inboxes": ["caro"]}"#)
            watcher.wait { $0.count > Self.teamLog.count }
            let ended = watcher.interrupt()
            #expect(ended.reason == .exit)
            #expect(ended.status == 130, "stderr: \(ended.stderr)")
            #expect(ended.stderr == "grouplog: interrupted: watched 4 commits of team (0 to 3); nothing was written\n")
            #expect(watcher.lines == Self.teamLog + ["#3 alix @4000 removeMembers caro -> applied [memberRemoved caro]"])
        }
    }

    @Test func watchJSONPrintsOneObjectPerLine() throws {
        guard let binary = binary() else { return }
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let watcher = try WatchProcess(binary, ["--store", store.path, "watch", "team", "--from", "1", "--json"])
            defer { watcher.stop() }
            watcher.wait { $0.count >= 2 }
            try store.submit("team", "bo", 4_000, #"{"op": "updateDescription", "description": "hello"}"#)
            watcher.wait { $0.count >= 3 }
            let ended = watcher.interrupt()
            #expect(ended.reason == .exit)
            #expect(ended.status == 130, "stderr: \(ended.stderr)")
            #expect(ended.stderr == "grouplog: interrupted: watched 3 commits of team (1 to 3); nothing was written\n")

            let log = try #require(try JSONParser.parse(store.run("log", "team", "--from", "1", "--json").stdout).arrayValue)
            let lines = watcher.lines
            #expect(lines.count == 3)
            for (index, line) in lines.enumerated() {
                let object = try JSONParser.parse(line)
                #expect(object["sequence"]?.intValue == Int64(index + 1))
                #expect(object["events"]?.arrayValue?.isEmpty == false, "line \(line)")
                #expect(index < log.count && object == log[index], "line \(line)")
            }
            let last = try JSONParser.parse(try #require(lines.last))
            #expect(last["events"]?[0]?["event"]?.stringValue == "metadataChanged")
        }
    }

    @Test func watchOfAMissingGroupExitsWith2() throws {
        guard let binary = binary() else { return }
        try withTemporaryDirectory { directory in
            let store = try SampleStore.make(in: directory)
            let watcher = try WatchProcess(binary, ["--store", store.path, "watch", "ghost"])
            defer { watcher.stop() }
            watcher.wait { _ in false }
            let ended = watcher.interrupt()
            #expect(ended.reason == .exit)
            #expect(ended.status == 2)
            #expect(ended.stderr == "grouplog: group ghost does not exist\n")
            #expect(watcher.lines == [])
        }
    }
}
