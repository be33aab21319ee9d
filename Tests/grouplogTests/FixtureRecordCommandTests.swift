import Foundation
import Testing
@testable import grouplog

struct FixtureRecordCommandTests {
    /// A store in `directory` holding SampleFixture.passing as group `team`; returns its path.
    private func storeWithTeam(_ directory: TemporaryDirectory) throws -> String {
        let store = directory.path("store")
        let file = try directory.write("team.json", SampleFixture.passing)
        #expect(grouplog("--store", store, "init").status == .success)
        #expect(grouplog("--store", store, "import", file, "--group", "team").status == .success)
        return store
    }

    @Test func recordsAStoreGroupAsAFixtureThatPasses() throws {
        try withTemporaryDirectory { directory in
            let store = try storeWithTeam(directory)
            let output = directory.path("team-log.json")
            let result = grouplog("--store", store, "fixture", "record", "team", "-o", output)
            #expect(result.status == .success)
            #expect(result.stderr == "")
            #expect(result.lines == [
                "recorded commits 0...2 of team from the start of the log: 3 commits (2 applied, 1 rejected), 3 changes",
                "wrote \(output)",
            ])
            let run = grouplog("fixture", "run", output)
            #expect(run.status == .success)
            #expect(run.lines == ["PASS  \(output)", "1 passed, 0 failed"])
        }
    }

    @Test func recordsAWindowWithItsStartState() throws {
        try withTemporaryDirectory { directory in
            let store = try storeWithTeam(directory)
            let output = directory.path("window.json")
            let result = grouplog("--store", store, "fixture", "record", "team", "--from", "1", "--to", "1", "-o", output)
            #expect(result.status == .success)
            #expect(result.lines.first == "recorded commits 1...1 of team from the state after commit 0: 1 commits (0 applied, 1 rejected), 1 changes")
            let text = try String(contentsOfFile: output, encoding: .utf8)
            #expect(text.contains(#""start": {"#) && text.contains(#""sequence": 0"#) && text.contains(#""stateHash": ""#))
            #expect(grouplog("fixture", "run", output).status == .success)
        }
    }

    @Test func recordsAFixtureTarget() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let output = directory.path("tail.json")
            let result = grouplog("fixture", "record", file, "--from", "2", "-o", output)
            #expect(result.status == .success)
            #expect(result.lines.first == "recorded commits 2...2 of \(file) from the state after commit 1: 1 commits (1 applied, 0 rejected), 1 changes")
            #expect(grouplog("fixture", "run", output).lines.first == "PASS  \(output)")
            // A recorded window may itself be recorded, from its own first commit.
            let again = directory.path("again.json")
            #expect(grouplog("fixture", "record", output, "-o", again).status == .success)
            #expect(grouplog("fixture", "run", again).status == .success)
        }
    }

    @Test func badInputIsRefusedAndNothingIsWritten() throws {
        try withTemporaryDirectory { directory in
            let store = try storeWithTeam(directory)
            let file = try directory.write("team.json", SampleFixture.passing)
            try FileManager.default.createDirectory(atPath: directory.path("folder"), withIntermediateDirectories: true)
            let out = directory.path("out.json")
            let groups = grouplog("--store", store, "groups").stdout
            let cases: [(words: [String], message: String)] = [
                (["nobody", "-o", out], "grouplog: group nobody does not exist"),
                ([directory.path("absent.json"), "-o", out], "grouplog: \(directory.path("absent.json")) at $: cannot read the file"),
                (["team", "--from", "3", "-o", out], "grouplog: --from 3 is past the log's last commit, 2"),
                (["team", "--to", "7", "-o", out], "grouplog: --to 7 is past the log's last commit, 2"),
                (["team", "--from", "2", "--to", "1", "-o", out], "grouplog: --from 2 is after --to 1"),
                ([file, "--from", "5", "-o", out], "grouplog: --from 5 is past the log's last commit, 2"),
                (["team", "-o", directory.path("missing/out.json")],
                 "grouplog: cannot write \(directory.path("missing/out.json")): the directory \(directory.path("missing")) does not exist"),
                (["team", "-o", directory.path("folder")], "grouplog: cannot write \(directory.path("folder")): it is a directory"),
                ([file, "-o", file], "grouplog: cannot write \(file): it is the input file"),
            ]
            for (words, message) in cases {
                let result = grouplog(["--store", store, "fixture", "record"] + words)
                #expect(result.status == .badInput, "\(words)")
                #expect(result.stderr.hasPrefix(message), "\(words): \(result.stderr)")
                #expect(result.stdout == "")
            }
            #expect(!FileManager.default.fileExists(atPath: out))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("folder")).isEmpty)
            // The store is as it was.
            #expect(grouplog("--store", store, "groups").stdout == groups)
        }
    }

    @Test(arguments: [
        (["fixture", "record", "team"], "grouplog: fixture record needs -o FILE"),
        (["fixture", "record", "-o", "out.json"], "grouplog: fixture record takes exactly one group or fixture file"),
        (["fixture", "record", "team", "--from", "x", "-o", "out.json"], #"grouplog: --from takes a whole number, not "x""#),
        (["fixture", "record", "team", "--since", "1", "-o", "out.json"], "grouplog: unknown option --since"),
        (["fixture", "record", "team", "-o"], "grouplog: -o needs a value"),
    ])
    func usageMistakesExitWith64(_ words: [String], _ message: String) {
        let result = grouplog(words)
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test func helpDescribesRecordAndShrink() {
        let help = grouplog("help", "fixture")
        #expect(help.status == .success)
        #expect(help.stdout.contains("grouplog fixture record GROUP|FIXTURE [--from SEQ] [--to SEQ] -o FILE"))
        #expect(help.stdout.contains("grouplog fixture shrink FIXTURE -o FILE"))
        #expect(grouplog("--help").stdout.contains("fixture record GROUP|FIXTURE"))
    }
}
