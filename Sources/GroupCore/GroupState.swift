/// The state of one conversation, folded from its log.
///
/// Mutated only by `apply(_:)`, which validates a whole commit before it changes anything.
public struct GroupState: Equatable, Sendable {
    /// Settable inside the core only, for `relabeled(as:)`.
    public internal(set) var groupID: GroupID
    public let kind: ConversationKind
    public let creator: InboxID
    public let createdAt: Milliseconds
    public let settings: GroupSettings
    /// For a DM, unused: a DM has no policy set.
    public internal(set) var policies: PolicySet
    public internal(set) var metadata: GroupMetadata
    var roster: Roster
    /// The fields the conversation registered (SPEC section 11).
    public internal(set) var registry: FieldRegistry
    /// The registered fields' values, by field.
    var fieldContents: [ComponentID: FieldContent]
    /// Inboxes that may not be added, invited or join until unbanned (SPEC section 9).
    public internal(set) var bans: Set<InboxID>
    /// Group links (SimpleX) by ID, with the role a join through each gives.
    public internal(set) var links: [String: Role]
    /// While on, only admins and the allow list may send.
    public internal(set) var muteAll: Bool
    /// Members exempt from mute-all.
    public internal(set) var allowList: Set<InboxID>
    /// After `deleteGroup`, every later commit is `groupDeleted`; the state keeps its members.
    public internal(set) var isDeleted: Bool
    /// The time of the last applied commit; no later commit may be earlier.
    public internal(set) var lastAppliedTime: Milliseconds
    /// The sequence of the last applied commit.
    public internal(set) var lastAppliedSequence: UInt64

    init(
        groupID: GroupID, kind: ConversationKind, creator: InboxID, createdAt: Milliseconds,
        settings: GroupSettings, policies: PolicySet, metadata: GroupMetadata, sequence: UInt64
    ) {
        self.groupID = groupID
        self.kind = kind
        self.creator = creator
        self.createdAt = createdAt
        self.settings = settings
        self.policies = policies
        self.metadata = metadata
        self.roster = Roster()
        self.registry = FieldRegistry()
        self.fieldContents = [:]
        self.bans = []
        self.links = [:]
        self.muteAll = false
        self.allowList = []
        self.isDeleted = false
        self.lastAppliedTime = createdAt
        self.lastAppliedSequence = sequence
    }
}
