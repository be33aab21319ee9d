/// A member's role, ordered from lowest to highest (SPEC section 3).
public enum Role: UInt8, Comparable, CaseIterable, Sendable, CustomStringConvertible {
    case observer
    case member
    case moderator
    case admin
    case superAdmin

    /// The name used in fixtures, the CLI and error messages.
    public var name: String {
        switch self {
        case .observer: "observer"
        case .member: "member"
        case .moderator: "moderator"
        case .admin: "admin"
        case .superAdmin: "superAdmin"
        }
    }

    public init?(name: String) {
        guard let role = Role.allCases.first(where: { $0.name == name }) else { return nil }
        self = role
    }

    public var description: String { name }
    public static func < (lhs: Role, rhs: Role) -> Bool { lhs.rawValue < rhs.rawValue }
}
