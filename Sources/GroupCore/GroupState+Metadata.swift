extension GroupState {
    /// Step 4 for metadata: a DM's participants change it with no policy check (SPEC section 2).
    private func authorizeMetadata(_ slot: PolicySlot, _ context: ChangeContext) throws(Rejection) {
        if kind == .dm {
            if let trace = context.trace { traceDMMetadata(trace, slot, context) }
            return
        }
        try authorize(slot, context)
    }

    /// Makes the draft hold the metadata, so that a change writes it in place: copying it out
    /// of the draft and back cost each such change two more copies of its four strings
    /// (issue 18).
    private func draftMetadata(_ draft: inout CommitDraft) {
        // `case nil`, not `== nil`: on an Equatable optional, `==` picked the comparison of two
        // optionals, which built and destroyed a pair of metadata on every change (issue 18).
        if case nil = draft.changedMetadata { draft.changedMetadata = metadata }
    }

    /// Refuses text over the field's limit (`tooLong`).
    private func checkLength(_ text: String, of field: MetadataField) throws(Rejection) {
        let bytes = text.utf8.count
        if bytes > field.limit { throw .tooLong(field: field.rawValue, bytes: bytes, limit: field.limit) }
    }

    /// `updateName`, `updateDescription` and `updateImageURL` (SPEC section 10).
    func checkUpdateText(_ field: MetadataField, to text: String, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorizeMetadata(field.slot, context)
        try checkLength(text, of: field)
        draftMetadata(&draft)
        draft.changedMetadata![field] = text
        draft.events.append(.metadataChanged(field.rawValue))
    }

    /// `updateAppData`, applied only if the current value is `expected` when one is given.
    func checkUpdateAppData(_ data: String, expected: String?, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorizeMetadata(.updateAppData, context)
        try checkLength(data, of: .appData)
        // The value as the commit's earlier changes left it.
        let current = draft.changedMetadata?.appData ?? metadata.appData
        if let expected, expected != current {
            throw .appDataSuperseded(expected: expected, actual: current)
        }
        draftMetadata(&draft)
        draft.changedMetadata!.appData = data
        draft.events.append(.metadataChanged(MetadataField.appData.rawValue))
    }

    /// `updateDisappearingMessages`; nil turns them off.
    func checkUpdateDisappearingMessages(_ setting: DisappearingMessages?, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorizeMetadata(.updateDisappearingMessages, context)
        if let setting, setting.fromNs < 0 || setting.inNs < 0 {
            throw .invalidArgument(reason: "disappearing messages need fromNs and inNs of 0 or more")
        }
        draftMetadata(&draft)
        draft.changedMetadata!.disappearingMessages = setting
        draft.events.append(.metadataChanged("disappearingMessages"))
    }
}
