import Foundation
import Testing
@testable import grouplog

struct FixtureShrinkCommandTests {
    /// SampleFixture.passing with two more commits, the last wrongly expected to be refused.
    static let failing = """
    {"name": "team", "identities": [{"inbox": "caro", "handles": ["caro.old", "caro.eth"]}],
     "commits": [
       {"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo", "caro"], "name": "Team"}]},
       {"actor": "bo", "time": 2000, "changes": [{"op": "addAdmin", "inbox": "caro"}], "expect": {"rejected": "permissionDenied"}},
       {"actor": "alix", "time": 3000, "changes": [{"op": "addAdmin", "inbox": "bo"}]},
       {"actor": "caro", "time": 4000, "changes": [{"op": "updateDescription", "description": "ours"}, {"op": "updateImageURL", "url": "https://img.example/team"}]},
       {"actor": "bo", "time": 5000, "changes": [{"op": "updateName", "name": "Crew"}], "expect": {"rejected": "permissionDenied"}}
     ],
     "expect": {"members": {"alix": "superAdmin", "bo": "admin", "caro": "member"}, "name": "Crew"}}
    """

    @Test func shrinksAFailingFixtureAndPrintsTheSizes() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("big.json", Self.failing)
            let output = directory.path("small.json")
            let before = grouplog("fixture", "run", file)
            #expect(before.lines.first == "FAIL  \(file): commit 4: expected rejected permissionDenied, actual applied")
            let result = grouplog("fixture", "shrink", file, "-o", output)
            #expect(result.status == .success)
            #expect(result.stderr == "")
            let size = try #require(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int)
            #expect(result.lines == [
                "shrunk 5 commits (6 changes, \(Self.failing.utf8.count) bytes) to 2 commits (2 changes, \(size) bytes); "
                    + "first difference: commit 1: expected rejected permissionDenied, actual applied",
                "wrote \(output)",
            ])
            let after = grouplog("fixture", "run", output)
            #expect(after.status == .expectationsNotMet)
            #expect(after.lines.first == "FAIL  \(output): commit 1: expected rejected permissionDenied, actual applied")
            // Shrinking again gives the same file.
            let again = directory.path("again.json")
            #expect(grouplog("fixture", "shrink", file, "-o", again).status == .success)
            #expect(FileManager.default.contents(atPath: again) == FileManager.default.contents(atPath: output))
        }
    }

    @Test func passingFixtureHasNothingToShrink() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let output = directory.path("small.json")
            let result = grouplog("fixture", "shrink", file, "-o", output)
            #expect(result.status == .expectationsNotMet)
            #expect(result.stderr == "grouplog: \(file): the fixture passes: nothing to shrink\n")
            #expect(result.stdout == "")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test func badInputIsRefusedAndNothingIsWritten() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("big.json", Self.failing)
            let malformed = try directory.write("malformed.json", SampleFixture.malformed)
            try FileManager.default.createDirectory(atPath: directory.path("folder"), withIntermediateDirectories: true)
            let cases: [(words: [String], message: String)] = [
                ([directory.path("absent.json"), "-o", directory.path("out.json")],
                 "grouplog: \(directory.path("absent.json")) at $: cannot read the file"),
                ([malformed, "-o", directory.path("out.json")], "grouplog: \(malformed) \(SampleFixture.malformedError)"),
                ([file, "-o", directory.path("missing/out.json")],
                 "grouplog: cannot write \(directory.path("missing/out.json")): the directory \(directory.path("missing")) does not exist"),
                ([file, "-o", directory.path("folder")], "grouplog: cannot write \(directory.path("folder")): it is a directory"),
                ([file, "-o", directory.path("./big.json")], "grouplog: cannot write \(directory.path("./big.json")): it is the input file; give another output path"),
            ]
            for (words, message) in cases {
                let result = grouplog(["fixture", "shrink"] + words)
                #expect(result.status == .badInput, "\(words)")
                #expect(result.stderr == message + "\n", "\(words)")
            }
            #expect(!FileManager.default.fileExists(atPath: directory.path("out.json")))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("folder")).isEmpty)
        }
    }

    @Test(arguments: [
        (["fixture", "shrink", "big.json"], "grouplog: fixture shrink needs -o FILE"),
        (["fixture", "shrink", "-o", "out.json"], "grouplog: fixture shrink takes exactly one fixture file"),
        (["fixture", "shrink", "a.json", "b.json", "-o", "out.json"], "grouplog: fixture shrink takes exactly one fixture file"),
        (["fixture", "shrink", "big.json", "--from", "1", "-o", "out.json"], "grouplog: unknown option --from"),
    ])
    func usageMistakesExitWith64(_ words: [String], _ message: String) {
        let result = grouplog(words)
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}
