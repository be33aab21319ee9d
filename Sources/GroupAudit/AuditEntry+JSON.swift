import GroupCore
import GroupFixtures

extension AuditEntry {
    /// The entry as one JSON object, a line of `audit --json`'s JSON Lines.
    ///
    /// `time` is ISO 8601 for people and `milliseconds` the commit's own value for programs;
    /// `actorRole` is null when the actor was no current member; `signature` is
    /// ``AuditSignature/json`` (`standing`, `key`, `verifies`).
    public var json: JSONValue {
        var object = JSONObject([
            "sequence": .uint(sequence),
            "time": .string(isoTime),
            "milliseconds": .uint(time),
            "actor": .string(actor.rawValue),
            "actorRole": actorFacts.role.map { .string($0.name) } ?? .null,
            "actorState": .string(actorFacts.stateName),
            "changes": .array(changes.map { change in
                .object(JSONObject(["op": .string(change.op), "summary": .string(change.summary)]))
            }),
            "signature": signature.json,
            "outcome": .string(outcome.name),
        ])
        switch outcome {
        case let .applied(events):
            object["events"] = .array(events.map(OutcomeJSON.encode))
            object["departures"] = .array(departures.map { departure in
                .object(JSONObject(["inbox": .string(departure.inbox.rawValue), "reason": .string(departure.reason.rawValue)]))
            })
        case let .rejected(rejection):
            OutcomeJSON.add(rejection, to: &object)
            object["reason"] = .string(rejectionReason ?? rejection.reason.detail)
        }
        return .object(object)
    }
}
