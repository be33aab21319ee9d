/// What a commit's field changes would do, kept beside the state like the member overlay, entry
/// by entry: a write to one key of a million-entry map copies nothing else.
struct FieldDraft {
    struct EntryKey: Hashable {
        let field: ComponentID
        let key: FieldValue
    }

    /// Fields registered by earlier changes of the commit, or whose policies they changed.
    var registered = SmallMap<ComponentID, FieldDescriptor>()
    /// Scalars written by earlier changes; the inner nil is an unset.
    var scalars = SmallMap<ComponentID, FieldValue?>()
    /// Entries written by earlier changes; nil is a removal.
    var entries = SmallMap<EntryKey, FieldEntry?>()
    /// Collections' sizes after earlier changes.
    var sizes = SmallMap<ComponentID, Int>()

    var isEmpty: Bool { registered.isEmpty && scalars.isEmpty && entries.isEmpty }
}

extension GroupState {
    /// The scalar as the commit's earlier changes left it.
    func scalar(_ field: ComponentID, in draft: CommitDraft) -> FieldValue? {
        if let written = draft.fieldParts?.scalars[field] { return written }
        return fieldContents[field]?.scalar
    }

    /// The entry as the commit's earlier changes left it.
    func entry(_ field: ComponentID, _ key: FieldValue, in draft: CommitDraft) -> FieldEntry? {
        if let written = draft.fieldParts?.entries[FieldDraft.EntryKey(field: field, key: key)] { return written }
        return fieldContents[field]?.entries[key]
    }

    /// The collection's size as the commit's earlier changes left it.
    func collectionSize(_ field: ComponentID, in draft: CommitDraft) -> Int {
        draft.fieldParts?.sizes[field] ?? fieldContents[field]?.byteSize ?? 0
    }

    /// Writes the draft's field changes into the state.
    mutating func mergeFields(_ draft: FieldDraft) {
        guard !draft.isEmpty else { return }
        if deltaBase != nil { deltaBase!.note(draft) }
        for descriptor in draft.registered.values.sorted(by: { $0.id < $1.id }) {
            registry.register(descriptor)
            if fieldContents[descriptor.id] == nil { fieldContents[descriptor.id] = FieldContent() }
        }
        for (field, value) in draft.scalars.entries { fieldContents[field, default: FieldContent()].scalar = value }
        for (key, entry) in draft.entries.entries { fieldContents[key.field, default: FieldContent()].entries[key.key] = entry }
        for (field, size) in draft.sizes.entries { fieldContents[field, default: FieldContent()].byteSize = size }
    }
}
