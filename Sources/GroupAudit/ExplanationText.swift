import GroupCore
import GroupFixtures

/// A commit's explanation as indented text, as `grouplog explain` prints it:
///
/// ```text
/// commit 3 of group team: bo at 3000, 1 change
/// actor: bo (admin, active)
/// signature: signed by KEY, recorded for bo; the signature verifies
///   keys recorded for bo: KEY
///   requires signatures: no
///   verdict: not required: the conversation does not require signed commits
/// change 0: addSuperAdmin caro
///   caro: member, active
///   acting member → passed: bo is a current member and active
///   super admin only → denied: bo is admin, and only a super admin may do this
///   result: rejected permissionDenied: bo (admin) is not a super admin, and only a super admin may do this
/// outcome: rejected at change 0: permissionDenied: bo (admin) is not a super admin, ...
/// ```
///
/// A slot or field policy prints its evaluation, and the branches of `any` and `all` below it,
/// each marked ✓ (passes) or ✗ (fails). The signature is verified with Ed25519 here, as the audit
/// verifies every commit it shows (see ``AuditSignature``).
public enum ExplanationText {
    /// The explanation's lines, without line breaks.
    public static func lines(_ explanation: CommitExplanation) -> [String] {
        let commit = explanation.commit
        let count = commit.changes.count
        var lines = [
            "commit \(commit.sequence) of group \(commit.groupID): \(commit.actor) at \(commit.time), \(count) change\(count == 1 ? "" : "s")",
            "actor: \(explanation.actor)",
        ] + lines(explanation.signature, of: commit)
        if let rejection = explanation.commitLevelRejection {
            lines.append("rejected as a whole, before any change was judged; its changes:")
            for (index, change) in commit.changes.enumerated() { lines.append("  change \(index): \(change.summary)") }
            lines.append("outcome: rejected \(rejection.code): \(rejection.detail)")
            return lines
        }
        for change in explanation.changes {
            lines.append("change \(change.index): \(change.change.summary)")
            for inbox in change.inboxes { lines.append("  \(inbox.inbox): \(inbox.standing)") }
            for check in change.checks { lines += self.lines(check, indent: "  ") }
            lines.append("  result: " + describe(change.result, failing: explanation.outcome.rejection?.changeIndex))
        }
        switch explanation.outcome {
        case let .applied(events):
            lines.append("outcome: applied")
            lines.append("events: " + (events.isEmpty ? "none" : events.map(\.description).joined(separator: ", ")))
        case let .rejected(rejection):
            let place = rejection.changeIndex.map { " at change \($0)" } ?? ""
            lines.append("outcome: rejected\(place): \(rejection.reason.code): \(rejection.reason.detail)")
        }
        return lines
    }

    /// The signature check: the key and whether it is recorded for the actor, whether the
    /// signature verifies, the actor's keys, whether the conversation requires signatures, and
    /// the verdict.
    public static func lines(_ check: SignatureCheck, of commit: Commit) -> [String] {
        let actor = commit.actor
        let verifies = AuditSignature(checking: commit, standing: check.standing).verifies
        let head: String = switch check.standing {
        case .unsigned: "unsigned"
        case let .actorKey(key): "signed by \(key), recorded for \(actor)"
        case let .otherKey(key): "signed by \(key), not recorded for \(actor)"
        }
        let verification = verifies.map { "; the signature \($0 ? "verifies" : "does not verify")" } ?? ""
        let keys = check.actorKeys.isEmpty ? "none" : check.actorKeys.map(\.description).joined(separator: ", ")
        return [
            "signature: \(head)\(verification)",
            "  keys recorded for \(actor): \(keys)",
            "  requires signatures: \(check.required ? "yes" : "no")",
            "  verdict: " + describe(check.verdict, actor: actor),
        ]
    }

    private static func describe(_ verdict: SignatureCheck.Verdict, actor: InboxID) -> String {
        switch verdict {
        case .notRequired: "not required: the conversation does not require signed commits"
        case .passed: "passed: signed with a key recorded for \(actor)"
        case let .rejected(rejection): "rejected \(rejection.code): \(rejection.detail)"
        case .notJudged: "not judged: the commit was rejected as a whole before its signature was judged"
        }
    }

    /// `policy addMember for caro: any(adminOnly, self) → denied: 0 of 2 branches pass, ...`
    public static func lines(_ check: AuthorityCheck, indent: String) -> [String] {
        let verdict = check.passed ? "passed" : "denied"
        let about = check.subject.map { " for \($0.inbox)" } ?? ""
        let author = check.entryAuthor.map { " (entry by \($0))" } ?? ""
        guard let evaluation = check.evaluation else {
            return ["\(indent)\(title(check.rule)) → \(verdict): \(check.reason)"]
        }
        var lines = ["\(indent)\(title(check.rule))\(about)\(author): \(evaluation.policy) → \(verdict): \(evaluation.reason)"]
        for branch in evaluation.branches { lines += self.lines(branch, indent: indent + "  ") }
        return lines
    }

    /// A branch of `any` or `all`: `✗ adminOnly: bo is member, adminOnly needs admin or above`.
    public static func lines(_ evaluation: PolicyEvaluation, indent: String) -> [String] {
        var lines = ["\(indent)\(evaluation.passed ? "✓" : "✗") \(evaluation.policy): \(evaluation.reason)"]
        for branch in evaluation.branches { lines += self.lines(branch, indent: indent + "  ") }
        return lines
    }

    static func title(_ rule: AuthorityCheck.Rule) -> String {
        switch rule {
        case .actingMember: "acting member"
        case let .slotPolicy(slot): "policy \(slot)"
        case let .fieldPolicy(field, operation): "field policy \(field) \(operation.rawValue)"
        case .fieldRegistered: "field registry"
        case .superAdminOnly: "super admin only"
        case let .seniority(subject, _, newRole): "seniority over \(subject)" + (newRole.map { " (to \($0))" } ?? "")
        case .observerReadOnly: "observer read-only"
        case let .completesRemovalRequest(subject): "removal request of \(subject)"
        case .dmMetadata: "DM metadata"
        case let .join(link): link.map { "join via link \($0)" } ?? "join rule"
        case let .invitation(accept): accept ? "accept invitation" : "decline invitation"
        case let .leaving(request): request ? "leave rule (request removal)" : "leave rule"
        case .ownChoice: "own choice"
        case .create: "create"
        }
    }

    private static func describe(_ result: ChangeExplanation.Result, failing: Int?) -> String {
        switch result {
        case .passed: "passed"
        case let .rejected(rejection): "rejected \(rejection.code): \(rejection.detail)"
        case .notJudged: "not judged: change \(failing.map(String.init) ?? "?") was rejected before it"
        }
    }
}
