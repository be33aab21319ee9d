/// The stored state a tracked state is measured against: its sequence and its field contents
/// (shared with the state's own until either is written, so keeping them costs nothing until a
/// field changes), and what the state's field writes touched since.
struct DeltaBase {
    let sequence: UInt64
    let fieldContents: [ComponentID: FieldContent]
    /// The lifecycle's sets as they were, shared like the field contents.
    let bans: Set<InboxID>
    let links: [String: Role]
    let allowList: Set<InboxID>
    /// The bans, links and allow-list entries written since.
    var touchedBans: Set<InboxID> = []
    var touchedLinks: Set<String> = []
    var touchedAllowList: Set<InboxID> = []
    /// Fields whose scalar or size was written, or that were registered.
    var fields: Set<ComponentID> = []
    /// Collection entries written or removed.
    var entries: Set<FieldDraft.EntryKey> = []

    init(_ state: GroupState, sequence: UInt64) {
        self.sequence = sequence
        fieldContents = state.fieldContents
        bans = state.bans
        links = state.links
        allowList = state.allowList
    }

    /// Notes the bans, links and allow-list entries `draft` writes: a large group's links (one
    /// per invitation) written whole made each delta of a churning million-member group 180 KB.
    mutating func noteLifecycle(_ draft: CommitDraft) {
        touchedBans.formUnion(draft.bans.keys)
        touchedLinks.formUnion(draft.links.keys)
        touchedAllowList.formUnion(draft.allowList.keys)
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
