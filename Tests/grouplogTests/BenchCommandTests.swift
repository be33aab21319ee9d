import GroupFixtures
import Testing
@testable import grouplog

/// `grouplog bench` on a generated group and on a fixture: every measure present with its runs,
/// the figures consistent with one another. Timings never decide: only the shape and the counts.
struct BenchCommandTests {
    private static let names = ["replay", "rawScan", "stateAt", "audit", "whatif"]

    @Test func aStoreGroupGetsEveryMeasureWithItsRuns() throws {
        try withTemporaryDirectory { directory in
            let store = directory.path("store")
            #expect(grouplog("--store", store, "generate", "--members", "200", "--commits", "600", "--batch", "50", "--group", "g").status == .success)
            let result = grouplog("--store", store, "bench", "g", "--runs", "2", "--samples", "3", "--json")
            #expect(result.status == .success, "\(result.stderr)")
            let report = try JSONParser.parse(result.stdout)
            #expect(report["target"]?.stringValue == "group g of \(store)")
            #expect(report["commits"]?.intValue == 600)
            #expect(report["runs"]?.intValue == 2)
            guard case let .array(measures)? = report["measures"] else { Issue.record("no measures"); return }
            #expect(measures.map { $0["name"]?.stringValue } == Self.names)
            for measure in measures {
                guard case let .array(runs)? = measure["seconds"] else { Issue.record("no runs"); continue }
                #expect(runs.count == (measure["name"]?.stringValue == "stateAt" ? 3 : 2))
                #expect(measure["unitsPerRun"]?.intValue == (measure["name"]?.stringValue == "stateAt" ? 1 : 600))
                let median = try #require(measure["medianSeconds"].flatMap(double)), minimum = try #require(measure["minimumSeconds"].flatMap(double))
                #expect(minimum > 0 && minimum <= median)
                #expect(runs.compactMap(double).min() == minimum)
            }
            #expect(report["replayOverRawScan"].flatMap(double) != nil)

            let table = grouplog("--store", store, "bench", "g", "--runs", "1", "--samples", "1")
            #expect(table.status == .success)
            #expect(table.lines.count == 8)
            #expect(table.lines.first?.hasPrefix("bench group g of \(store): 600 commits, ") == true)
            #expect(table.lines.first?.hasSuffix(" members at the head; 1 runs") == true)
            let summaries = ["replay, chain checked", "raw scan of the same bytes", "state at a random sequence (1)", "audit", "whatif --policy addMember=adminOnly"]
            #expect(zip(table.lines.dropFirst(2), summaries).allSatisfy { $0.hasPrefix($1 + " ") && $0.hasSuffix("/s") })
            #expect(table.lines.last?.hasPrefix("the replay runs at ") == true)
        }
    }

    @Test func aFixtureIsMeasuredInATemporaryStore() throws {
        try withTemporaryDirectory { directory in
            let file = directory.path("log.json")
            #expect(grouplog("generate", "--members", "100", "--commits", "300", "--batch", "30", "-o", file).status == .success)
            let result = grouplog("--store", directory.path("none"), "bench", file, "--runs", "1", "--samples", "2", "--json")
            #expect(result.status == .success, "\(result.stderr)")
            let report = try JSONParser.parse(result.stdout)
            #expect(report["target"]?.stringValue == "fixture \(file)")
            #expect(report["group"]?.stringValue == "log")
            #expect(report["commits"]?.intValue == 300)
        }
    }

    @Test func badOptionsAndMissingGroupsAreRefused() throws {
        try withTemporaryDirectory { directory in
            let store = directory.path("store")
            #expect(grouplog("--store", store, "init").status == .success)
            let runs = grouplog("--store", store, "bench", "g", "--runs", "0")
            #expect(runs.status == .usage)
            #expect(runs.stderr.hasPrefix(#"grouplog: --runs takes a whole number from 1 to 1000, not "0""#))
            let samples = grouplog("--store", store, "bench", "g", "--samples", "-3")
            #expect(samples.status == .usage)
            #expect(samples.stderr.hasPrefix(#"grouplog: --samples takes a whole number from 1 to 100000, not "-3""#))
            #expect(grouplog("--store", store, "bench", "nothere").status == .badInput)
        }
    }

    private func double(_ value: JSONValue) -> Double? {
        guard case let .number(number) = value else { return nil }
        return Double(number.text)
    }
}
