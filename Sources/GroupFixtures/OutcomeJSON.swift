import GroupCore

/// A commit's outcome as every JSON output writes it: `"outcome": "applied"` with its events, or
/// `"outcome": "rejected"` with the code, the failing change and the detail.
public enum OutcomeJSON {
    /// Adds the outcome's members to `object`: `outcome`, then `events` for an applied commit,
    /// or `code`, `detail` and `changeIndex` for a rejected one.
    public static func add(_ outcome: CommitOutcome, events: [DomainEvent], to object: inout JSONObject) {
        switch outcome {
        case .applied:
            object["outcome"] = .string("applied")
            object["events"] = .array(events.map(encode))
        case let .rejected(rejection):
            object["outcome"] = .string("rejected")
            add(rejection, to: &object)
        }
    }

    /// Adds a rejection's `code`, `detail` and `changeIndex` (null for the whole commit).
    public static func add(_ rejection: CommitRejection, to object: inout JSONObject) {
        object["code"] = .string(rejection.reason.code)
        object["detail"] = .string(rejection.reason.detail)
        object["changeIndex"] = rejection.changeIndex.map { .int(Int64($0)) } ?? .null
    }

    /// `{"event": "adminAdded", "subject": "caro", "detail": "adminAdded caro"}`.
    public static func encode(_ event: DomainEvent) -> JSONValue {
        var object = JSONObject(["event": .string(event.name)])
        if let subject = event.subject { object["subject"] = .string(subject.rawValue) }
        object["detail"] = .string(event.description)
        return .object(object)
    }
}
