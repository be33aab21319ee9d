import GroupCore

/// Policies in JSON: a base policy's name, or `{"any": [...]}` / `{"all": [...]}`.
public enum PolicyJSON {
    static func decode(_ field: JSONField) throws(FixtureError) -> Policy {
        try decode(field, depth: 0)
    }

    private static func decode(_ field: JSONField, depth: Int) throws(FixtureError) -> Policy {
        if case let .string(name) = field.value {
            guard let policy = Policy(baseName: name) else {
                throw field.error("unknown policy \(name.debugDescription); expected one of \(Policy.baseNames.map(\.0).joined(separator: ", ")), or {\"any\": [...]} / {\"all\": [...]}")
            }
            return policy
        }
        let object = try field.object()
        guard object.object.keys.count == 1, let key = object.object.keys.first, key == "any" || key == "all" else {
            throw field.error("a combinator policy is an object with exactly one key, \"any\" or \"all\"")
        }
        if depth >= Policy.maximumDepth {
            throw field.error("combinators nest deeper than \(Policy.maximumDepth) levels")
        }
        var policies: [Policy] = []
        for item in try object.required(key).array() { policies.append(try decode(item, depth: depth + 1)) }
        return key == "any" ? .any(policies) : .all(policies)
    }

    /// A policy's JSON form: a base policy's name, or `{"any": [...]}` / `{"all": [...]}`.
    public static func encode(_ policy: Policy) -> JSONValue {
        switch policy {
        case let .any(policies): .object(JSONObject(["any": .array(policies.map(encode))]))
        case let .all(policies): .object(JSONObject(["all": .array(policies.map(encode))]))
        default: .string(policy.baseName ?? policy.description)
        }
    }

    /// A slot name, as `updatePermission` and custom sets spell it.
    static func slot(_ field: JSONField) throws(FixtureError) -> PolicySlot {
        try field.choice("policy slot", PolicySlot.allCases.map { ($0.rawValue, $0) })
    }
}
