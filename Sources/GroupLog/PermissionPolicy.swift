/// Who may perform one action, as XMTP's SDKs name the policies.
public enum PermissionPolicy: String, CaseIterable, Equatable, Sendable {
    /// Every member.
    case allow
    /// Nobody, super admins included.
    case deny
    /// Admins and super admins.
    case admin
    /// Super admins only.
    case superAdmin

    /// The GroupCore policy this names.
    public var policy: Policy {
        switch self {
        case .allow: .allowAll
        case .deny: .denyAll
        case .admin: .adminOnly
        case .superAdmin: .superAdminOnly
        }
    }

    /// The XMTP name of a GroupCore base policy; nil for a policy XMTP has no name for.
    public init?(_ policy: Policy) {
        guard let match = PermissionPolicy.allCases.first(where: { $0.policy == policy }) else { return nil }
        self = match
    }
}
