import Foundation

/// A group or a DM (XMTPiOS's `Conversation`), as the list, find and stream calls return it.
public enum Conversation: Identifiable, Hashable, Sendable {
    /// A group.
    case group(Group)
    /// A DM.
    case dm(Dm)

    /// Which kind a conversation is (XMTPiOS's `Conversation.XMTPConversationType`).
    public enum XMTPConversationType: Equatable, Sendable {
        /// A group.
        case group
        /// A DM.
        case dm
    }

    /// The conversation `group` names, as a `.dm` when it is a DM.
    init(_ group: Group) throws(GroupLogError) {
        self = try group.current().0.kind == .dm ? .dm(Dm(group)) : .group(group)
    }

    /// The library handle on the conversation, whichever kind it is.
    public var handle: Group {
        switch self {
        case let .group(group): group
        case let .dm(dm): dm.group
        }
    }

    /// The conversation's ID as text (XMTPiOS's `Conversation.id`).
    public var id: String { handle.id }

    /// Group or DM (XMTPiOS's `Conversation.type`).
    public var type: XMTPConversationType {
        switch self {
        case .group: .group
        case .dm: .dm
        }
    }

    /// The acting inbox as text (XMTPiOS's `Conversation.clientInboxId`).
    public var clientInboxId: InboxId { handle.clientInboxId }

    /// The disappearing-message settings, nil when off (XMTPiOS's `disappearingMessageSettings`).
    public var disappearingMessageSettings: DisappearingMessageSettings? { handle.disappearingMessageSettings }

    /// Whether messages disappear (XMTPiOS's `isDisappearingMessagesEnabled()`).
    public func isDisappearingMessagesEnabled() throws(GroupLogError) -> Bool {
        try handle.isDisappearingMessagesEnabled()
    }

    /// Whether the acting inbox created it (XMTPiOS's `Conversation.isCreator()`).
    public func isCreator() async throws(GroupLogError) -> Bool { try await handle.isCreator() }

    /// The current members (XMTPiOS's `Conversation.members()`).
    public func members() async throws(GroupLogError) -> [Member] { try await handle.members() }

    /// Sets the disappearing-message settings; nil turns them off (XMTPiOS's
    /// `Conversation.updateDisappearingMessageSettings(_:)`).
    @discardableResult
    public func updateDisappearingMessageSettings(
        _ disappearingMessageSettings: DisappearingMessageSettings?
    ) async throws(GroupLogError) -> CommitReceipt {
        try await handle.updateDisappearingMessageSettings(disappearingMessageSettings)
    }

    /// Turns disappearing messages off (XMTPiOS's `Conversation.clearDisappearingMessageSettings()`).
    @discardableResult
    public func clearDisappearingMessageSettings() async throws(GroupLogError) -> CommitReceipt {
        try await handle.clearDisappearingMessageSettings()
    }

    /// Does nothing: every read is current (XMTPiOS's `Conversation.sync()`).
    public func sync() async throws(GroupLogError) {}

    /// When it was created (XMTPiOS's `Conversation.createdAt`).
    public var createdAt: Date { handle.createdAt }

    /// When it was created, in nanoseconds (XMTPiOS's `Conversation.createdAtNs`).
    public var createdAtNs: Int64 { handle.createdAtNs }

    /// Its creation, as it carries no messages (XMTPiOS's `Conversation.lastActivityAtNs`).
    public var lastActivityAtNs: Int64 { handle.lastActivityAtNs }
}
