/// The state of one conversation, folded from its log.
///
/// Mutated only by `apply(_:)`, which validates a whole commit before it changes anything.
/// A value type whose fields live in one copy-on-write box (`GroupStateStorage`): copying a state
/// of a million members costs one reference count, and the first write to a shared state copies
/// the box (its collections stay shared until they are written in turn). Its larger fields are
/// read in place (`_read`), so that looking a member up does not copy the roster's dozen
/// references and release them again (issue 18).
public struct GroupState: Equatable, Sendable {
    private var storage: GroupStateStorage
    /// Settable inside the core only, for `relabeled(as:)`.
    public internal(set) var groupID: GroupID { get { storage.groupID } _modify { yield &uniqueStorage.groupID } }

    public var kind: ConversationKind { storage.kind }

    public var creator: InboxID { storage.creator }

    public var createdAt: Milliseconds { storage.createdAt }

    /// Fixed at creation; settable inside the core only, for a what-if replay's
    /// `requireSignatures` pin (`pin(_:)`).
    public internal(set) var settings: GroupSettings { _read { yield storage.settings } _modify { yield &uniqueStorage.settings } }

    /// For a DM, unused: a DM has no policy set.
    public internal(set) var policies: PolicySet { _read { yield storage.policies } _modify { yield &uniqueStorage.policies } }

    public internal(set) var metadata: GroupMetadata { _read { yield storage.metadata } _modify { yield &uniqueStorage.metadata } }

    var roster: Roster { _read { yield storage.roster } _modify { yield &uniqueStorage.roster } }

    /// The fields the conversation registered (SPEC section 11).
    public internal(set) var registry: FieldRegistry { _read { yield storage.registry } _modify { yield &uniqueStorage.registry } }

    /// The registered fields' values, by field.
    var fieldContents: [ComponentID: FieldContent] { _read { yield storage.fieldContents } _modify { yield &uniqueStorage.fieldContents } }

    /// Inboxes that may not be added, invited or join until unbanned (SPEC section 9).
    public internal(set) var bans: Set<InboxID> { _read { yield storage.bans } _modify { yield &uniqueStorage.bans } }

    /// Group links (SimpleX) by ID, with the role a join through each gives.
    public internal(set) var links: [String: Role] { _read { yield storage.links } _modify { yield &uniqueStorage.links } }

    /// While on, only admins and the allow list may send.
    public internal(set) var muteAll: Bool { get { storage.muteAll } _modify { yield &uniqueStorage.muteAll } }

    /// Members exempt from mute-all.
    public internal(set) var allowList: Set<InboxID> { _read { yield storage.allowList } _modify { yield &uniqueStorage.allowList } }

    /// After `deleteGroup`, every later commit is `groupDeleted`; the state keeps its members.
    public internal(set) var isDeleted: Bool { get { storage.isDeleted } _modify { yield &uniqueStorage.isDeleted } }

    /// The time of the last applied commit; no later commit may be earlier.
    public internal(set) var lastAppliedTime: Milliseconds { get { storage.lastAppliedTime } _modify { yield &uniqueStorage.lastAppliedTime } }

    /// The sequence of the last applied commit.
    public internal(set) var lastAppliedSequence: UInt64 { get { storage.lastAppliedSequence } _modify { yield &uniqueStorage.lastAppliedSequence } }

    var deltaBase: DeltaBase? { _read { yield storage.deltaBase } _modify { yield &uniqueStorage.deltaBase } }

    init(
        groupID: GroupID, kind: ConversationKind, creator: InboxID, createdAt: Milliseconds,
        settings: GroupSettings, policies: PolicySet, metadata: GroupMetadata, sequence: UInt64
    ) {
        storage = GroupStateStorage(
            groupID: groupID, kind: kind, creator: creator, createdAt: createdAt, settings: settings,
            policies: policies, metadata: metadata, sequence: sequence)
    }

    public static func == (lhs: GroupState, rhs: GroupState) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.holdsSameFields(as: rhs.storage)
    }

    /// The box, for a write: every settable field's `_modify` yields through it. A state that
    /// shares its box first gets a copy of its own, so that no other state sees the write.
    private var uniqueStorage: GroupStateStorage {
        @inline(__always) mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }
}
