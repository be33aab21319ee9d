import GroupCore
import GroupFixtures

/// A what-if replay as JSON Lines: one object per flipped commit, then the summary
/// `{"target": ..., "overrides": {"slots": ..., "fields": ..., "requireSignatures": false},
/// "commits": N, "flipped": {...}, "differences": {...}}`.
public enum WhatIfJSON {
    /// One flip: the commit, and each outcome with its code, change index and detail.
    public static func encode(_ flip: OutcomeFlip) -> JSONValue {
        .object(JSONObject([
            "sequence": .uint(flip.commit.sequence),
            "actor": .string(flip.commit.actor.rawValue),
            "time": .uint(flip.commit.time),
            "changes": .array(flip.commit.changes.map { .string($0.summary) }),
            "direction": .string(flip.direction.rawValue),
            "actual": outcome(flip.actual),
            "whatIf": outcome(flip.whatIf),
        ]))
    }

    /// The summary that follows the flips: what was pinned, the counts and the final differences.
    public static func encode(_ report: WhatIfReport, overrides: PolicyOverrides) -> JSONValue {
        .object(JSONObject([
            "target": .string(report.name),
            "overrides": encode(overrides),
            "commits": .int(Int64(report.commitCount)),
            "flipped": .object(JSONObject([
                "total": .int(Int64(report.flips.total)),
                "nowApplied": .int(Int64(report.flips.nowApplied)),
                "nowRejected": .int(Int64(report.flips.nowRejected)),
                "rejectedDifferently": .int(Int64(report.flips.rejectedDifferently)),
            ])),
            "differences": StateDiffJSON.encode(report.differences),
            "notes": .array(report.notes.map(JSONValue.string)),
        ]))
    }

    /// The overrides: pinned slots in slot order, pinned fields by name then operation, and
    /// `requireSignatures`.
    public static func encode(_ overrides: PolicyOverrides) -> JSONValue {
        let slots = PolicySlot.allCases.compactMap { slot in
            overrides.slots[slot].map { JSONObject.Member(key: slot.rawValue, value: PolicyJSON.encode($0)) }
        }
        let fields = overrides.fields.sorted { ($0.key.field, $0.key.operation.rawValue) < ($1.key.field, $1.key.operation.rawValue) }
            .map { JSONObject.Member(key: $0.key.description, value: PolicyJSON.encode($0.value)) }
        return .object(JSONObject([
            "slots": .object(JSONObject(slots)), "fields": .object(JSONObject(fields)),
            "requireSignatures": .bool(overrides.requireSignatures),
        ]))
    }

    /// The outcome alone: the replay does not keep the what-if events.
    private static func outcome(_ outcome: CommitOutcome) -> JSONValue {
        var object = JSONObject()
        switch outcome {
        case .applied:
            object["outcome"] = .string("applied")
        case let .rejected(rejection):
            object["outcome"] = .string("rejected")
            OutcomeJSON.add(rejection, to: &object)
        }
        return .object(object)
    }
}
