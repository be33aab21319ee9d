/// A conversation's state as one caller sees it (XMTP's `group.state()`).
public struct GroupSnapshot: Equatable, Sendable {
    /// The conversation.
    public let id: GroupID
    /// Group or DM.
    public let kind: ConversationKind
    /// The sequence of the last commit the snapshot includes.
    public let sequence: UInt64
    /// The name.
    public let name: String
    /// The description.
    public let description: String
    /// The image URL.
    public let imageUrl: String
    /// The application data.
    public let appData: String
    /// Disappearing-message settings; nil when off.
    public let disappearingMessages: DisappearingMessages?
    /// The caller's membership; nil when it never was a member.
    public let membershipState: MemberState?
    /// How many current members the conversation has.
    public let memberCount: Int
    /// The permission policies.
    public let permissions: PolicySet
    /// Whether the group was deleted.
    public let isDeleted: Bool

    /// The snapshot of `state` after commit `sequence` for `inbox`.
    init(_ state: GroupState, sequence: UInt64, for inbox: InboxID) {
        id = state.groupID
        kind = state.kind
        self.sequence = sequence
        name = state.metadata.name
        description = state.metadata.description
        imageUrl = state.metadata.imageURL
        appData = state.metadata.appData
        disappearingMessages = state.metadata.disappearingMessages
        membershipState = state.member(inbox)?.state
        memberCount = state.memberCount
        permissions = state.policies
        isDeleted = state.isDeleted
    }
}
