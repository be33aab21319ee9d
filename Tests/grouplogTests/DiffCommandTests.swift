import GroupFixtures
import Testing
@testable import grouplog

/// `grouplog diff` on a fixture and on a store group, and every bad input.
struct DiffCommandTests {
    /// The sample fixture written to `directory` and imported into a fresh store as group `team`.
    static func setUp(_ directory: TemporaryDirectory) throws -> (file: String, store: String) {
        let file = try directory.write("team.json", SampleFixture.passing)
        let store = directory.path("store")
        try #require(grouplog("--store", store, "init").status == .success)
        try #require(grouplog("--store", store, "import", file).status == .success)
        return (file, store)
    }

    static let differences = [
        "members:",
        "  ~ bo                role member -> admin",
        "log:",
        "  lastAppliedSequence         0 -> 2",
        "  lastAppliedTime             1000 -> 3000",
    ]

    @Test func aFixtureAndItsStoreGroupGiveTheSameDifferences() throws {
        try withTemporaryDirectory { directory in
            let (file, store) = try Self.setUp(directory)
            let fromFixture = grouplog("diff", file, "--from", "0", "--to", "2")
            #expect(fromFixture.status == .success)
            #expect(fromFixture.stderr == "")
            #expect(fromFixture.lines == ["\(file): after commit 0 -> after commit 2: 3 differences"] + Self.differences)
            let fromStore = grouplog("--store", store, "diff", "team", "--from", "0", "--to", "2")
            #expect(fromStore.status == .success)
            #expect(fromStore.lines == ["team: after commit 0 -> after commit 2: 3 differences"] + Self.differences)
        }
    }

    @Test func fromAfterToReadsTheDifferencesTheOtherWayRound() throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try Self.setUp(directory)
            let result = grouplog("--store", store, "diff", "team", "--from", "2", "--to", "0")
            #expect(result.status == .success)
            #expect(result.lines == [
                "team: after commit 2 -> after commit 0: 3 differences",
                "members:",
                "  ~ bo                role admin -> member",
                "log:",
                "  lastAppliedSequence         2 -> 0",
                "  lastAppliedTime             3000 -> 1000",
            ])
        }
    }

    @Test func toDefaultsToTheLastCommitAndARejectedCommitChangesNothing() throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try Self.setUp(directory)
            #expect(grouplog("--store", store, "diff", "team", "--from", "0").lines.first == "team: after commit 0 -> after commit 2: 3 differences")
            #expect(grouplog("--store", store, "diff", "team", "--from", "0", "--to", "1").lines == ["team: after commit 0 -> after commit 1: no differences"])
        }
    }

    @Test func jsonGivesBothStateHashesAndEachDifference() throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try Self.setUp(directory)
            let result = grouplog("--store", store, "diff", "team", "--from", "0", "--to", "2", "--json")
            #expect(result.status == .success)
            let json = try JSONParser.parse(result.stdout)
            #expect(json["target"]?.stringValue == "team" && json["from"]?.intValue == 0 && json["to"]?.intValue == 2)
            let atZero = try JSONParser.parse(grouplog("--store", store, "state", "team", "--at", "0", "--json").stdout)
            let atTwo = try JSONParser.parse(grouplog("--store", store, "state", "team", "--json").stdout)
            #expect(json["fromStateHash"] == atZero["stateHash"] && json["toStateHash"] == atTwo["stateHash"])
            let differences = try #require(json["differences"])
            #expect(differences["differences"]?.intValue == 3)
            let bo = try #require(differences["members"]?[0])
            #expect(bo["inbox"]?.stringValue == "bo" && bo["change"]?.stringValue == "changed")
            #expect(bo["attributes"]?.arrayValue == [.string("role")])
            #expect(bo["before"]?["role"]?.stringValue == "member" && bo["after"]?["role"]?.stringValue == "admin")
            #expect(differences["properties"]?.arrayValue?.count == 2)
        }
    }

    @Test(arguments: [
        (["diff", "absent", "--from", "0", "--to", "1"], Int32(2), "grouplog: group absent does not exist"),
        (["diff", "missing.json", "--from", "0", "--to", "1"], 2, "missing.json"),
        (["diff", "team", "--from", "3", "--to", "1"], 2, "grouplog: --from 3 is past the log's last commit, 2"),
        (["diff", "team", "--from", "0", "--to", "9"], 2, "grouplog: --to 9 is past the log's last commit, 2"),
        (["diff", "team", "--to", "1"], 64, "grouplog: diff needs --from SEQ"),
        (["diff", "team", "--from", "one"], 64, #"grouplog: --from takes a whole number, not "one""#),
        (["diff", "--from", "0"], 64, "grouplog: diff takes exactly one fixture file or group"),
        (["diff", "team", "--from", "0", "--at", "1"], 64, "grouplog: unknown option --at"),
    ])
    func badInputIsRefusedAndTheStoreIsUnchanged(words: [String], status: Int32, message: String) throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try Self.setUp(directory)
            expectRefusal(words, status: status, message: message, store: store, group: "team")
        }
    }

    @Test func aLogWithNoGroupHasNoDifferences() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("none.json", SampleFixture.noGroup)
            let result = grouplog("diff", file, "--from", "0", "--to", "0")
            #expect(result.status == .success)
            #expect(result.lines == ["\(file): after commit 0 -> after commit 0: no differences"])
        }
    }

    @Test func aMissingStoreIsExitFour() throws {
        try withTemporaryDirectory { directory in
            let result = grouplog("--store", directory.path("nowhere"), "diff", "team", "--from", "0")
            #expect(result.status == .noStore)
        }
    }

    @Test func helpDescribesTheCommand() {
        let result = grouplog("help", "diff")
        #expect(result.lines.first == "Usage: grouplog diff GROUP|FIXTURE --from SEQ [--to SEQ] [--json] [--store DIR]")
        #expect(grouplog("--help").stdout.contains("diff GROUP|FIXTURE --from SEQ [--to SEQ]"))
    }
}

extension DiffCommandTests {
    /// A fixture that starts mid-log can be diffed from its start state, as its original can.
    @Test func aFixtureThatStartsMidLogIsDiffedFromItsStartState() throws {
        try withTemporaryDirectory { directory in
            let original = try directory.write("team.json", SampleFixture.passing)
            let window = directory.path("window.json")
            #expect(grouplog("fixture", "record", original, "--from", "1", "-o", window).status == .success)
            let fromStart = grouplog("diff", window, "--from", "0", "--to", "2")
            #expect(fromStart.status == .success, "\(fromStart.stderr)")
            let fromOriginal = grouplog("diff", original, "--from", "0", "--to", "2")
            #expect(Array(fromStart.lines.dropFirst()) == Array(fromOriginal.lines.dropFirst()))
            #expect(grouplog("diff", window, "--from", "0", "--to", "0").lines.last?.hasSuffix("no differences") == true)
        }
    }
}
