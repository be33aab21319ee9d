import Foundation
import GroupFixtures
import Testing
@testable import grouplog

/// `grouplog explain`'s signature check, on `SignedAuditLog`.
struct SignatureExplainCommandTests {
    @Test(arguments: [
        // seq, the signature line, the actor's keys, the verdict
        ("1", "signature: signed by \(SignedAuditLog.bo), recorded for bo; the signature verifies",
         "  keys recorded for bo: \(SignedAuditLog.bo)", "  verdict: passed: signed with a key recorded for bo"),
        ("2", "signature: signed by \(SignedAuditLog.bo), not recorded for caro; the signature verifies",
         "  keys recorded for caro: \(SignedAuditLog.caro)",
         "  verdict: rejected wrongSigningKey: signed with key \(SignedAuditLog.bo), which is not recorded for caro in this conversation"),
        ("3", "signature: unsigned", "  keys recorded for bo: \(SignedAuditLog.bo)",
         "  verdict: rejected unsignedCommit: the conversation requires signed commits, and this one is unsigned"),
    ])
    func explainShowsTheSignatureCheckOfAGroupRequiringSignatures(sequence: String, head: String, keys: String, verdict: String) throws {
        try withTemporaryDirectory { directory in
            let (fixture, store) = try SignedAuditLog.prepare(in: directory)
            let result = grouplog("explain", fixture, sequence)
            #expect(result.status == .success, "\(result.stderr)")
            #expect(Array(result.lines[2...5]) == [head, keys, "  requires signatures: yes", verdict])
            let fromStore = grouplog("--store", store, "explain", "team", sequence)
            #expect(Array(fromStore.lines[2...5]) == [head, keys, "  requires signatures: yes", verdict])
        }
    }

    @Test func explainJSONShowsTheSignatureCheck() throws {
        try withTemporaryDirectory { directory in
            let (fixture, _) = try SignedAuditLog.prepare(in: directory)
            func signature(_ sequence: String) throws -> JSONValue? {
                try JSONParser.parse(grouplog("explain", fixture, sequence, "--json").stdout)["signature"]
            }
            let forged = try signature("2")
            #expect(forged?["standing"]?.stringValue == "otherKey" && forged?["key"]?.stringValue == SignedAuditLog.bo)
            #expect(forged?["verifies"] == .bool(true))
            #expect(forged?["actorKeys"] == .array([.string(SignedAuditLog.caro)]))
            #expect(forged?["required"] == .bool(true))
            #expect(forged?["verdict"]?.stringValue == "wrongSigningKey")
            #expect(forged?["detail"]?.stringValue?.hasPrefix("signed with key \(SignedAuditLog.bo)") == true)
            let unsigned = try signature("3")
            #expect(unsigned?["standing"]?.stringValue == "unsigned" && unsigned?["key"] == .null && unsigned?["verifies"] == .null)
            #expect(unsigned?["verdict"]?.stringValue == "unsignedCommit")
            #expect(try signature("0")?["verdict"]?.stringValue == "passed")
            #expect(try signature("1")?["standing"]?.stringValue == "actorKey")
        }
    }

    @Test func explainOfAGroupNotRequiringSignaturesShowsTheKeyAndJudgesNothing() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("relaxed.json", SignedAuditLog.fixture(requireSignatures: false))
            let result = grouplog("explain", file, "2")
            #expect(Array(result.lines[2...5]) == [
                "signature: signed by \(SignedAuditLog.bo), not recorded for caro; the signature verifies",
                "  keys recorded for caro: \(SignedAuditLog.caro)",
                "  requires signatures: no",
                "  verdict: not required: the conversation does not require signed commits",
            ])
            #expect(result.lines.last == "events: metadataChanged name")
            let json = try JSONParser.parse(grouplog("explain", file, "2", "--json").stdout)
            #expect(json["signature"]?["verdict"]?.stringValue == "notRequired" && json["signature"]?["required"] == .bool(false))
        }
    }
}
