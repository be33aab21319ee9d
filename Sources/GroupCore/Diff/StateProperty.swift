/// One single-valued part of a conversation's state: its identity, a setting, a metadata field,
/// a group-wide moderation flag or the log's bookkeeping. A ``StateDiff`` lists those that differ.
public enum StateProperty: String, CaseIterable, Equatable, Sendable {
    case groupID
    case kind
    case creator
    case createdAt
    case memberLimit
    case leaveRule
    case joinRule
    case invitesNeedConsent
    case admission
    case requireSignatures
    case name
    case description
    case imageURL
    case appData
    case disappearingMessages
    case muteAll
    case deleted
    case lastAppliedSequence
    case lastAppliedTime
    case nextOrdinal

    /// The part of the state a property belongs to, so that renderings can group them.
    public enum Section: String, CaseIterable, Equatable, Sendable {
        case conversation
        case settings
        case metadata
        case moderation
        case log
    }

    /// The part of the state the property belongs to.
    public var section: Section {
        switch self {
        case .groupID, .kind, .creator, .createdAt: .conversation
        case .memberLimit, .leaveRule, .joinRule, .invitesNeedConsent, .admission, .requireSignatures: .settings
        case .name, .description, .imageURL, .appData, .disappearingMessages: .metadata
        case .muteAll, .deleted: .moderation
        case .lastAppliedSequence, .lastAppliedTime, .nextOrdinal: .log
        }
    }

    /// The property's value in `state`.
    public func value(in state: GroupState) -> PropertyValue {
        switch self {
        case .groupID: .word(state.groupID.rawValue)
        case .kind: .word(state.kind.rawValue)
        case .creator: .word(state.creator.rawValue)
        case .createdAt: .number(Int64(clamping: state.createdAt))
        case .memberLimit: .number(Int64(state.settings.memberLimit))
        case .leaveRule: .word(state.settings.leaveRule.rawValue)
        case .joinRule: .word(state.settings.joinRule.rawValue)
        case .invitesNeedConsent: .flag(state.settings.invitesNeedConsent)
        case .admission: .word(state.settings.admission.rawValue)
        case .requireSignatures: .flag(state.settings.requireSignatures)
        case .name: .text(state.metadata.name)
        case .description: .text(state.metadata.description)
        case .imageURL: .text(state.metadata.imageURL)
        case .appData: .text(state.metadata.appData)
        case .disappearingMessages: .disappearing(state.metadata.disappearingMessages)
        case .muteAll: .flag(state.muteAll)
        case .deleted: .flag(state.isDeleted)
        case .lastAppliedSequence: .number(Int64(clamping: state.lastAppliedSequence))
        case .lastAppliedTime: .number(Int64(clamping: state.lastAppliedTime))
        case .nextOrdinal: .number(Int64(clamping: state.nextOrdinal))
        }
    }
}
