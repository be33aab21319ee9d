import Foundation

/// A DM as XMTPiOS shapes it (XMTPiOS's `Dm`): a handle on a two-participant conversation,
/// acting as one of them. Its calls are the library's `Group` calls on the same conversation.
public struct Dm: Identifiable, Hashable, Sendable {
    /// The DM as a library handle, for the calls `Dm` does not mirror (fields, streams).
    public let group: Group

    /// The DM `group` names; `Conversations` makes these.
    init(_ group: Group) { self.group = group }

    /// The DM's ID as text (XMTPiOS's `Dm.id`).
    public var id: String { group.id }

    /// The acting inbox as text (XMTPiOS's `Dm.clientInboxId`).
    public var clientInboxId: InboxId { group.clientInboxId }

    /// Whether two handles are on the same DM (XMTPiOS's `==`).
    public static func == (lhs: Dm, rhs: Dm) -> Bool { lhs.group == rhs.group }

    /// Hashes the DM's ID, as `==` compares it.
    public func hash(into hasher: inout Hasher) { group.hash(into: &hasher) }

    /// The other participant as text (XMTPiOS's `Dm.peerInboxId`, a throwing property there too).
    /// - Throws: `GroupLogError.invalidArgument` when the acting inbox is not a participant.
    public var peerInboxId: InboxId {
        get throws(GroupLogError) { try group.peer().rawValue }
    }

    /// Does nothing: every read is current (XMTPiOS's `Dm.sync()`).
    public func sync() async throws(GroupLogError) {}

    /// The disappearing-message settings, nil when off (XMTPiOS's `disappearingMessageSettings`).
    public var disappearingMessageSettings: DisappearingMessageSettings? { group.disappearingMessageSettings }

    /// Whether messages disappear (XMTPiOS's `isDisappearingMessagesEnabled()`).
    public func isDisappearingMessagesEnabled() throws(GroupLogError) -> Bool {
        try group.isDisappearingMessagesEnabled()
    }

    /// Whether the acting inbox created the DM (XMTPiOS's `Dm.isCreator()`).
    public func isCreator() async throws(GroupLogError) -> Bool { try await group.isCreator() }

    /// Whether the acting inbox is a participant (XMTPiOS's `Dm.isActive()`).
    public func isActive() throws(GroupLogError) -> Bool { try group.isActive() }

    /// The inbox that made the DM, as text (XMTPiOS's `Dm.creatorInboxId()`).
    public func creatorInboxId() async throws(GroupLogError) -> InboxId { try await group.creatorInboxId() }

    /// The inbox that added the acting inbox: the creator, or itself for the creator
    /// (XMTPiOS's `Dm.addedByInboxId()`).
    public func addedByInboxId() throws(GroupLogError) -> InboxId { try group.addedByInboxId() }

    /// The two participants (XMTPiOS's `Dm.members`).
    public var members: [Member] {
        get async throws(GroupLogError) { try await group.members() }
    }

    /// When the DM was created (XMTPiOS's `Dm.createdAt`).
    public var createdAt: Date { group.createdAt }

    /// When the DM was created, in nanoseconds (XMTPiOS's `Dm.createdAtNs`).
    public var createdAtNs: Int64 { group.createdAtNs }

    /// The DM's creation, as it carries no messages (XMTPiOS's `Dm.lastActivityAtNs`).
    public var lastActivityAtNs: Int64 { group.lastActivityAtNs }

    /// Sets the disappearing-message settings; nil turns them off (XMTPiOS's
    /// `Dm.updateDisappearingMessageSettings(_:)`). Either participant may.
    @discardableResult
    public func updateDisappearingMessageSettings(
        _ disappearingMessageSettings: DisappearingMessageSettings?
    ) async throws(GroupLogError) -> CommitReceipt {
        try await group.updateDisappearingMessageSettings(disappearingMessageSettings)
    }

    /// Turns disappearing messages off (XMTPiOS's `Dm.clearDisappearingMessageSettings()`).
    @discardableResult
    public func clearDisappearingMessageSettings() async throws(GroupLogError) -> CommitReceipt {
        try await group.clearDisappearingMessageSettings()
    }
}
