/// Which conversations `Conversations.stream(type:onClose:)` delivers (XMTPiOS's
/// `ConversationFilterType`).
public enum ConversationFilterType: Equatable, Sendable {
    /// Groups and DMs.
    case all
    /// Groups only.
    case groups
    /// DMs only.
    case dms

    /// Whether a conversation of `kind` passes.
    func admits(_ kind: ConversationKind) -> Bool {
        switch self {
        case .all: true
        case .groups: kind == .group
        case .dms: kind == .dm
        }
    }
}
