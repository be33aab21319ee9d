/// A state as a stored one plus what changed since: what an incremental snapshot holds, so that
/// a large group's state can be saved every few commits without writing its whole roster
/// (issue 18). The member records, field entries, bans, links and allow-list entries that
/// changed come whole; the rest of the state, small beside them, comes whole too.
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
    package var bans: InboxSetPatch
    package var links: LinkPatch
    package var muteAll: Bool
    package var allowList: InboxSetPatch
    package var isDeleted: Bool

    package init(
        settings: GroupSettings, policies: PolicySet, metadata: GroupMetadata, lastAppliedTime: Milliseconds,
        lastAppliedSequence: UInt64, nextOrdinal: UInt64, records: [MemberRecord], fields: [FieldDescriptor],
        patches: [FieldPatch], bans: InboxSetPatch, links: LinkPatch, muteAll: Bool, allowList: InboxSetPatch, isDeleted: Bool
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

/// How a set of inboxes (the bans, the allow list) changed: the inboxes added and removed, each
/// sorted.
package struct InboxSetPatch: Equatable, Sendable {
    package var added: [InboxID]
    package var removed: [InboxID]

    package init(added: [InboxID] = [], removed: [InboxID] = []) {
        self.added = added
        self.removed = removed
    }

    /// How `now` differs from `before` at the inboxes `touched` names.
    init(from before: Set<InboxID>, to now: Set<InboxID>, at touched: Set<InboxID>) {
        added = touched.filter { now.contains($0) && !before.contains($0) }.sorted()
        removed = touched.filter { !now.contains($0) && before.contains($0) }.sorted()
    }

    /// Applies the patch to `set`, refusing an inbox added that is there or removed that is not.
    func apply(to set: inout Set<InboxID>, naming what: String) throws(InconsistentState) {
        for inbox in removed where set.remove(inbox) == nil {
            throw InconsistentState(reason: "a delta removes \(inbox) from the \(what), where it is not")
        }
        for inbox in added where !set.insert(inbox).inserted {
            throw InconsistentState(reason: "a delta adds \(inbox) to the \(what), where it already is")
        }
    }
}

/// How the invite links changed: those made or given another role, with their role, and those
/// deleted, each in byte order of their IDs.
package struct LinkPatch: Equatable, Sendable {
    package struct Link: Equatable, Sendable {
        package var id: String
        package var role: Role
        package init(id: String, role: Role) {
            self.id = id
            self.role = role
        }
    }

    package var set: [Link]
    package var removed: [String]

    package init(set: [Link] = [], removed: [String] = []) {
        self.set = set
        self.removed = removed
    }

    /// How `now` differs from `before` at the links `touched` names.
    init(from before: [String: Role], to now: [String: Role], at touched: Set<String>) {
        let ordered = touched.sorted(by: UTF8Order.precedes)
        set = ordered.compactMap { id in now[id].flatMap { $0 != before[id] ? Link(id: id, role: $0) : nil } }
        removed = ordered.filter { now[$0] == nil && before[$0] != nil }
    }

    /// Applies the patch to `links`, refusing a link deleted that is not there.
    func apply(to links: inout [String: Role]) throws(InconsistentState) {
        for id in removed where links.removeValue(forKey: id) == nil {
            throw InconsistentState(reason: "a delta deletes link \(id), which is not there")
        }
        for link in set { links[link.id] = link.role }
    }
}
