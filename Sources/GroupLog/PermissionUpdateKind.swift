/// The action whose policy `Group.updatePermission(kind:policy:metadataField:)` changes
/// (XMTP's `PermissionUpdateKind`).
///
/// The metadata policies, app data and disappearing messages included, are all reached through
/// `.updateMetadata` with a `MetadataFieldKind`, as the SDKs do.
public enum PermissionUpdateKind: String, CaseIterable, Equatable, Sendable {
    /// Who may add members.
    case addMember
    /// Who may remove members.
    case removeMember
    /// Who may grant the admin role; never `.allow` (`invalidPolicy`).
    case addAdmin
    /// Who may revoke the admin role; never `.allow` (`invalidPolicy`).
    case removeAdmin
    /// Who may update one metadata field, named by a `MetadataFieldKind`.
    case updateMetadata
}
