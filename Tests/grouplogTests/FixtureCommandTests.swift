import Foundation
import GroupFixtures
import Testing
@testable import grouplog

struct FixtureCommandTests {
    @Test func passingFixture() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let result = grouplog("fixture", "run", file)
            #expect(result.status == .success)
            #expect(result.lines == ["PASS  \(file)", "1 passed, 0 failed"])
            #expect(result.stderr == "")
        }
    }

    @Test func failingFixturePrintsItsFirstDifference() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.failing)
            let result = grouplog("fixture", "run", file)
            #expect(result.status == .expectationsNotMet)
            #expect(result.lines == ["FAIL  \(file): \(SampleFixture.failingDifference)", "0 passed, 1 failed"])
        }
    }

    @Test func failingCommitNamesTheCommit() throws {
        try withTemporaryDirectory { directory in
            let text = SampleFixture.passing.replacingOccurrences(of: #", "expect": {"rejected": "permissionDenied"}"#, with: "")
            let file = try directory.write("team.json", text)
            let result = grouplog("fixture", "run", file)
            #expect(result.status == .expectationsNotMet)
            #expect(result.lines.first?.hasPrefix("FAIL  \(file): commit 1: expected applied, actual rejected permissionDenied") == true,
                    "output: \(result.stdout)")
        }
    }

    @Test func malformedFixtureNamesFileAndPath() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("broken.json", SampleFixture.malformed)
            let result = grouplog("fixture", "run", file)
            #expect(result.status == .badInput)
            #expect(result.lines == ["ERROR \(file) \(SampleFixture.malformedError)", "0 passed, 1 failed"])
        }
    }

    @Test func invalidJSONNamesFileLineAndColumn() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("broken.json", "{\"commits\": [\n  {\"actor\": \"alix\",}\n]}")
            let result = grouplog("fixture", "run", file)
            #expect(result.status == .badInput)
            #expect(result.lines.first?.hasPrefix("ERROR \(file):2:20: ") == true, "output: \(result.stdout)")
        }
    }

    /// Two inboxes claiming one identity is malformed input like any other: the error names the file.
    @Test func identityClaimedTwiceNamesTheFile() throws {
        try withTemporaryDirectory { directory in
            let text = SampleFixture.passing.replacingOccurrences(
                of: #"[{"inbox": "caro", "handles": ["caro.old", "caro.eth"]}]"#,
                with: #"[{"inbox": "caro", "handles": ["caro.eth"]}, {"inbox": "bo", "handles": ["caro.eth"]}]"#)
            let file = try directory.write("claims.json", text)
            let result = grouplog("fixture", "run", file)
            #expect(result.status == .badInput)
            #expect(result.lines.first?.hasPrefix("ERROR \(file) at $.identities[1]") == true, "output: \(result.stdout)")
        }
    }

    @Test func missingPathIsBadInput() throws {
        try withTemporaryDirectory { directory in
            let missing = directory.path("nowhere.json")
            let result = grouplog("fixture", "run", missing)
            #expect(result.status == .badInput)
            #expect(result.stdout == "")
            #expect(result.stderr == "grouplog: \(missing): no such file or directory\n")
        }
    }

    @Test func directoryRunsEachJSONFileInNameOrder() throws {
        try withTemporaryDirectory { directory in
            // Written out of name order, so that creation order cannot pass for name order.
            let second = try directory.write("set/b-second.json", SampleFixture.passing)
            try directory.write("set/notes.txt", "not a fixture")
            let first = try directory.write("set/a-first.json", SampleFixture.passing)
            let third = try directory.write("set/c-third.json", SampleFixture.failing)
            let result = grouplog("fixture", "run", directory.path("set"))
            #expect(result.status == .expectationsNotMet)
            #expect(result.lines == [
                "PASS  \(first)", "PASS  \(second)", "FAIL  \(third): \(SampleFixture.failingDifference)", "2 passed, 1 failed",
            ])
        }
    }

    @Test func directoryWithoutFixturesIsBadInput() throws {
        try withTemporaryDirectory { directory in
            try directory.write("empty/notes.txt", "not a fixture")
            let result = grouplog("fixture", "run", directory.path("empty"))
            #expect(result.status == .badInput)
            #expect(result.stderr.contains("no .json fixtures under \(directory.path("empty"))"))
        }
    }

    @Test func malformedFixtureOutranksFailingOne() throws {
        try withTemporaryDirectory { directory in
            let failing = try directory.write("a.json", SampleFixture.failing)
            let broken = try directory.write("b.json", SampleFixture.malformed)
            let passing = try directory.write("c.json", SampleFixture.passing)
            let result = grouplog("fixture", "run", failing, broken, passing)
            #expect(result.status == .badInput)
            #expect(result.lines == [
                "FAIL  \(failing): \(SampleFixture.failingDifference)",
                "ERROR \(broken) \(SampleFixture.malformedError)",
                "PASS  \(passing)",
                "1 passed, 2 failed",
            ])
        }
    }

    @Test func jsonOutputReportsEachFixture() throws {
        try withTemporaryDirectory { directory in
            let passing = try directory.write("a.json", SampleFixture.passing)
            let failing = try directory.write("b.json", SampleFixture.failing)
            let broken = try directory.write("c.json", SampleFixture.malformed)
            let result = grouplog("fixture", "run", "--json", passing, failing, broken)
            #expect(result.status == .badInput)
            #expect(!result.stdout.contains("PASS") && !result.stdout.contains("passed, "))

            let report = try JSONParser.parse(result.stdout)
            #expect(report["passed"]?.intValue == 1)
            #expect(report["failed"]?.intValue == 2)
            let fixtures = try #require(report["fixtures"]?.arrayValue)
            #expect(fixtures.count == 3)

            #expect(fixtures[0]["file"]?.stringValue == passing)
            #expect(fixtures[0]["name"]?.stringValue == "team")
            #expect(fixtures[0]["commits"]?.intValue == 3)
            #expect(fixtures[0]["passed"]?.boolValue == true)
            #expect(fixtures[0]["difference"] == nil)

            #expect(fixtures[1]["file"]?.stringValue == failing)
            #expect(fixtures[1]["passed"]?.boolValue == false)
            #expect(fixtures[1]["difference"]?["at"]?.stringValue == "expect.members")
            #expect(fixtures[1]["difference"]?["expected"]?.stringValue == "{alix: superAdmin, bo: member, caro: member}")
            #expect(fixtures[1]["difference"]?["actual"]?.stringValue == "{alix: superAdmin, bo: admin, caro: member}")

            #expect(fixtures[2]["file"]?.stringValue == broken)
            #expect(fixtures[2]["passed"]?.boolValue == false)
            #expect(fixtures[2]["error"]?.stringValue == "\(broken) \(SampleFixture.malformedError)")
        }
    }

    @Test func jsonFlagMayComeAfterThePaths() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let result = grouplog("fixture", "run", file, "--json")
            #expect(result.status == .success)
            let report = try JSONParser.parse(result.stdout)
            #expect(report["passed"]?.intValue == 1)
            #expect(report["failed"]?.intValue == 0)
        }
    }
}
