/// A state as a stored one plus what changed since: what an incremental snapshot holds, so that
/// a large group's state can be saved every few commits without writing its whole roster
/// (issue 18). The member records and field entries that changed come whole; the rest of the
/// state, small beside them, comes whole too.
package struct StateDelta: Sendable {
    package var settings: GroupSettings
    package var policies: PolicySet
    package var metadata: GroupMetadata
    package var lastAppliedTime: Milliseconds
    package var lastAppliedSequence: UInt64
    package var nextOrdinal: UInt64
    /// The records put since the base, as they are now, in increasing ordinal order.
    package var records: [MemberRecord]
    /// Every registered field, in ID order.
    package var fields: [FieldDescriptor]
    /// The fields whose content changed since the base, in ID order.
    package var patches: [FieldPatch]
    package var bans: Set<InboxID>
    package var links: [String: Role]
    package var muteAll: Bool
    package var allowList: Set<InboxID>
    package var isDeleted: Bool

    package init(
        settings: GroupSettings, policies: PolicySet, metadata: GroupMetadata, lastAppliedTime: Milliseconds,
        lastAppliedSequence: UInt64, nextOrdinal: UInt64, records: [MemberRecord], fields: [FieldDescriptor],
        patches: [FieldPatch], bans: Set<InboxID>, links: [String: Role], muteAll: Bool, allowList: Set<InboxID>, isDeleted: Bool
    ) {
        self.settings = settings
        self.policies = policies
        self.metadata = metadata
        self.lastAppliedTime = lastAppliedTime
        self.lastAppliedSequence = lastAppliedSequence
        self.nextOrdinal = nextOrdinal
        self.records = records
        self.fields = fields
        self.patches = patches
        self.bans = bans
        self.links = links
        self.muteAll = muteAll
        self.allowList = allowList
        self.isDeleted = isDeleted
    }
}

/// How one field's content changed: its scalar and size as they are now, and the entries
/// written or removed, each in key order.
package struct FieldPatch: Equatable, Sendable {
    package struct Upsert: Equatable, Sendable {
        package var key: FieldValue
        package var entry: FieldEntry
        package init(key: FieldValue, entry: FieldEntry) {
            self.key = key
            self.entry = entry
        }
    }

    package var field: ComponentID
    package var scalar: FieldValue?
    package var byteSize: Int
    package var upserts: [Upsert]
    package var removals: [FieldValue]

    package init(field: ComponentID, scalar: FieldValue?, byteSize: Int, upserts: [Upsert], removals: [FieldValue]) {
        self.field = field
        self.scalar = scalar
        self.byteSize = byteSize
        self.upserts = upserts
        self.removals = removals
    }
}

/// The stored state a tracked state is measured against: its sequence and its field contents
/// (shared with the state's own until either is written, so keeping them costs nothing until a
/// field changes), and what the state's field writes touched since.
struct DeltaBase {
    let sequence: UInt64
    let fieldContents: [ComponentID: FieldContent]
    /// Fields whose scalar or size was written, or that were registered.
    var fields: Set<ComponentID> = []
    /// Collection entries written or removed.
    var entries: Set<FieldDraft.EntryKey> = []

    init(sequence: UInt64, fieldContents: [ComponentID: FieldContent]) {
        self.sequence = sequence
        self.fieldContents = fieldContents
    }

    /// Notes what `draft` writes: diffing only what was written keeps a delta's cost to the
    /// changes, where diffing whole collections (thousands of entries) cost an ingest 15%.
    mutating func note(_ draft: FieldDraft) {
        fields.formUnion(draft.registered.entries.map(\.key))
        fields.formUnion(draft.scalars.entries.map(\.key))
        fields.formUnion(draft.sizes.entries.map(\.key))
        entries.formUnion(draft.entries.entries.map(\.key))
    }

    /// How `now`, the content of `field`, differs from the base's; nil when it does not.
    func patch(_ field: ComponentID, now: FieldContent) -> FieldPatch? {
        let before = fieldContents[field] ?? FieldContent()
        let keys = entries.filter { $0.field == field }.map(\.key).sorted()
        var upserts: [FieldPatch.Upsert] = [], removals: [FieldValue] = []
        for key in keys {
            if let entry = now.entries[key] {
                if entry != before.entries[key] { upserts.append(FieldPatch.Upsert(key: key, entry: entry)) }
            } else if before.entries[key] != nil {
                removals.append(key)
            }
        }
        guard !upserts.isEmpty || !removals.isEmpty || now.scalar != before.scalar || now.byteSize != before.byteSize else { return nil }
        return FieldPatch(field: field, scalar: now.scalar, byteSize: now.byteSize, upserts: upserts, removals: removals)
    }
}

extension GroupState {
    /// Marks the state as equal to the one stored at `sequence`: from now on it notes what
    /// changes, so that ``delta`` can say it.
    package mutating func markStored(at sequence: UInt64) {
        deltaBase = DeltaBase(sequence: sequence, fieldContents: fieldContents)
        roster.startTracking()
    }

    /// The sequence of the stored state ``markStored(at:)`` named and what changed since it;
    /// nil when the state was never marked or so much changed that a full snapshot pays better.
    package var delta: (base: UInt64, delta: StateDelta)? {
        guard let base = deltaBase, let touched = roster.touched else { return nil }
        let records = roster.records(of: touched)
        let touchedFields = base.fields.union(base.entries.map(\.field))
        let patches = touchedFields.sorted().compactMap { field in base.patch(field, now: fieldContents[field] ?? FieldContent()) }
        let delta = StateDelta(
            settings: settings, policies: policies, metadata: metadata, lastAppliedTime: lastAppliedTime,
            lastAppliedSequence: lastAppliedSequence, nextOrdinal: nextOrdinal, records: records, fields: registry.all,
            patches: patches, bans: bans, links: links, muteAll: muteAll, allowList: allowList, isDeleted: isDeleted)
        return (base.sequence, delta)
    }

    /// `records`, in increasing ordinal order, as a snapshot's flat roster.
    package static func flatRoster(of records: [MemberRecord]) -> FlatRoster {
        var roster = Roster()
        for record in records { roster.put(record) }
        return roster.flat
    }

    /// Makes this state, the stored base of `delta`, into the state the delta was taken from.
    /// - Throws: ``InconsistentState`` when the delta does not fit the state: a record whose
    ///   ordinal is not below the delta's next ordinal, or that takes a new ordinal at or below
    ///   the ones handed out, a key left recorded for two current members, a patch to a field
    ///   not registered, an entry removed that is not there, a group left without a super admin.
    package mutating func apply(_ delta: StateDelta) throws(InconsistentState) {
        var highest = nextOrdinal
        // Current members whose keys a delta record took over: each must have let go of them.
        var displaced: [(key: PublicKey, owner: InboxID)] = []
        for record in delta.records {
            guard record.ordinal < delta.nextOrdinal else {
                throw InconsistentState(reason: "\(record.inbox) has ordinal \(record.ordinal), not below the next ordinal \(delta.nextOrdinal)")
            }
            if roster[record.inbox]?.ordinal != record.ordinal {
                guard record.ordinal >= highest else {
                    throw InconsistentState(reason: "\(record.inbox) takes ordinal \(record.ordinal), not above the \(highest) handed out")
                }
                highest = record.ordinal + 1
            }
            if record.isCurrent {
                for key in record.keys {
                    if let owner = roster.keyOwners[key], owner != record.inbox { displaced.append((key, owner)) }
                }
            }
            roster.put(record)
        }
        for (key, owner) in displaced where roster[owner].map({ $0.isCurrent && $0.keys.contains(key) }) == true {
            throw InconsistentState(reason: "signing key \(key) is recorded for both \(owner) and \(roster.keyOwners[key].map(\.description) ?? "another member")")
        }
        roster.reserveOrdinals(upTo: delta.nextOrdinal)
        var registry = FieldRegistry()
        for descriptor in delta.fields { registry.register(descriptor) }
        for descriptor in self.registry.all where registry[descriptor.id] == nil {
            throw InconsistentState(reason: "field \(descriptor.label) is no longer registered")
        }
        self.registry = registry
        for descriptor in delta.fields where fieldContents[descriptor.id] == nil { fieldContents[descriptor.id] = FieldContent() }
        for patch in delta.patches {
            guard registry[patch.field] != nil, var content = fieldContents.removeValue(forKey: patch.field) else {
                throw InconsistentState(reason: "a patch names field \(patch.field.hex), which is not registered")
            }
            content.scalar = patch.scalar
            for key in patch.removals where content.entries.removeValue(forKey: key) == nil {
                throw InconsistentState(reason: "a patch removes an entry field \(patch.field.hex) does not hold")
            }
            for upsert in patch.upserts { content.entries[upsert.key] = upsert.entry }
            content.byteSize = patch.byteSize
            fieldContents[patch.field] = content
        }
        settings = delta.settings
        policies = delta.policies
        metadata = delta.metadata
        lastAppliedTime = delta.lastAppliedTime
        lastAppliedSequence = delta.lastAppliedSequence
        bans = delta.bans
        links = delta.links
        muteAll = delta.muteAll
        allowList = delta.allowList
        isDeleted = delta.isDeleted
        if kind == .group && roster.superAdmins.isEmpty {
            throw InconsistentState(reason: "a group needs at least one super admin")
        }
    }
}
