import GroupFixtures
import Testing
@testable import grouplog

struct ReplayCommandTests {
    @Test func printsEachCommitThenTheState() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let result = grouplog("replay", file)
            #expect(result.status == .success)
            #expect(result.stderr == "")
            let lines = result.lines
            try #require(lines.count > 4, "output: \(result.stdout)")
            #expect(lines[0] == "#0 alix @1000 create group with bo, caro -> applied [groupCreated alix, memberAdded bo, memberAdded caro]")
            #expect(lines[1].hasPrefix("#1 bo @2000 addAdmin caro -> rejected permissionDenied (change 0): "), "line: \(lines[1])")
            #expect(lines[2] == "#2 alix @3000 addAdmin bo -> applied [adminAdded bo]")
            #expect(lines[3] == "")
            #expect(lines[4] == "group team after commit 2 (last applied: 2), created by alix at 1000")
            for line in [
                "members (3):",
                "  alix            superAdmin  active",
                "  bo              admin       active          added by alix",
                "  caro            member      active          added by alix  handle caro.eth (also caro.old)",
                "super admins: alix",
                "admins: bo",
                "policy set: allMembers",
                "  addMember                   allowAll",
                "  addAdmin                    superAdminOnly",
                "  name         \"Team\"",
                "  disappearing off",
                "former members (0):",
            ] {
                #expect(lines.contains(line), "missing line \(line.quoted) in:\n\(result.stdout)")
            }
        }
    }

    @Test func atSequenceShowsTheStateAfterThatCommit() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let result = grouplog("replay", file, "--at", "1")
            #expect(result.status == .success)
            let lines = result.lines
            #expect(lines.filter { $0.hasPrefix("#") }.count == 2)
            #expect(!lines.contains { $0.hasPrefix("#2 ") })
            #expect(lines.contains("group team after commit 1 (last applied: 0), created by alix at 1000"))
            #expect(lines.contains("  bo              member      active          added by alix"))
            #expect(lines.contains("admins: none"))
        }
    }

    @Test func atZeroShowsTheCreatedGroup() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let result = grouplog("replay", "--at", "0", file)
            #expect(result.status == .success)
            #expect(result.lines.first == "#0 alix @1000 create group with bo, caro -> applied [groupCreated alix, memberAdded bo, memberAdded caro]")
            #expect(result.lines.contains("group team after commit 0 (last applied: 0), created by alix at 1000"))
        }
    }

    @Test(arguments: ["3", "99", "18446744073709551615"])
    func atPastTheEndIsBadInput(_ sequence: String) throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let result = grouplog("replay", file, "--at", sequence)
            #expect(result.status == .badInput)
            #expect(result.stdout == "")
            #expect(result.stderr == "grouplog: --at \(sequence) is past the log's last commit, 2\n")
        }
    }

    @Test func jsonOutputHasCommitsAndState() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let result = grouplog("replay", file, "--json")
            #expect(result.status == .success)
            let report = try JSONParser.parse(result.stdout)
            let commits = try #require(report["commits"]?.arrayValue)
            #expect(commits.count == 3)
            #expect(commits[0]["sequence"]?.intValue == 0)
            #expect(commits[0]["actor"]?.stringValue == "alix")
            #expect(commits[0]["time"]?.intValue == 1000)
            #expect(commits[0]["outcome"]?.stringValue == "applied")
            #expect(commits[1]["outcome"]?.stringValue == "rejected")
            #expect(commits[1]["code"]?.stringValue == "permissionDenied")
            #expect(commits[1]["changeIndex"]?.intValue == 0)
            #expect(commits[1]["changes"] == .array([.string("addAdmin caro")]))

            let state = try #require(report["state"])
            #expect(state["group"]?.stringValue == "team")
            #expect(state["sequence"]?.intValue == 2)
            #expect(state["policySet"]?["kind"]?.stringValue == "allMembers")
            #expect(state["metadata"]?["name"]?.stringValue == "Team")
            let members = try #require(state["members"]?.arrayValue)
            #expect(members.compactMap { $0["inbox"]?.stringValue } == ["alix", "bo", "caro"])
            #expect(members.compactMap { $0["role"]?.stringValue } == ["superAdmin", "admin", "member"])
            #expect(members[2]["handle"]?.stringValue == "caro.eth")
            #expect(state["admins"] == .array([.string("bo")]))
        }
    }

    @Test func jsonOutputAtSequence() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let result = grouplog("replay", file, "--json", "--at", "1")
            #expect(result.status == .success)
            let report = try JSONParser.parse(result.stdout)
            #expect(report["commits"]?.arrayValue?.count == 2)
            #expect(report["state"]?["admins"] == .array([]))
        }
    }

    @Test func logWithoutAGroupSaysSo() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("nogroup.json", SampleFixture.noGroup)
            let text = grouplog("replay", file)
            #expect(text.status == .success)
            #expect(text.lines.first?.hasPrefix("#0 alix @1000 updateName \"x\" -> rejected invalidCommit") == true, "output: \(text.stdout)")
            #expect(text.lines.last == "no group: commit 0 was not applied")

            let json = grouplog("replay", file, "--json")
            #expect(json.status == .success)
            #expect(try JSONParser.parse(json.stdout)["state"] == .null)
        }
    }

    @Test func malformedFixtureIsBadInput() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("broken.json", SampleFixture.malformed)
            let result = grouplog("replay", file)
            #expect(result.status == .badInput)
            #expect(result.stdout == "")
            #expect(result.stderr == "grouplog: \(file) \(SampleFixture.malformedError)\n")
        }
    }

    @Test func missingFixtureIsBadInput() throws {
        try withTemporaryDirectory { directory in
            let missing = directory.path("nowhere.json")
            let result = grouplog("replay", missing)
            #expect(result.status == .badInput)
            #expect(result.stderr.hasPrefix("grouplog: \(missing)"))
        }
    }
}
