/// How an app names a field (XMTP's `MetadataFieldRef`): by component ID, as descriptors give it,
/// or by name. Keep the ref a descriptor's `field` returns rather than building one from a name.
public typealias MetadataFieldRef = FieldReference

/// The well-known fields every new group registers (XMTP's `WellKnownMetadataField`).
public enum WellKnownMetadataField: String, CaseIterable, Equatable, Sendable {
    /// USER_DISPLAY_NAME: each inbox's display name, an inbox-keyed string map (also in DMs).
    case userDisplayName
    /// GROUP_IMAGE: opaque image bytes.
    case groupImage
    /// ANNOUNCEMENT: an admin-set string.
    case announcement
    /// WELCOME_MESSAGE: an admin-set string.
    case welcomeMessage
    /// GROUP_PREFERENCES: an admin-set map of strings.
    case groupPreferences
    /// SHARED_FILES: a map of names to bytes any member may add to.
    case sharedFiles

    /// The field's component ID.
    public var componentId: ComponentID {
        switch self {
        case .userDisplayName: WellKnownFields.userDisplayName
        case .groupImage: WellKnownFields.groupImage
        case .announcement: WellKnownFields.announcement
        case .welcomeMessage: WellKnownFields.welcomeMessage
        case .groupPreferences: WellKnownFields.groupPreferences
        case .sharedFiles: WellKnownFields.sharedFiles
        }
    }

    /// The field's registered name, such as `USER_DISPLAY_NAME`.
    public var name: String {
        switch self {
        case .userDisplayName: "USER_DISPLAY_NAME"
        case .groupImage: "GROUP_IMAGE"
        case .announcement: "ANNOUNCEMENT"
        case .welcomeMessage: "WELCOME_MESSAGE"
        case .groupPreferences: "GROUP_PREFERENCES"
        case .sharedFiles: "SHARED_FILES"
        }
    }
}

/// The ref of a well-known field, by its component ID (XMTP's top-level `metadataFieldRef(field:)`).
public func metadataFieldRef(field: WellKnownMetadataField) -> MetadataFieldRef {
    .id(field.componentId)
}
