/// The disappearing-message setting: messages disappear `inNs` after `fromNs`.
public struct DisappearingMessages: Equatable, Sendable {
    public let fromNs: Int64
    public let inNs: Int64

    public init(fromNs: Int64, inNs: Int64) {
        self.fromNs = fromNs
        self.inNs = inNs
    }
}

/// The text fields of SPEC section 10, each with its byte limit.
public enum MetadataField: String, CaseIterable, Sendable {
    case name
    case description
    case imageURL
    case appData

    /// The limit in UTF-8 bytes.
    public var limit: Int {
        switch self {
        case .name: 100
        case .description: 1_000
        case .imageURL: 2_048
        case .appData: 8_192
        }
    }

    /// The slot that governs writes to the field.
    public var slot: PolicySlot {
        switch self {
        case .name: .updateName
        case .description: .updateDescription
        case .imageURL: .updateImageURL
        case .appData: .updateAppData
        }
    }
}

/// Group metadata (SPEC section 10).
public struct GroupMetadata: Equatable, Sendable {
    public internal(set) var name = ""
    public internal(set) var description = ""
    public internal(set) var imageURL = ""
    public internal(set) var appData = ""
    /// Off when nil.
    public internal(set) var disappearingMessages: DisappearingMessages?

    public init(
        name: String = "", description: String = "", imageURL: String = "", appData: String = "",
        disappearingMessages: DisappearingMessages? = nil
    ) {
        self.name = name
        self.description = description
        self.imageURL = imageURL
        self.appData = appData
        self.disappearingMessages = disappearingMessages
    }

    public subscript(field: MetadataField) -> String {
        get {
            switch field {
            case .name: name
            case .description: description
            case .imageURL: imageURL
            case .appData: appData
            }
        }
        set {
            switch field {
            case .name: name = newValue
            case .description: description = newValue
            case .imageURL: imageURL = newValue
            case .appData: appData = newValue
            }
        }
    }
}
