/// The fields of a `GroupState`, held in one shared box so that copying a state costs one
/// reference count instead of one per array, dictionary and string it holds.
///
/// The reducer's hot path copies the state it judges a commit against (a non-mutating check
/// called from a mutating fold cannot borrow the value in place), and replicas are copied into
/// caches. Copy-on-write keeps the value semantics: `GroupState` replaces a shared box with a
/// copy before any write, so a box is only ever mutated while one state holds it.
final class GroupStateStorage: @unchecked Sendable {
    // Mutated only through `GroupState`'s accessors, after the uniqueness check; never shared
    // while written, so the runtime exclusivity checks would only add cost.
    @exclusivity(unchecked) var groupID: GroupID
    let kind: ConversationKind
    let creator: InboxID
    let createdAt: Milliseconds
    @exclusivity(unchecked) var settings: GroupSettings
    @exclusivity(unchecked) var policies: PolicySet
    @exclusivity(unchecked) var metadata: GroupMetadata
    @exclusivity(unchecked) var roster: Roster
    @exclusivity(unchecked) var registry: FieldRegistry
    @exclusivity(unchecked) var fieldContents: [ComponentID: FieldContent]
    @exclusivity(unchecked) var bans: Set<InboxID>
    @exclusivity(unchecked) var links: [String: Role]
    @exclusivity(unchecked) var muteAll: Bool
    @exclusivity(unchecked) var allowList: Set<InboxID>
    @exclusivity(unchecked) var isDeleted: Bool
    @exclusivity(unchecked) var lastAppliedTime: Milliseconds
    @exclusivity(unchecked) var lastAppliedSequence: UInt64
    /// The stored state this one is tracked against, for an incremental snapshot; not part of
    /// equality.
    @exclusivity(unchecked) var deltaBase: DeltaBase?

    /// A fresh group's fields: no members, fields, bans, links or allow list yet.
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

    /// A box holding the same fields, for a state about to be written while this box is shared.
    func copy() -> GroupStateStorage {
        let copy = GroupStateStorage(
            groupID: groupID, kind: kind, creator: creator, createdAt: createdAt, settings: settings,
            policies: policies, metadata: metadata, sequence: lastAppliedSequence)
        copy.roster = roster
        copy.registry = registry
        copy.fieldContents = fieldContents
        copy.bans = bans
        copy.links = links
        copy.muteAll = muteAll
        copy.allowList = allowList
        copy.isDeleted = isDeleted
        copy.lastAppliedTime = lastAppliedTime
        copy.deltaBase = deltaBase
        return copy
    }

    /// Whether both boxes hold equal fields.
    func holdsSameFields(as other: GroupStateStorage) -> Bool {
        groupID == other.groupID && kind == other.kind && creator == other.creator && createdAt == other.createdAt
            && settings == other.settings && policies == other.policies && metadata == other.metadata
            && roster == other.roster && registry == other.registry && fieldContents == other.fieldContents
            && bans == other.bans && links == other.links && muteAll == other.muteAll && allowList == other.allowList
            && isDeleted == other.isDeleted && lastAppliedTime == other.lastAppliedTime
            && lastAppliedSequence == other.lastAppliedSequence
    }
}
