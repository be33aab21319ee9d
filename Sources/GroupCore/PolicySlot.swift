/// An action governed by one policy of the group's policy set (SPEC section 5).
public enum PolicySlot: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case addMember
    case removeMember
    case addAdmin
    case removeAdmin
    case updateName
    case updateDescription
    case updateImageURL
    case updateAppData
    case updateDisappearingMessages
    case setRole
    case blockForAll
    case ban
    case mute
    case manageLinks
    case approveJoins

    /// The nine slots of XMTP that a custom set must give at creation.
    public static let xmtpSlots: [PolicySlot] = [
        .addMember, .removeMember, .addAdmin, .removeAdmin, .updateName, .updateDescription,
        .updateImageURL, .updateAppData, .updateDisappearingMessages,
    ]

    /// The slot that `updatePermission` reaches with kind `updateMetadata` and this field name.
    public init?(metadataField: String) {
        switch metadataField {
        case "name": self = .updateName
        case "description": self = .updateDescription
        case "imageURL": self = .updateImageURL
        case "appData": self = .updateAppData
        case "disappearingMessages": self = .updateDisappearingMessages
        default: return nil
        }
    }

    /// Whether the slot may never hold `allowAll`.
    public var forbidsAllowAll: Bool { self == .addAdmin || self == .removeAdmin }

    public var description: String { rawValue }

    /// The slot's index in `allCases`, without a search on the hot path.
    var position: Int {
        switch self {
        case .addMember: 0
        case .removeMember: 1
        case .addAdmin: 2
        case .removeAdmin: 3
        case .updateName: 4
        case .updateDescription: 5
        case .updateImageURL: 6
        case .updateAppData: 7
        case .updateDisappearingMessages: 8
        case .setRole: 9
        case .blockForAll: 10
        case .ban: 11
        case .mute: 12
        case .manageLinks: 13
        case .approveJoins: 14
        }
    }
}
