/// Who may perform one action, as XMTP's SDKs name the policies (XMTPiOS's `PermissionOption`,
/// a typealias of this enum).
public enum PermissionPolicy: String, CaseIterable, Equatable, Sendable {
    /// Every member.
    case allow
    /// Nobody, super admins included.
    case deny
    /// Admins and super admins.
    case admin
    /// Super admins only.
    case superAdmin
    /// A policy XMTP has no name for (a moderator policy or a combinator), as
    /// `Group.permissionPolicySet()` reports it; never written: the library refuses it with
    /// `GroupLogError.invalidArgument`.
    case unknown

    /// The GroupCore policy this names; `.unknown` names none and gives `denyAll`, which no
    /// write ever uses since the library refuses `.unknown` first.
    public var policy: Policy {
        switch self {
        case .allow: .allowAll
        case .deny: .denyAll
        case .admin: .adminOnly
        case .superAdmin: .superAdminOnly
        case .unknown: .denyAll
        }
    }

    /// The XMTP name of a GroupCore base policy; nil for a policy XMTP has no name for.
    public init?(_ policy: Policy) {
        let named: [PermissionPolicy] = [.allow, .deny, .admin, .superAdmin]
        guard let match = named.first(where: { $0.policy == policy }) else { return nil }
        self = match
    }

    /// The GroupCore policy, for a write.
    /// - Throws: `GroupLogError.invalidArgument` for `.unknown`.
    func written(by call: String) throws(GroupLogError) -> Policy {
        guard self != .unknown else { throw .invalidArgument("\(call) cannot write the unknown policy") }
        return policy
    }
}
