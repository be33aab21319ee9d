/// The well-known fields every new conversation registers (SPEC section 11).
public enum WellKnownFields {
    public static let userDisplayName = ComponentID(0x8100)
    public static let groupImage = ComponentID(0x8101)
    public static let announcement = ComponentID(0x8102)
    public static let welcomeMessage = ComponentID(0x8103)
    public static let groupPreferences = ComponentID(0x8104)
    public static let sharedFiles = ComponentID(0x8105)

    /// Whether `id` is one of the well-known fields of this table.
    public static func isWellKnown(_ id: ComponentID) -> Bool {
        (userDisplayName.rawValue...sharedFiles.rawValue).contains(id.rawValue)
    }

    /// The descriptors a new conversation of `kind` registers. GROUP_IMAGE takes the group's
    /// updateImageURL policy at registration.
    public static func descriptors(for kind: ConversationKind, policies: PolicySet) -> [FieldDescriptor] {
        let displayName = FieldDescriptor(
            id: userDisplayName, name: "USER_DISPLAY_NAME", type: .inboxMap(value: .string),
            insert: .selfOnly, update: .selfOnly, delete: .any([.selfOnly, .formerMember]))
        guard kind == .group else { return [displayName] }
        let image = policies[.updateImageURL]
        return [
            displayName,
            FieldDescriptor(id: groupImage, name: "GROUP_IMAGE", type: .bytes, insert: image, update: image, delete: image),
            FieldDescriptor(id: announcement, name: "ANNOUNCEMENT", type: .string, insert: .adminOnly, update: .adminOnly, delete: .adminOnly),
            FieldDescriptor(id: welcomeMessage, name: "WELCOME_MESSAGE", type: .string, insert: .adminOnly, update: .adminOnly, delete: .adminOnly),
            FieldDescriptor(id: groupPreferences, name: "GROUP_PREFERENCES", type: .map(key: .string, value: .string),
                            insert: .adminOnly, update: .adminOnly, delete: .adminOnly),
            FieldDescriptor(id: sharedFiles, name: "SHARED_FILES", type: .map(key: .string, value: .bytes),
                            insert: .allowAll, update: .author, delete: .any([.author, .adminOnly])),
        ]
    }
}
