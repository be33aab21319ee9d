import Foundation
import GroupCodec
import GroupCore
import GroupStore
import GroupTestSupport
import Testing

/// `grouplog verify` exits 5, the status of a damaged record, when it finds a problem, as every
/// other command does when it meets one (issue 17: the corruption campaign counts a report as
/// exit 5), and 0 when it finds none.
@Suite struct VerifyCommandTests {
    @Test func aProblemIsExitFiveAndNamesTheCommit() throws {
        var settings = RandomLog(seed: 3)
        settings.groupID = .named("team")
        let commits = chained(settings.growingCommits(count: 40, members: 20, batchSize: 5))
        try withTemporaryDirectory { directory in
            let path = directory.path("store")
            do {
                let store = try GroupStore(path: path, options: StoreOptions(create: true))
                _ = try store.ingest(commits)
            }
            let clean = grouplog("--store", path, "verify")
            #expect(clean.status == .success, "\(clean.stdout)\(clean.stderr)")
            #expect(clean.stdout == "verify: no problems\n")

            try ExplainCommandTests.damage(path + "/data.mdb", record: CommitCodec.encode(commits[7]))
            let damaged = grouplog("--store", path, "verify")
            #expect(damaged.status == .corrupt, "\(damaged.stdout)\(damaged.stderr)")
            let problems = damaged.stdout.split(separator: "\n").filter { $0.hasPrefix("PROBLEM ") }
            #expect(!problems.isEmpty, "\(damaged.stdout)")
            #expect(problems.contains { $0.contains("team") && $0.contains("7") }, "\(damaged.stdout)")
            #expect(damaged.stdout.hasSuffix(problems.count == 1 ? "verify: 1 problem\n" : "verify: \(problems.count) problems\n"))
        }
    }
}
