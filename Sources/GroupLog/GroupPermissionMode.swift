/// The permission policies a new group starts with (XMTP's `GroupPermissionMode`).
public enum GroupPermissionMode: Equatable, Sendable {
    /// XMTP's default: members add members and edit metadata.
    case allMembers
    /// Admins add members and edit metadata.
    case adminOnly
    /// Nine explicit policies.
    case custom(PermissionPolicySet)

    /// The GroupCore choice a `create` carries.
    var choice: PolicySetChoice {
        switch self {
        case .allMembers: .allMembers
        case .adminOnly: .adminOnly
        case let .custom(set): .custom(set.slots)
        }
    }

    /// Refuses a custom set holding `.unknown` before it reaches the store.
    func check() throws(GroupLogError) {
        guard case let .custom(set) = self else { return }
        for policy in set.policies where policy == .unknown {
            throw .invalidArgument("a custom permission set cannot hold the unknown policy")
        }
    }
}
