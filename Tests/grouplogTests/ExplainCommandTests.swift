import Foundation
import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport
import Testing
@testable import grouplog

struct ExplainCommandTests {
    static let denial = "permissionDenied: bo (member) does not pass the addAdmin policy superAdminOnly"

    @Test func explainsACommitOfAFixtureFile() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let result = grouplog("explain", file, "1")
            #expect(result.status == .success)
            #expect(result.stderr == "")
            #expect(result.lines == [
                "commit 1 of group team: bo at 2000, 1 change",
                "actor: bo (member, active)",
                "signature: unsigned",
                "  keys recorded for bo: none",
                "  requires signatures: no",
                "  verdict: not required: the conversation does not require signed commits",
                "change 0: addAdmin caro",
                "  caro: member, active",
                "  acting member → passed: bo is a current member and active",
                "  policy addAdmin for caro: superAdminOnly → denied: bo is member, superAdminOnly needs superAdmin",
                "  result: rejected \(Self.denial)",
                "outcome: rejected at change 0: \(Self.denial)",
            ])

            let created = grouplog("explain", file, "0", "--json")
            #expect(created.status == .success)
            let json = try JSONParser.parse(created.stdout)
            #expect(json["sequence"]?.intValue == 0)
            #expect(json["outcome"]?.stringValue == "applied")
            #expect(json["events"]?.arrayValue?.count == 3)
            #expect(json["changes"]?[0]?["checks"]?[0]?["rule"]?.stringValue == "create")
        }
    }

    @Test func explainsACommitOfAStoreGroupAsOfItsFixture() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let store = directory.path("store")
            try #require(grouplog("--store", store, "init").status == .success)
            try #require(grouplog("--store", store, "import", file).status == .success)
            for sequence in ["0", "1", "2"] {
                let fromStore = grouplog("--store", store, "explain", "team", sequence)
                #expect(fromStore.status == .success, "\(fromStore.stderr)")
                #expect(fromStore.stdout == grouplog("explain", file, sequence).stdout)
            }
            let json = try JSONParser.parse(grouplog("--store", store, "explain", "team", "2", "--json").stdout)
            #expect(json["outcome"]?.stringValue == "applied")
            #expect(json["events"]?[0]?["event"]?.stringValue == "adminAdded")
            #expect(json["changes"]?[0]?["checks"]?[1]?["evaluation"]?["passed"]?.boolValue == true)
        }
    }

    /// updateFieldPolicy: the field as registered before the commit with the policy it replaces,
    /// then the super admin check; an unknown field fails at the first.
    @Test func explainsAFieldPolicyChange() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.fieldPolicy)
            let registered = "  field registry → passed: ANNOUNCEMENT (0x8102, string) is registered; its insert policy before this commit is adminOnly"
            #expect(grouplog("explain", file, "3").lines == [
                "commit 3 of group team: alix at 4000, 1 change",
                "actor: alix (superAdmin, active)",
                "signature: unsigned",
                "  keys recorded for alix: none",
                "  requires signatures: no",
                "  verdict: not required: the conversation does not require signed commits",
                "change 0: updateFieldPolicy ANNOUNCEMENT insert = allowAll",
                "  acting member → passed: alix is a current member and active",
                registered,
                "  super admin only → passed: alix is superAdmin, and only a super admin may do this",
                "  result: passed",
                "outcome: applied",
                "events: fieldPolicyChanged 0x8102 insert = allowAll",
            ])
            let denied = grouplog("explain", file, "4").lines
            #expect(denied.contains("  super admin only → denied: bo is admin, and only a super admin may do this"), "\(denied)")
            #expect(denied.last == "outcome: rejected at change 0: permissionDenied: bo (admin) is not a super admin, and only a super admin may do this")
            #expect(grouplog("explain", file, "5").lines.suffix(4) == [
                "  acting member → passed: alix is a current member and active",
                "  field registry → denied: no field NOTICE is registered before this commit",
                "  result: rejected unknownField: no field NOTICE is registered in this conversation",
                "outcome: rejected at change 0: unknownField: no field NOTICE is registered in this conversation",
            ])

            let json = try JSONParser.parse(grouplog("explain", file, "3", "--json").stdout)
            let checks = try #require(json["changes"]?[0]?["checks"]?.arrayValue)
            #expect(checks.compactMap { $0["rule"]?.stringValue } == ["actingMember", "fieldRegistered", "superAdminOnly"])
            #expect(checks[1]["field"]?.stringValue == "ANNOUNCEMENT" && checks[1]["operation"]?.stringValue == "insert")
            #expect(checks[1]["passed"]?.boolValue == true)
            #expect(json["changes"]?[0]?["change"]?["op"]?.stringValue == "updateFieldPolicy")
            #expect(json["events"]?[0]?["event"]?.stringValue == "fieldPolicyChanged")
            let unknown = try JSONParser.parse(grouplog("explain", file, "5", "--json").stdout)
            #expect(unknown["code"]?.stringValue == "unknownField")
            #expect(unknown["changes"]?[0]?["checks"]?[1]?["passed"]?.boolValue == false)
        }
    }

    @Test func badInputIsRefusedWithItsExitCode() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let store = directory.path("store")
            try #require(grouplog("--store", store, "init").status == .success)
            try #require(grouplog("--store", store, "import", file).status == .success)

            let unknownGroup = grouplog("--store", store, "explain", "absent", "0")
            #expect(unknownGroup.status == .badInput)
            #expect(unknownGroup.stderr.contains("absent"))

            for missing in [directory.path("missing.json"), directory.path("nowhere/team.json")] {
                let result = grouplog("explain", missing, "0")
                #expect(result.status == .badInput, "\(missing): \(result.stderr)")
                #expect(result.stdout == "")
            }

            let pastFixture = grouplog("explain", file, "3")
            #expect(pastFixture.status == .badInput)
            #expect(pastFixture.stderr == "grouplog: SEQ 3 is past the log's last commit, 2\n")
            let pastGroup = grouplog("--store", store, "explain", "team", "99")
            #expect(pastGroup.status == .badInput)
            #expect(pastGroup.stderr == "grouplog: SEQ 99 is past the log's last commit, 2\n")

            for words in [["explain", file, "one"], ["explain", file, "-1"], ["explain", file], ["explain"], ["explain", file, "1", "2"],
                          ["explain", file, "1", "--at", "1"]] {
                let result = grouplog(words)
                #expect(result.status == .usage, "\(words): \(result.stderr)")
                #expect(result.stdout == "")
            }

            let noStore = grouplog("--store", directory.path("no-store"), "explain", "team", "0")
            #expect(noStore.status == .noStore)
        }
    }

    @Test func helpDescribesExplain() {
        let result = grouplog("help", "explain")
        #expect(result.status == .success)
        #expect(result.lines.first == "Usage: grouplog explain FIXTURE|GROUP SEQ [--json] [--store DIR]")
        #expect(grouplog("--help").stdout.contains("explain GROUP|FIXTURE SEQ"))
    }

    /// A group of 100,000 commits: a commit near the end is explained from the nearest snapshot,
    /// never by folding from commit 0. Commit 2's record is damaged on disk after the ingest:
    /// explaining a commit near the end still works, with the fold's outcome, while explaining
    /// one before the first snapshot reports the damage.
    @Test func explainsACommitNearTheEndOfALongLogFromItsSnapshot() throws {
        let count = 100_000
        let group = GroupID.named("long")
        var settings = RandomLog(seed: 6)
        settings.groupID = group
        let commits = chained(settings.growingCommits(count: count, members: 2_000, batchSize: 500))
        try #require(commits.count == count)
        var replica = Replica()
        var outcomes: [CommitOutcome] = []
        outcomes.reserveCapacity(count)
        for commit in commits { outcomes.append(replica.fold(commit)) }

        try withTemporaryDirectory { directory in
            let path = directory.path("store")
            do {
                let store = try GroupStore(path: path, options: StoreOptions(create: true))
                var start = 0
                while start < count {
                    let end = min(start + 10_000, count)
                    _ = try store.ingest(Array(commits[start..<end]))
                    start = end
                }
            }
            try Self.damage(path + "/data.mdb", record: CommitCodec.encode(commits[2]))

            let sequence = count - 7
            let result = grouplog("--store", path, "explain", "long", String(sequence), "--json")
            #expect(result.status == .success, "\(result.stderr)")
            let json = try JSONParser.parse(result.stdout)
            #expect(json["sequence"]?.intValue == Int64(sequence))
            switch outcomes[sequence] {
            case .applied:
                #expect(json["outcome"]?.stringValue == "applied")
            case let .rejected(rejection):
                #expect(json["outcome"]?.stringValue == "rejected")
                #expect(json["code"]?.stringValue == rejection.reason.code)
            }
            #expect(json["changes"]?.arrayValue?.count == commits[sequence].changes.count)

            let early = grouplog("--store", path, "explain", "long", "5")
            #expect(early.status == .corrupt, "\(early.stderr)")
        }
    }

    /// Flips a byte of every copy of `record` in `file`, as a damaged disk would.
    static func damage(_ file: String, record: [UInt8]) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: file))
        let needle = Data(record)
        var found = 0
        var searchFrom = data.startIndex
        while let range = data.range(of: needle, in: searchFrom..<data.endIndex) {
            data[range.lowerBound + record.count / 2] ^= 0xFF
            found += 1
            searchFrom = range.upperBound
        }
        try #require(found > 0, "the record was not found in \(file)")
        try data.write(to: URL(fileURLWithPath: file))
    }
}
