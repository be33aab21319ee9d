extension GroupState {
    /// Marks the state as equal to the one stored at `sequence`: from now on it notes what
    /// changes, so that ``delta`` can say it.
    package mutating func markStored(at sequence: UInt64) {
        deltaBase = DeltaBase(self, sequence: sequence)
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
            patches: patches, bans: InboxSetPatch(from: base.bans, to: bans, at: base.touchedBans),
            links: LinkPatch(from: base.links, to: links, at: base.touchedLinks), muteAll: muteAll,
            allowList: InboxSetPatch(from: base.allowList, to: allowList, at: base.touchedAllowList), isDeleted: isDeleted)
        return (base.sequence, delta)
    }

    /// `records`, in increasing ordinal order and each inbox's once, as a snapshot's flat
    /// roster: the arrays a roster of them would flatten to, without building one (issue 18:
    /// an index, admin sets and a lookup per adder, about half of writing an incremental snapshot).
    package static func flatRoster(of records: [MemberRecord]) -> FlatRoster {
        var numbers: [InboxID: UInt32] = [:]
        numbers.reserveCapacity(records.count)
        for (number, record) in records.enumerated() { numbers[record.inbox] = UInt32(truncatingIfNeeded: number) }
        var builder = FlatRosterBuilder(count: records.count)
        for record in records { builder.append(record) { numbers[$0] } }
        return builder.finish()
    }

    /// Makes this state, the stored base of `delta`, into the state the delta was taken from.
    /// - Throws: ``InconsistentState`` when the delta does not fit the state: a record whose
    ///   ordinal is not below the delta's next ordinal, or that takes a new ordinal at or below
    ///   the ones handed out, a key left recorded for two current members, a patch to a field
    ///   not registered, an entry removed that is not there, a ban, link or allow-list entry
    ///   removed that is not there or added that is, a group left without a super admin. The
    ///   state is then left part-way: discard it.
    package mutating func apply(_ delta: StateDelta) throws(InconsistentState) {
        var highest = nextOrdinal
        // Current members whose keys a delta record took over: each must have let go of them.
        var displaced: [(key: PublicKey, owner: InboxID)] = []
        let records = delta.records
        // Each record's lookup in a large roster is two cache misses, the index slot and the
        // record it leads to, and a third for a record the load left packed, its ID's bytes:
        // ask for the slot of the record eight on, the record of the one four on and the ID of
        // the one two on, as a run's fold does (``RosterLookAhead``). Each inbox is hashed once.
        let hashes = records.map { PlaceIndex.hash(of: $0.inbox) }
        let looksAhead = roster.recordCount >= RosterLookAhead.minimumRecords
        // The records are read where they lie, not bound one by one: each binding copied a
        // record (its IDs and keys retained and released), a fifth of applying one (issue 18).
        try records.withUnsafeBufferPointer { (records) throws(InconsistentState) in
            for position in records.indices {
                if looksAhead {
                    if position + 8 < hashes.count { roster.prefetchSlot(hash: hashes[position + 8]) }
                    if position + 4 < hashes.count { roster.prefetchRecord(hash: hashes[position + 4]) }
                    if position + 2 < hashes.count { roster.prefetchName(hash: hashes[position + 2]) }
                }
                let ordinal = records[position].ordinal
                guard ordinal < delta.nextOrdinal else {
                    throw InconsistentState(reason: "\(records[position].inbox) has ordinal \(ordinal), not below the next ordinal \(delta.nextOrdinal)")
                }
                if records[position].isCurrent && !records[position].keys.isEmpty {
                    let inbox = records[position].inbox
                    for key in records[position].keys {
                        if let owner = roster.keyOwners[key], owner != inbox { displaced.append((key, owner)) }
                    }
                }
                // Checked after the put, which looks the inbox up anyway: a throw leaves the state
                // to be discarded.
                if roster.put(records[position], hash: hashes[position]) != ordinal {
                    guard ordinal >= highest else {
                        throw InconsistentState(reason: "\(records[position].inbox) takes ordinal \(ordinal), not above the \(highest) handed out")
                    }
                    highest = ordinal + 1
                }
            }
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
        try delta.bans.apply(to: &bans, naming: "bans")
        try delta.links.apply(to: &links)
        muteAll = delta.muteAll
        try delta.allowList.apply(to: &allowList, naming: "allow list")
        isDeleted = delta.isDeleted
        if kind == .group && roster.superAdmins.isEmpty {
            throw InconsistentState(reason: "a group needs at least one super admin")
        }
    }
}
