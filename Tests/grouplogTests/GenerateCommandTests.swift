import Foundation
import GroupFixtures
import Testing
@testable import grouplog

/// `grouplog generate`: the same options give the same fixture, the fixture passes, the store
/// path writes the same log, and an impossible option is refused by name.
struct GenerateCommandTests {
    private let recipe = ["--members", "400", "--commits", "2500", "--batch", "50", "--rejected", "8"]

    @Test func theFixtureItWritesPassesAndIsTheSameForTheSameOptions() throws {
        try withTemporaryDirectory { directory in
            let first = directory.path("first.json"), second = directory.path("second.json"), other = directory.path("other.json")
            let made = grouplog(["generate"] + recipe + ["-o", first])
            #expect(made.status == .success, "\(made.stderr)")
            #expect(made.lines.count == 1 && made.lines[0].hasPrefix("wrote \(first): 2500 commits ("))
            #expect(grouplog(["generate"] + recipe + ["-o", second]).status == .success)
            #expect(grouplog(["generate"] + recipe + ["--seed", "2", "-o", other]).status == .success)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
            #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == bytes)
            #expect(try Data(contentsOf: URL(fileURLWithPath: other)) != bytes)

            let run = grouplog("fixture", "run", first)
            #expect(run.status == .success)
            #expect(run.lines == ["PASS  \(first)", "1 passed, 0 failed"])
            let fixture = try JSONParser.parse(String(decoding: bytes, as: UTF8.self))
            #expect(fixture["name"]?.stringValue
                == "generate --seed 1 --members 400 --commits 2500 --batch 50 --ids short --mix add=15,remove=12,role=10,metadata=25,field=10,userdata=20,lifecycle=8 --rejected 8")
        }
    }

    @Test func intoTheStoreItWritesTheLogTheFixtureHolds() throws {
        try withTemporaryDirectory { directory in
            let store = directory.path("store"), file = directory.path("gen.json")
            #expect(grouplog(["generate"] + recipe + ["-o", file]).status == .success)
            let made = grouplog(["--store", store, "generate"] + recipe + ["--group", "gen"])
            #expect(made.status == .success, "\(made.stderr)")
            #expect(made.lines.count == 1 && made.lines[0].hasPrefix("generated group gen in \(store): 2500 commits ("))
            #expect(grouplog("--store", store, "verify").lines == ["verify: no problems"])
            // The same commits with the same outcomes, and the same state at the end.
            let fromFixture = grouplog("replay", file, "--json"), fromStore = grouplog("--store", store, "replay", "gen", "--json")
            #expect(fromStore.status == .success)
            #expect(fromStore.stdout == fromFixture.stdout)

            let again = grouplog(["--store", store, "generate"] + recipe + ["--group", "gen"])
            #expect(again.status == .badInput)
            #expect(again.stderr.contains("group gen already exists"))
        }
    }

    @Test(arguments: [
        (["--members", "-5"], #"--members takes a whole number from 1 to 10000000, not "-5""#),
        (["--members", "20000000"], #"--members takes a whole number from 1 to 10000000, not "20000000""#),
        (["--members", "2000", "--member-limit", "1000"], "--members 2000 is more than --member-limit 1000 allows: give at most 1000 members, or a limit from 2000 to 10000000"),
        (["--commits", "-1"], #"--commits takes a whole number from 1 to 100000000, not "-1""#),
        (["--members", "5001", "--commits", "3"], "--commits 3 is too few to grow the group to 5001 members in batches of 1000: give from 6 to 100000000, or a larger --batch"),
        (["--batch", "0"], #"--batch takes a whole number from 1 to 100000, not "0""#),
        (["--rejected", "101"], #"--rejected takes a whole number from 0 to 100, not "101""#),
        (["--seed", "-1"], #"--seed takes a whole number from 0 to 18446744073709551615, not "-1""#),
        (["--ids", "long"], #"--ids takes short or xmtp, not "long""#),
        (["--mix", "add=1,shout=2"], #"--mix: unknown operation "shout"; the operations are add, remove, role, metadata, field, userdata, lifecycle"#),
    ])
    func anImpossibleOptionIsNamedWithItsRange(words: [String], message: String) throws {
        try withTemporaryDirectory { directory in
            let result = grouplog(["generate"] + words + ["-o", directory.path("x.json")])
            #expect(result.status == .usage)
            #expect(result.stderr.hasPrefix("grouplog: \(message)\n"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.path("x.json")))
        }
    }

    @Test func itNeedsOneDestination() {
        #expect(grouplog("generate").stderr.hasPrefix("grouplog: generate needs -o FILE (a fixture) or --group G (into the store)\n"))
        let both = grouplog("generate", "-o", "x.json", "--group", "g")
        #expect(both.status == .usage)
        #expect(both.stderr.hasPrefix("grouplog: generate takes -o FILE or --group G, not both\n"))
    }
}
