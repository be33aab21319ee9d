/// Who may perform an action (SPEC section 5).
public indirect enum Policy: Hashable, Sendable, CustomStringConvertible {
    /// Any active member with role member or above.
    case allowAll
    /// Nobody, super admins included.
    case denyAll
    case moderatorOnly
    case adminOnly
    case superAdminOnly
    /// The subject of the change is the actor itself (named `self` in fixtures).
    case selfOnly
    /// The subject is an inbox that is not a current member.
    case formerMember
    /// The actor inserted the map entry or set key being changed.
    case author
    /// Every policy passes.
    case all([Policy])
    /// At least one policy passes.
    case any([Policy])

    /// The names of the base policies, as fixtures and configurations spell them.
    public static let baseNames: [(String, Policy)] = [
        ("allowAll", .allowAll), ("denyAll", .denyAll), ("moderatorOnly", .moderatorOnly),
        ("adminOnly", .adminOnly), ("superAdminOnly", .superAdminOnly), ("self", .selfOnly),
        ("formerMember", .formerMember), ("author", .author),
    ]

    /// The base policy with this name, if any.
    public init?(baseName: String) {
        guard let match = Policy.baseNames.first(where: { $0.0 == baseName }) else { return nil }
        self = match.1
    }

    /// The name of a base policy; nil for a combinator.
    public var baseName: String? {
        Policy.baseNames.first(where: { $0.1 == self })?.0
    }

    /// A compact text form: `adminOnly`, `any(self, formerMember)`.
    public var description: String {
        switch self {
        case let .all(policies): "all(\(policies.map(\.description).joined(separator: ", ")))"
        case let .any(policies): "any(\(policies.map(\.description).joined(separator: ", ")))"
        default: baseName ?? "?"
        }
    }

    /// Whether `allowAll` appears anywhere in this policy.
    public var containsAllowAll: Bool {
        switch self {
        case .allowAll: true
        case let .all(policies), let .any(policies): policies.contains { $0.containsAllowAll }
        default: false
        }
    }

    /// Whether some combinator in this policy is empty.
    public var containsEmptyCombinator: Bool {
        switch self {
        case let .all(policies), let .any(policies):
            policies.isEmpty || policies.contains { $0.containsEmptyCombinator }
        default: false
        }
    }

    /// How deeply combinators may nest. The binary format refuses deeper policies, so every path
    /// into a log (the fixture and change readers, the reducer) refuses them too.
    public static let maximumDepth = 32

    /// How many levels of combinators this policy nests: 0 for a base policy.
    public var depth: Int {
        switch self {
        case let .all(policies), let .any(policies): 1 + (policies.map(\.depth).max() ?? 0)
        default: 0
        }
    }

    /// Whether `formerMember` appears anywhere in this policy, so that the subject's membership
    /// is looked up only when a policy can use it.
    public var containsFormerMember: Bool {
        switch self {
        case .formerMember: true
        case let .all(policies), let .any(policies): policies.contains { $0.containsFormerMember }
        default: false
        }
    }

    /// Whether `author` appears anywhere in this policy.
    public var containsAuthor: Bool {
        switch self {
        case .author: true
        case let .all(policies), let .any(policies): policies.contains { $0.containsAuthor }
        default: false
        }
    }
}
