import GroupCore
import GroupFixtures

/// One commit's outcome, as `replay` and `log` print it.
enum ReplayReport {
    /// `#3 bo @5123 updateName "x"; addAdmin caro -> applied [metadataChanged, adminAdded caro]`
    static func line(_ commit: Commit, _ outcome: CommitOutcome, events: [DomainEvent] = []) -> String {
        let changes = commit.changes.map(\.summary).joined(separator: "; ")
        let happened = events.isEmpty ? "" : " [" + events.map(\.description).joined(separator: ", ") + "]"
        return "#\(commit.sequence) \(commit.actor) @\(commit.time) \(changes) -> \(describe(outcome))\(happened)"
    }

    static func describe(_ outcome: CommitOutcome) -> String {
        switch outcome {
        case .applied: "applied"
        case let .rejected(rejection): "rejected \(rejection)"
        }
    }

    static func json(_ commit: Commit, _ outcome: CommitOutcome, events: [DomainEvent] = []) -> JSONValue {
        var object = JSONObject([
            "sequence": .uint(commit.sequence),
            "actor": .string(commit.actor.rawValue),
            "time": .uint(commit.time),
            "changes": .array(commit.changes.map { .string($0.summary) }),
        ])
        OutcomeJSON.add(outcome, events: events, to: &object)
        return .object(object)
    }
}
