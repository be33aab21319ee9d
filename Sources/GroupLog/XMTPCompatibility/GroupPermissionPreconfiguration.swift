/// The preset permissions a new group starts with (XMTPiOS's `GroupPermissionPreconfiguration`);
/// GroupLog's `GroupPermissionMode` adds custom sets.
public enum GroupPermissionPreconfiguration: Equatable, Sendable {
    /// XMTP's default: members add members and edit metadata.
    case allMembers
    /// Admins add members and edit metadata.
    case adminOnly

    /// The library's permission mode for this preset.
    var mode: GroupPermissionMode {
        switch self {
        case .allMembers: .allMembers
        case .adminOnly: .adminOnly
        }
    }
}
