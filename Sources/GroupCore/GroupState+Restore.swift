/// Why decoded parts cannot make a state: they contradict each other.
public struct InconsistentState: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}

extension GroupState {
    /// Every member record, current and former, in ordinal order: what a snapshot stores.
    public var records: [MemberRecord] {
        roster.records.values.sorted { $0.ordinal < $1.ordinal }
    }

    /// The ordinal the next inbox to become a member will get.
    public var nextOrdinal: UInt64 { roster.nextOrdinal }

    /// Rebuilds a state from its parts, as a snapshot decoder reads them, checking that they fit
    /// together so that a corrupt snapshot is an error rather than a wrong state.
    public init(
        restoring groupID: GroupID, kind: ConversationKind, creator: InboxID, createdAt: Milliseconds,
        settings: GroupSettings, policies: PolicySet, metadata: GroupMetadata, records: [MemberRecord],
        nextOrdinal: UInt64, lastAppliedTime: Milliseconds, lastAppliedSequence: UInt64,
        fields: [(descriptor: FieldDescriptor, content: FieldContent)] = [],
        bans: Set<InboxID> = [], links: [String: Role] = [:], muteAll: Bool = false, allowList: Set<InboxID> = [],
        isDeleted: Bool = false
    ) throws(InconsistentState) {
        self.init(groupID: groupID, kind: kind, creator: creator, createdAt: createdAt, settings: settings,
                  policies: policies, metadata: metadata, sequence: lastAppliedSequence)
        self.lastAppliedTime = lastAppliedTime
        roster.reserveCapacity(records.count)
        var previous: UInt64?
        for record in records {
            guard record.ordinal < nextOrdinal else {
                throw InconsistentState(reason: "\(record.inbox) has ordinal \(record.ordinal), not below the next ordinal \(nextOrdinal)")
            }
            if let previous, record.ordinal <= previous {
                throw InconsistentState(reason: "member records are not in strictly increasing ordinal order at \(record.inbox)")
            }
            guard roster[record.inbox] == nil else { throw InconsistentState(reason: "\(record.inbox) appears twice") }
            previous = record.ordinal
            roster.put(record)
        }
        // A state whose last members left still remembers how many ordinals were handed out.
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
