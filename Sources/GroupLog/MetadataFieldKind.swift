/// A group metadata field whose update policy `updatePermission` can change (XMTP's
/// `MetadataFieldKind`).
///
/// The seed names app data and disappearing messages as metadata policies without giving their
/// Swift case names; `appData` and `disappearingMessages` are this library's choice.
public enum MetadataFieldKind: String, CaseIterable, Equatable, Sendable {
    /// The name (`updateName`).
    case groupName
    /// The description (`updateDescription`).
    case description
    /// The image URL (`updateImageUrl`).
    case imageUrlSquare
    /// The app data (`updateAppData`).
    case appData
    /// The disappearing-message settings (`updateDisappearingMessageSettings`).
    case disappearingMessages

    /// The GroupCore policy slot that governs updates to this field.
    public var slot: PolicySlot {
        switch self {
        case .groupName: .updateName
        case .description: .updateDescription
        case .imageUrlSquare: .updateImageURL
        case .appData: .updateAppData
        case .disappearingMessages: .updateDisappearingMessages
        }
    }
}
