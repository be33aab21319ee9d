/// A member's standing as XMTP names it (XMTPiOS's `PermissionLevel`).
///
/// GroupLog has five roles; the three below admin (moderator, member, observer) are all
/// `Member` here, and `Member.role` keeps the exact one.
public enum PermissionLevel: Equatable, Sendable {
    /// Moderator, member or observer.
    case Member
    /// Admin.
    case Admin
    /// Super admin.
    case SuperAdmin

    /// The level of `role`.
    init(_ role: Role) {
        switch role {
        case .superAdmin: self = .SuperAdmin
        case .admin: self = .Admin
        default: self = .Member
        }
    }
}
