import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport
import Testing
@testable import GroupAudit

/// What-if replays as if the group had been created requiring signed commits, alone and with
/// pinned policies.
struct WhatIfSignatureTests {
    static let requiring = PolicyOverrides(requireSignatures: true)

    @Test func requiringSignaturesFlipsExactlyTheUnsignedAndTheWrongKeyCommits() throws {
        let commits = SignedLog.commits(requireSignatures: false)
        let (flips, replay) = WhatIfTests.replay(commits, Self.requiring)
        #expect(flips == [
            OutcomeFlip(commit: commits[2], actual: .applied,
                        whatIf: .rejected(CommitRejection(changeIndex: nil, reason: .wrongSigningKey(.caro, key: SignedLog.bo)))),
            OutcomeFlip(commit: commits[3], actual: .applied, whatIf: .rejected(CommitRejection(changeIndex: nil, reason: .unsignedCommit))),
        ])
        #expect(flips.map(\.direction) == [.nowRejected, .nowRejected])
        #expect(replay.whatIf.state?.requiresSignatures == true && replay.actual.state?.requiresSignatures == false)
        let properties = replay.finalDifferences.properties
        #expect(properties.contains(PropertyChange(property: .requireSignatures, before: .flag(false), after: .flag(true))))
        #expect(properties.contains(PropertyChange(property: .name, before: .text("forged"), after: .text("by bo"))))
        #expect(properties.contains(PropertyChange(property: .description, before: .text("unsigned"), after: .text(""))))
    }

    @Test func requiringSignaturesCombinesWithPinnedPolicies() throws {
        let commits = SignedLog.commits(requireSignatures: false)
        let pinned = PolicyOverrides(slots: [.updateName: .adminOnly])
        let policyOnly = WhatIfTests.replay(commits, pinned).flips
        #expect(policyOnly.map(\.commit.sequence) == [1, 2])
        #expect(policyOnly.map(\.whatIf.code) == ["permissionDenied", "permissionDenied"])

        var both = pinned
        both.requireSignatures = true
        let flips = WhatIfTests.replay(commits, both).flips
        #expect(flips.map(\.commit.sequence) == [1, 2, 3])
        // The signature is judged before the changes: caro's forged rename fails for its key.
        #expect(flips.map(\.whatIf.code) == ["permissionDenied", "wrongSigningKey", "unsignedCommit"])
    }

    /// "As if created requiring signatures" judges commit 0 too: an unsigned create makes no
    /// group, and the report says why every later commit is groupNotFound.
    @Test func anUnsignedCreateMakesNoGroupAndTheReportSaysSo() throws {
        let source = try AuditSamples.timelineSource()
        var flips: [OutcomeFlip] = []
        let report = try WhatIf.run(source, overrides: Self.requiring) { flips.append($0) }
        #expect(flips.first?.commit.sequence == 0)
        #expect(flips.first?.whatIf == .rejected(CommitRejection(changeIndex: nil, reason: .unsignedCommit)))
        #expect(flips.dropFirst().allSatisfy { $0.whatIf.code == "groupNotFound" })
        #expect(report.flips.total == 7)
        #expect(report.notes == ["under the overrides commit 0 is rejected (unsignedCommit): no group is created, and every later commit is groupNotFound"])
    }

    @Test func aGroupThatRequiresSignaturesAlreadyFlipsNothing() throws {
        let source = try LogSource(fixture: SignedLog.fixture(requireSignatures: true), groupID: .named("signed"), name: "signed.json")
        var flips: [OutcomeFlip] = []
        let report = try WhatIf.run(source, overrides: Self.requiring) { flips.append($0) }
        #expect(flips.isEmpty && report.differences.isEmpty)
        #expect(report.notes == ["the conversation requires signed commits already: --require-signatures changes nothing"])
    }

    /// A fixture that starts mid-log has no commit 0 to judge: its start state is taken to
    /// require signatures.
    @Test func aLogStartingFromASavedStateRequiresSignaturesFromThere() throws {
        let whole = try LogSource(fixture: SignedLog.fixture(requireSignatures: false), groupID: .named("signed"), name: "signed.json")
        let window = try readBack(try FixtureRecorder(source: whole, replayedAs: .named("window")).record(from: 2).text)
        let source = try LogSource(fixture: window, groupID: .named("window"), name: "window.json")
        var flips: [OutcomeFlip] = []
        let report = try WhatIf.run(source, overrides: Self.requiring) { flips.append($0) }
        #expect(flips.map(\.commit.sequence) == [2, 3])
        #expect(flips.map(\.whatIf.code) == ["wrongSigningKey", "unsignedCommit"])
        #expect(report.notes.first?.hasPrefix("the log starts after commit 1: signatures are required from its start state on") == true)
    }

    @Test func theSummaryJSONNamesTheOverride() throws {
        #expect(WhatIfJSON.encode(Self.requiring).member("requireSignatures") == .bool(true))
        #expect(WhatIfJSON.encode(PolicyOverrides(slots: [.addMember: .adminOnly])).member("requireSignatures") == .bool(false))
        #expect(!Self.requiring.isEmpty && PolicyOverrides().isEmpty)
    }
}
