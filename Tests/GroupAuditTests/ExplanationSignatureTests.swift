import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport
import Testing
@testable import GroupAudit

/// `explain`'s signature check (SPEC section 14): the key and whether it is the actor's, the
/// actor's keys, whether the conversation requires signatures, and the reducer's verdict.
struct ExplanationSignatureTests {
    private func explanations(requireSignatures: Bool) throws -> [CommitExplanation] {
        try withAuditStore { store in
            try SignedLog.ingest(into: store, requireSignatures: requireSignatures)
            let source = try LogSource(store: store, group: .test)
            return try (0...source.headSequence).map { try source.explain($0) }
        }
    }

    @Test func aGroupRequiringSignaturesRejectsTheUnsignedAndTheWrongKeyAndPassesTheActorsKey() throws {
        let checks = try explanations(requireSignatures: true).map(\.signature)
        #expect(checks.map(\.required) == [true, true, true, true, true])
        #expect(checks.map(\.standing) == AuditSignatureTests.standings)
        #expect(checks.map(\.actorKeys) == [[SignedLog.alix], [SignedLog.bo], [SignedLog.caro], [SignedLog.bo], [SignedLog.alix]])
        #expect(checks.map(\.verdict) == [
            .passed, .passed, .rejected(.wrongSigningKey(.caro, key: SignedLog.bo)), .rejected(.unsignedCommit), .passed,
        ])
    }

    @Test func aGroupNotRequiringSignaturesJudgesNoneButShowsEachKey() throws {
        let checks = try explanations(requireSignatures: false).map(\.signature)
        #expect(checks.map(\.required) == [false, false, false, false, false])
        #expect(checks.map(\.standing) == AuditSignatureTests.standings)
        #expect(checks.allSatisfy { $0.verdict == .notRequired })
    }

    /// The whole-commit checks come first: a commit of a group requiring signatures that is
    /// rejected for its time never had its signature judged.
    @Test func aCommitRejectedAsAWholeFirstHasItsSignatureNotJudged() throws {
        var replica = Replica()
        for commit in SignedLog.commits(requireSignatures: true) { replica.fold(commit) }
        let late = SignedLog.chainedAndSigned([(Commit(groupID: .test, sequence: 5, actor: .bo, time: 1, changes: [.updateName("late")]), nil)])[0]
        let explanation = replica.explain(late)
        #expect(explanation.commitLevelRejection?.code == "timeWentBackwards")
        #expect(explanation.signature == SignatureCheck(standing: .unsigned, actorKeys: [SignedLog.bo], required: true, verdict: .notJudged))
        // A log with no group: nothing requires anything.
        let orphan = Replica().explain(Commit(groupID: .test, sequence: 3, actor: .bo, time: 1, changes: [.updateName("x")]))
        #expect(orphan.signature.verdict == .notRequired && orphan.signature.standing == .unsigned && !orphan.signature.required)
    }

    @Test func textAndJSONShowTheSignatureCheck() throws {
        let explanations = try explanations(requireSignatures: true)
        let bo = SignedLog.bo.description, caro = SignedLog.caro.description
        let forged = ExplanationText.lines(explanations[2])
        #expect(Array(forged.prefix(6)) == [
            "commit 2 of group \(GroupID.test): caro at 3000, 1 change",
            "actor: caro (member, active)",
            "signature: signed by \(bo), not recorded for caro; the signature verifies",
            "  keys recorded for caro: \(caro)",
            "  requires signatures: yes",
            "  verdict: rejected wrongSigningKey: signed with key \(bo), which is not recorded for caro in this conversation",
        ])
        let unsigned = ExplanationText.lines(explanations[3])
        #expect(unsigned[2...5] == [
            "signature: unsigned",
            "  keys recorded for bo: \(bo)",
            "  requires signatures: yes",
            "  verdict: rejected unsignedCommit: the conversation requires signed commits, and this one is unsigned",
        ])
        let passed = ExplanationText.lines(explanations[1])
        #expect(passed[2] == "signature: signed by \(bo), recorded for bo; the signature verifies")
        #expect(passed[5] == "  verdict: passed: signed with a key recorded for bo")

        let json = ExplanationJSON.encode(explanations[2]).member("signature")
        #expect(json == .object(JSONObject([
            "standing": .string("otherKey"), "key": .string(bo), "verifies": .bool(true), "actorKeys": .array([.string(caro)]),
            "required": .bool(true), "verdict": .string("wrongSigningKey"),
            "detail": .string("signed with key \(bo), which is not recorded for caro in this conversation"),
        ])))
        #expect(ExplanationJSON.encode(explanations[1]).member("signature")?.member("verdict") == .string("passed"))
        #expect(ExplanationJSON.encode(explanations[3]).member("signature")?.member("verdict") == .string("unsignedCommit"))
        #expect(ExplanationJSON.encode(explanations[3]).member("signature")?.member("verifies") == .null)

        let relaxed = try self.explanations(requireSignatures: false)
        #expect(ExplanationText.lines(relaxed[2])[2...5] == [
            "signature: signed by \(bo), not recorded for caro; the signature verifies",
            "  keys recorded for caro: \(caro)",
            "  requires signatures: no",
            "  verdict: not required: the conversation does not require signed commits",
        ])
        #expect(ExplanationJSON.encode(relaxed[2]).member("signature")?.member("verdict") == .string("notRequired"))
    }

    @Test func aSignatureThatDoesNotVerifyIsSaidToInTextAndJSON() throws {
        let source = try LogSource(fixture: SignedLog.fixture(requireSignatures: true, forging: 1), groupID: .named("signed"), name: "signed.json")
        let explanation = try source.explain(1)
        #expect(explanation.signature.verdict == .passed, "the reducer only compares keys")
        #expect(ExplanationText.lines(explanation)[2] == "signature: signed by \(SignedLog.bo), recorded for bo; the signature does not verify")
        #expect(ExplanationJSON.encode(explanation).member("signature")?.member("verifies") == .bool(false))
    }
}
