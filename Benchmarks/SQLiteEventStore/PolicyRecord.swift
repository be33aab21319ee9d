import GroupCore

/// A policy in the JSON payload: a base policy by name, or `all`/`any` of nested policies.
public struct PolicyRecord: Codable, Equatable, Sendable {
    public var base: String?
    public var all: [PolicyRecord]?
    public var any: [PolicyRecord]?

    public init(_ policy: Policy) {
        switch policy {
        case let .all(policies): all = policies.map(PolicyRecord.init)
        case let .any(policies): any = policies.map(PolicyRecord.init)
        default: base = policy.baseName
        }
    }

    func policy() throws(RecordError) -> Policy {
        if let base {
            guard let policy = Policy(baseName: base) else { throw RecordError("unknown policy \(base.debugDescription)") }
            return policy
        }
        if let all { return .all(try Self.policies(all)) }
        if let any { return .any(try Self.policies(any)) }
        throw RecordError("a policy needs a base, all or any")
    }

    private static func policies(_ records: [PolicyRecord]) throws(RecordError) -> [Policy] {
        var policies: [Policy] = []
        for record in records { policies.append(try record.policy()) }
        return policies
    }
}
