import GroupCore
import GroupFixtures

/// A commit's explanation as JSON, as `grouplog explain --json` prints it.
///
/// ```json
/// {"group": "team", "sequence": 3, "actor": "bo", "time": 3000,
///  "actorFacts": {"inbox": "bo", "member": true, "role": "admin", "state": "active"},
///  "signature": {"standing": "actorKey", "key": "...", "verifies": true, "actorKeys": ["..."],
///                "required": false, "verdict": "notRequired"},
///  "changes": [{"index": 0, "change": {"op": "addSuperAdmin", "inbox": "caro"},
///               "summary": "addSuperAdmin caro", "inboxes": [...], "checks": [...],
///               "result": "rejected", "code": "permissionDenied", "detail": "..."}],
///  "outcome": "rejected", "code": "permissionDenied", "detail": "...", "changeIndex": 0}
/// ```
///
/// A check has its `rule` and the rule's arguments, `actor`, `subject` and `entryAuthor` when
/// known, `passed`, `reason`, and for a policy its `evaluation`: `policy` (as fixtures write it),
/// `text`, `passed`, `reason` and, for `any` and `all`, `branches`. A commit rejected as a whole
/// has `"changes": []`, its changes under `unjudgedChanges`, and `changeIndex` null.
///
/// `signature` has the audit's `standing` (`unsigned`, `actorKey`, `otherKey`), `key` and
/// `verifies` (null when unsigned; checked with Ed25519 here), `actorKeys` (the keys recorded
/// for the actor), `required`, and `verdict`: `notRequired`, `passed`, `notJudged`, or the
/// rejection's code (`unsignedCommit`, `wrongSigningKey`) with its `detail`.
public enum ExplanationJSON {
    /// The whole explanation: the commit, the actor's facts, each change, and the outcome.
    public static func encode(_ explanation: CommitExplanation) -> JSONValue {
        let commit = explanation.commit
        var object = JSONObject([
            "group": .string(commit.groupID.rawValue),
            "sequence": .uint(commit.sequence),
            "actor": .string(commit.actor.rawValue),
            "time": .uint(commit.time),
            "actorFacts": encode(explanation.actor),
            "signature": encode(explanation.signature, of: commit),
            "changes": .array(explanation.changes.map(encode)),
        ])
        if explanation.commitLevelRejection != nil {
            object["unjudgedChanges"] = .array(commit.changes.map(ChangeJSON.encode))
        }
        switch explanation.outcome {
        case let .applied(events):
            object["outcome"] = .string("applied")
            object["events"] = .array(events.map(OutcomeJSON.encode))
        case let .rejected(rejection):
            object["outcome"] = .string("rejected")
            OutcomeJSON.add(rejection, to: &object)
        }
        return .object(object)
    }

    /// The signature check, as the type's summary describes it.
    public static func encode(_ check: SignatureCheck, of commit: Commit) -> JSONValue {
        guard case var .object(object) = AuditSignature(checking: commit, standing: check.standing).json else { return .null }
        object["actorKeys"] = .array(check.actorKeys.map { .string($0.base64) })
        object["required"] = .bool(check.required)
        object["verdict"] = .string(check.verdict.name)
        if case let .rejected(rejection) = check.verdict { object["detail"] = .string(rejection.detail) }
        return .object(object)
    }

    /// One change: its JSON form and summary, the inboxes it names, its checks and its result.
    public static func encode(_ change: ChangeExplanation) -> JSONValue {
        var object = JSONObject([
            "index": .int(Int64(change.index)),
            "change": ChangeJSON.encode(change.change),
            "summary": .string(change.change.summary),
            "inboxes": .array(change.inboxes.map(encode)),
            "checks": .array(change.checks.map(encode)),
        ])
        switch change.result {
        case .passed:
            object["result"] = .string("passed")
        case let .rejected(rejection):
            object["result"] = .string("rejected")
            object["code"] = .string(rejection.code)
            object["detail"] = .string(rejection.detail)
        case .notJudged:
            object["result"] = .string("notJudged")
        }
        return .object(object)
    }

    /// `{"inbox": "bo", "member": true, "role": "admin", "state": "active"}`; a former member
    /// has `state` `former` with `departure` and `departedAt`; an inbox never a member has
    /// `state` null.
    public static func encode(_ facts: InboxFacts) -> JSONValue {
        var object = JSONObject([
            "inbox": .string(facts.inbox.rawValue),
            "member": .bool(facts.isCurrentMember),
            "role": facts.role.map { .string($0.name) } ?? .null,
            "state": facts.state.map { .string($0.name) } ?? .null,
        ])
        if case let .former(departure)? = facts.state {
            object["departure"] = .string(departure.reason.rawValue)
            object["departedAt"] = .uint(departure.at)
        }
        return .object(object)
    }

    /// One check: the rule and its arguments, the facts, the verdict and reason, and a policy's evaluation.
    public static func encode(_ check: AuthorityCheck) -> JSONValue {
        var object = JSONObject(["rule": .string(check.rule.name)])
        switch check.rule {
        case let .slotPolicy(slot), let .dmMetadata(slot):
            object["slot"] = .string(slot.rawValue)
        case let .fieldPolicy(field, operation), let .fieldRegistered(field, operation):
            object["field"] = .string(field)
            object["operation"] = .string(operation.rawValue)
        case let .seniority(subject, subjectRole, newRole):
            object["over"] = .string(subject.rawValue)
            object["subjectRole"] = .string(subjectRole.name)
            object["newRole"] = newRole.map { .string($0.name) } ?? .null
        case let .completesRemovalRequest(subject):
            object["over"] = .string(subject.rawValue)
        case let .join(link):
            object["link"] = link.map { .string($0) } ?? .null
        case let .invitation(accept):
            object["accept"] = .bool(accept)
        case let .leaving(request):
            object["request"] = .bool(request)
        case .actingMember, .superAdminOnly, .observerReadOnly, .ownChoice, .create:
            break
        }
        object["actor"] = encode(check.actor)
        if let subject = check.subject { object["subject"] = encode(subject) }
        if let author = check.entryAuthor { object["entryAuthor"] = .string(author.rawValue) }
        object["passed"] = .bool(check.passed)
        object["reason"] = .string(check.reason)
        if let evaluation = check.evaluation { object["evaluation"] = encode(evaluation) }
        return .object(object)
    }

    /// A policy's evaluation, with the evaluation of each branch of `any` and `all`.
    public static func encode(_ evaluation: PolicyEvaluation) -> JSONValue {
        var object = JSONObject([
            "policy": PolicyJSON.encode(evaluation.policy),
            "text": .string(evaluation.policy.description),
            "passed": .bool(evaluation.passed),
            "reason": .string(evaluation.reason),
        ])
        switch evaluation.policy {
        case .any, .all: object["branches"] = .array(evaluation.branches.map(encode))
        default: break
        }
        return .object(object)
    }
}
