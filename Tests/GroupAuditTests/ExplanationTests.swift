import Foundation
import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport
import Testing
@testable import GroupAudit

/// A fixture where bo, a plain member, fails an addMember policy of any/all after a rename that
/// passes, with a third change left unjudged.
func branchingFixture() -> Fixture {
    let addMember = Policy.any([.adminOnly, .all([.selfOnly, .formerMember])])
    let slots: [PolicySlot: Policy] = [
        .addMember: addMember, .removeMember: .adminOnly, .addAdmin: .superAdminOnly, .removeAdmin: .superAdminOnly,
        .updateName: .allowAll, .updateDescription: .allowAll, .updateImageURL: .allowAll, .updateAppData: .allowAll,
        .updateDisappearingMessages: .adminOnly,
    ]
    return Fixture(name: "branching", commits: [
        FixtureCommit(actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo, .caro], policySet: .custom(slots)))]),
        FixtureCommit(actor: .bo, time: 2_000, changes: [.updateName("Team"), .add(.davon), .leave], expect: .rejected(code: "permissionDenied")),
    ])
}

struct ExplanationTests {
    @Test func textShowsTheFactsEveryCheckWithItsBranchesAndTheOutcome() throws {
        let source = try LogSource(fixture: branchingFixture(), groupID: .test, name: "branching.json")
        let lines = ExplanationText.lines(try source.explain(1))
        let denial = "permissionDenied: bo (member) does not pass the addMember policy any(adminOnly, all(self, formerMember))"
        #expect(lines == [
            "commit 1 of group test-group: bo at 2000, 3 changes",
            "actor: bo (member, active)",
            "signature: unsigned",
            "  keys recorded for bo: none",
            "  requires signatures: no",
            "  verdict: not required: the conversation does not require signed commits",
            "change 0: updateName \"Team\"",
            "  acting member → passed: bo is a current member and active",
            "  policy updateName: allowAll → passed: bo is member and active, allowAll needs an active member or above",
            "  result: passed",
            "change 1: addMembers davon",
            "  davon: not a member",
            "  acting member → passed: bo is a current member and active",
            "  policy addMember for davon: any(adminOnly, all(self, formerMember)) → denied: 0 of 2 branches pass, any needs at least one",
            "    ✗ adminOnly: bo is member, adminOnly needs admin or above",
            "    ✗ all(self, formerMember): 1 of 2 branches pass, all needs every one",
            "      ✗ self: the subject davon is not the actor bo",
            "      ✓ formerMember: the subject davon is not a current member",
            "  result: rejected \(denial)",
            "change 2: leave",
            "  result: not judged: change 1 was rejected before it",
            "outcome: rejected at change 1: \(denial)",
        ])
    }

    @Test func textOfAnAppliedCommitListsItsEventsAndOfACommitRejectedAsAWholeItsChanges() throws {
        let source = try LogSource(fixture: branchingFixture(), groupID: .test, name: "branching.json")
        let created = ExplanationText.lines(try source.explain(0))
        #expect(created.first == "commit 0 of group test-group: alix at 1000, 1 change")
        #expect(created.contains("actor: alix (not a member)"))
        #expect(created.contains("  create → passed: anyone may create a conversation; alix becomes its first member, as superAdmin"))
        #expect(created.suffix(2) == ["outcome: applied", "events: groupCreated alix, memberAdded bo, memberAdded caro"])

        let replica = try source.replica(before: 2)
        let backwards = replica.explain(Commit(groupID: .test, sequence: 2, actor: .alix, time: 500, changes: [.updateName("x"), .leave]))
        #expect(ExplanationText.lines(backwards).suffix(4) == [
            "rejected as a whole, before any change was judged; its changes:",
            "  change 0: updateName \"x\"",
            "  change 1: leave",
            "outcome: rejected timeWentBackwards: time 500 is earlier than the last applied commit's 1000",
        ])
    }

    @Test func jsonHoldsTheSameReasoning() throws {
        let source = try LogSource(fixture: branchingFixture(), groupID: .test, name: "branching.json")
        let json = ExplanationJSON.encode(try source.explain(1))
        // Written and read back, as the CLI prints it.
        let parsed = try JSONParser.parse(JSONWriter.write(json, pretty: true))
        #expect(parsed == json)
        guard case let .object(top) = json, case let .array(changes)? = top["changes"], changes.count == 3,
              case let .object(second) = changes[1], case let .array(checks)? = second["checks"],
              case let .object(policy) = checks[1], case let .object(evaluation)? = policy["evaluation"],
              case let .array(branches)? = evaluation["branches"] else {
            Issue.record("unexpected shape: \(JSONWriter.write(json))")
            return
        }
        #expect(top["sequence"] == .uint(1) && top["actor"] == .string("bo") && top["time"] == .uint(2_000))
        #expect(top["actorFacts"] == .object(JSONObject(["inbox": .string("bo"), "member": .bool(true), "role": .string("member"), "state": .string("active")])))
        #expect(top["outcome"] == .string("rejected") && top["code"] == .string("permissionDenied") && top["changeIndex"] == .int(1))
        #expect(second["change"] == ChangeJSON.encode(.add(.davon)))
        #expect(second["summary"] == .string("addMembers davon"))
        #expect(second["result"] == .string("rejected") && second["code"] == .string("permissionDenied"))
        #expect(second["inboxes"] == .array([.object(JSONObject(["inbox": .string("davon"), "member": .bool(false), "role": .null, "state": .null]))]))
        #expect(policy["rule"] == .string("slotPolicy") && policy["slot"] == .string("addMember") && policy["passed"] == .bool(false))
        #expect(evaluation["policy"] == PolicyJSON.encode(.any([.adminOnly, .all([.selfOnly, .formerMember])])))
        #expect(branches.count == 2)
        guard case let .object(all) = branches[1], case let .array(inner)? = all["branches"] else {
            Issue.record("no branches under all")
            return
        }
        #expect(inner.count == 2)
        #expect(inner[1] == .object(JSONObject([
            "policy": .string("formerMember"), "text": .string("formerMember"), "passed": .bool(true),
            "reason": .string("the subject davon is not a current member"),
        ])))
        if case let .object(third) = changes[2] { #expect(third["result"] == .string("notJudged")) }

        let applied = ExplanationJSON.encode(try source.explain(0))
        guard case let .object(created) = applied, case let .array(events)? = created["events"] else {
            Issue.record("no events")
            return
        }
        #expect(created["outcome"] == .string("applied"))
        #expect(events.first == .object(JSONObject(["event": .string("groupCreated"), "subject": .string("alix"), "detail": .string("groupCreated alix")])))
    }

    @Test func aStoreGroupExplainsAsItsFixtureDoes() throws {
        try withAuditStore { store in
            _ = try store.importFixture(branchingFixture(), as: .test)
            let stored = try LogSource(store: store, group: .test)
            let fixture = try LogSource(fixture: branchingFixture(), groupID: .test, name: "branching.json")
            for sequence: UInt64 in 0...1 {
                let fromStore = try stored.explain(sequence)
                let fromFixture = try fixture.explain(sequence)
                // The store's commits are chained; the fixture's are not.
                #expect(fromStore.commit.previousHash != nil || sequence == 0)
                #expect(ExplanationJSON.encode(fromStore) == ExplanationJSON.encode(fromFixture))
                #expect(try store.commits(of: .test, from: sequence, limit: 1).first?.outcome == fromStore.commitOutcome)
            }
        }
    }

    /// Every commit of every fixture of the package (and of the shared random examples, which
    /// write fields too), explained against the state before it, has the fold's outcome and events.
    @Test func everyFixtureCommitIsExplainedWithTheFoldsOutcome() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fixtures")
        var files = (try FileManager.default.contentsOfDirectory(atPath: folder.path)).filter { $0.hasSuffix(".json") }.sorted()
            .map { folder.appendingPathComponent($0) }
        for name in ["random-xmtp", "random-fields", "random-lifecycle"] {
            let example = root.appendingPathComponent("../shared/examples/\(name).json").standardizedFileURL
            if FileManager.default.fileExists(atPath: example.path) { files.append(example) }
        }
        try #require(files.count > 100)
        var explained = 0, signatureRejections = 0
        for file in files {
            let data = try #require(FileManager.default.contents(atPath: file.path))
            let fixture = try FixtureReader.read([UInt8](data), file: file.path)
            let source = try LogSource(fixture: fixture, groupID: .test, name: file.lastPathComponent)
            var replica = try source.replica(before: source.firstSequence)
            var problems: [String] = []
            try source.forEachCommit(from: source.firstSequence, through: source.headSequence) { commit in
                let explanation = replica.explain(commit)
                let standing = replica.signatureStanding(of: commit)
                let outcome = replica.fold(commit)
                explained += 1
                if explanation.commitOutcome != outcome || explanation.events != replica.lastEvents {
                    problems.append("\(file.lastPathComponent) commit \(commit.sequence): explained \(explanation.outcome), folded \(outcome)")
                }
                // The signature check is the fold's: its standing is the one the reducer judges,
                // and it is rejected exactly when the fold rejects the commit for its signature.
                let signature = explanation.signature
                let rejectedForSignature = outcome.rejection.map { $0.changeIndex == nil && $0.reason.isSignatureRejection } ?? false
                if case let .rejected(reason) = signature.verdict {
                    signatureRejections += 1
                    if !rejectedForSignature || outcome.rejection?.reason != reason {
                        problems.append("\(file.lastPathComponent) commit \(commit.sequence): signature \(signature.verdict), folded \(outcome)")
                    }
                } else if rejectedForSignature {
                    problems.append("\(file.lastPathComponent) commit \(commit.sequence): signature \(signature.verdict), folded \(outcome)")
                }
                if signature.standing != standing || (signature.verdict == .passed && !signature.required) {
                    problems.append("\(file.lastPathComponent) commit \(commit.sequence): signature check \(signature), standing \(standing)")
                }
                for change in explanation.changes where change.result == .passed && change.checks.contains(where: { !$0.passed }) {
                    problems.append("\(file.lastPathComponent) commit \(commit.sequence): change \(change.index) passed with a failed check")
                }
            }
            #expect(problems.isEmpty, "\(problems)")
        }
        #expect(explained > 1_000)
        #expect(signatureRejections >= 5, "the signed fixtures reject commits for their signatures")
    }
}
