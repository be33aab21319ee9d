import GroupFixtures
import Testing
@testable import grouplog

/// `diff` and `whatif` on a store group of 100,000 commits: they stream through the log (in
/// constant memory: two replicas, no list of commits) and agree with the store's own records.
struct LargeLogCommandTests {
    static let count = 100_000

    @Test func diffAndWhatIfRunOverAHundredThousandCommits() throws {
        try withTemporaryDirectory { directory in
            let store = directory.path("store")
            try LargeStore.make(at: store, count: Self.count)
            func run(_ words: String...) -> CLIResult { grouplog(["--store", store] + words) }
            let last = String(Self.count - 1)

            // diff: two snapshot loads, whichever way round.
            let diff = run("diff", "big", "--from", "10", "--to", last)
            #expect(diff.status == .success, "stderr: \(diff.stderr)")
            let header = try #require(diff.lines.first)
            #expect(header.hasPrefix("big: after commit 10 -> after commit \(last): ") && header.hasSuffix(" differences"))
            #expect(diff.lines.contains("members:") && diff.lines.contains("log:"))
            let reverse = run("diff", "big", "--from", last, "--to", "10")
            #expect(reverse.lines.first == "big: after commit \(last) -> after commit 10: " + header.split(separator: ": ").last.map(String.init)!)
            let json = try JSONParser.parse(run("diff", "big", "--from", "10", "--to", last, "--json").stdout)
            let state = try JSONParser.parse(run("state", "big", "--json").stdout)
            #expect(json["toStateHash"] == state["stateHash"])

            // whatif: tightening updateName makes the members' renames fail; the actual outcomes
            // it reports are the stored ones.
            let whatIf = run("whatif", "big", "--policy", "updateName=adminOnly")
            #expect(whatIf.status == .success, "stderr: \(whatIf.stderr)")
            let summary = try #require(whatIf.lines.first { $0.contains(" of \(Self.count) commits flip") })
            let flipped = try #require(Int(summary.split(separator: " ")[0]))
            #expect(flipped > 0)
            #expect(whatIf.lines.filter { $0.hasPrefix("#") }.count == flipped)
            let firstFlip = try #require(whatIf.lines.first { $0.hasPrefix("#") })
            let sequence = String(firstFlip.dropFirst().prefix { $0 != " " })
            let actual = try #require(whatIf.lines.first { $0.hasPrefix("  actual:  ") }).dropFirst("  actual:  ".count)
            let stored = try #require(run("log", "big", "--from", sequence, "--limit", "1").lines.first)
            #expect(stored.hasPrefix(firstFlip + " -> " + actual), "stored: \(stored)")
            #expect(whatIf.lines.contains("  updateName                  allowAll -> adminOnly"))

            // Pinning the slot the log keeps changing: every change applies as before, the pin is
            // restored after each, and no commit relies on it.
            let pinned = run("whatif", "big", "--policy", "approveJoins=adminOnly")
            #expect(pinned.lines.first == "0 of \(Self.count) commits flip: 0 now applied, 0 now rejected, 0 rejected differently")
            let policyLines = pinned.lines.dropFirst(2)
            #expect(policyLines.isEmpty || Array(policyLines) == ["policies:", "  approveJoins                moderatorOnly -> adminOnly"]
                || Array(policyLines) == ["policies:", "  approveJoins                superAdminOnly -> adminOnly"])

            // Nothing was written.
            #expect(run("groups").lines == ["big  \(Self.count) commits", "1 groups"])
        }
    }
}
