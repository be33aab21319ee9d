/// Why decoded parts cannot make a state: they contradict each other.
public struct InconsistentState: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }

    package init(reason: String) {
        self.reason = reason
    }
}

extension GroupState {
    /// Every member record, current and former, in ordinal order: what a snapshot stores.
    public var records: [MemberRecord] { Array(roster.records) }

    /// The number of member records, current and former.
    public var recordCount: Int { roster.recordCount }

    /// Calls `body` with every member record, current and former, in ordinal order, without
    /// gathering them into an array first.
    public func forEachRecord(_ body: (MemberRecord) throws -> Void) rethrows {
        for record in roster.records { try body(record) }
    }

    /// The member records as flat arrays, for a snapshot (``FlatRoster``).
    package var flatRoster: FlatRoster { roster.flat }

    /// The ordinal the next inbox to become a member will get.
    public var nextOrdinal: UInt64 { roster.nextOrdinal }

    /// Rebuilds a state from its parts, as a snapshot decoder reads them, checking that they fit
    /// together so that a corrupt snapshot is an error rather than a wrong state.
    public init(
        restoring groupID: GroupID, kind: ConversationKind, creator: InboxID, createdAt: Milliseconds,
        settings: GroupSettings, policies: PolicySet, metadata: GroupMetadata, members: consuming RestoredMembers,
        lastAppliedTime: Milliseconds, lastAppliedSequence: UInt64,
        fields: [(descriptor: FieldDescriptor, content: FieldContent)] = [],
        bans: Set<InboxID> = [], links: [String: Role] = [:], muteAll: Bool = false, allowList: Set<InboxID> = [],
        isDeleted: Bool = false
    ) throws(InconsistentState) {
        self.init(groupID: groupID, kind: kind, creator: creator, createdAt: createdAt, settings: settings,
                  policies: policies, metadata: metadata, sequence: lastAppliedSequence)
        self.lastAppliedTime = lastAppliedTime
        // A state whose last members left still remembers how many ordinals were handed out.
        let nextOrdinal = members.nextOrdinal
        roster = members.roster
        roster.reserveOrdinals(upTo: nextOrdinal)
        for (descriptor, content) in fields {
            guard registry[descriptor.id] == nil, descriptor.name.map({ registry.descriptor(named: $0) == nil }) ?? true else {
                throw InconsistentState(reason: "field \(descriptor.label) is registered twice")
            }
            registry.register(descriptor)
            fieldContents[descriptor.id] = content
        }
        self.bans = bans
        self.links = links
        self.muteAll = muteAll
        self.allowList = allowList
        self.isDeleted = isDeleted
        if kind == .group && roster.superAdmins.isEmpty {
            throw InconsistentState(reason: "a group needs at least one super admin")
        }
    }
}
