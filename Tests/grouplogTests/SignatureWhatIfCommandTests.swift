import Foundation
import GroupFixtures
import Testing
@testable import grouplog

/// `grouplog whatif --require-signatures`, on `SignedAuditLog`.
struct SignatureWhatIfCommandTests {
    @Test func requireSignaturesListsExactlyTheCommitsThatWouldBeRejected() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("relaxed.json", SignedAuditLog.fixture(requireSignatures: false))
            let result = grouplog("whatif", file, "--require-signatures")
            #expect(result.status == .success, "\(result.stderr)")
            #expect(Array(result.lines.prefix(7)) == [
                "#2 caro @3000 updateName \"forged\"",
                "  actual:  applied",
                "  what-if: rejected wrongSigningKey: signed with key \(SignedAuditLog.bo), which is not recorded for caro in this conversation",
                "#3 bo @4000 updateDescription \"unsigned\"",
                "  actual:  applied",
                "  what-if: rejected unsignedCommit: the conversation requires signed commits, and this one is unsigned",
                "2 of 6 commits flip: 0 now applied, 2 now rejected, 0 rejected differently",
            ])
            #expect(result.stdout.contains("requireSignatures"))

            let json = grouplog("whatif", file, "--require-signatures", "--json").lines.compactMap { try? JSONParser.parse($0) }
            #expect(json.dropLast().map { $0["sequence"]?.intValue } == [2, 3])
            #expect(json.dropLast().map { $0["whatIf"]?["code"]?.stringValue } == ["wrongSigningKey", "unsignedCommit"])
            #expect(json.last?["overrides"]?["requireSignatures"] == .bool(true))
            #expect(json.last?["flipped"]?["nowRejected"]?.intValue == 2)
        }
    }

    @Test func requireSignaturesCombinesWithPolicyPins() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("relaxed.json", SignedAuditLog.fixture(requireSignatures: false))
            func flipped(_ options: String...) -> [String] {
                let result = grouplog(["whatif", file] + options)
                #expect(result.status == .success, "\(result.stderr)")
                return result.lines.filter { $0.hasPrefix("#") }.map { String($0.prefix { $0 != " " }) }
            }
            #expect(flipped("--policy", "updateName=adminOnly") == ["#1", "#2", "#5"])
            #expect(flipped("--require-signatures") == ["#2", "#3"])
            #expect(flipped("--policy", "updateName=adminOnly", "--require-signatures") == ["#1", "#2", "#3", "#5"])
            let both = grouplog("whatif", file, "--policy", "updateName=adminOnly", "--require-signatures", "--json").lines
            let summary = try JSONParser.parse(try #require(both.last))
            #expect(summary["overrides"]?["requireSignatures"] == .bool(true))
            #expect(summary["overrides"]?["slots"]?["updateName"]?.stringValue == "adminOnly")
        }
    }

    @Test func aStoreGroupGivesTheSameReportAsItsFixture() throws {
        try withTemporaryDirectory { directory in
            let (file, store) = try SignedAuditLog.prepare(in: directory, requireSignatures: false)
            let fromFixture = grouplog("whatif", file, "--require-signatures")
            let fromStore = grouplog("--store", store, "whatif", "team", "--require-signatures")
            #expect(fromStore.status == .success, "\(fromStore.stderr)")
            #expect(fromStore.lines == fromFixture.lines)
        }
    }
}
