/// The rules of SPEC section 11: registering fields, typed writes, and user data.
extension GroupState {
    /// `registerFields`: a super admin registers configured fields the conversation lacks.
    func checkRegisterFields(_ registrations: [FieldRegistration], _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        var descriptors: [FieldDescriptor] = []
        for registration in registrations {
            switch registration {
            case let .unknown(name): throw .unknownField(name)
            case let .descriptor(descriptor):
                guard descriptor.id.isField else { throw .unknownField(descriptor.label) }
                descriptors.append(descriptor)
            }
        }
        try requireSuperAdmin(context)
        for descriptor in descriptors {
            try register(descriptor, into: &draft)
        }
        draft.events.append(.fieldsRegistered(descriptors.map(\.id)))
    }

    /// Adds a descriptor to the draft's registry, refusing an ID or a name already taken.
    func register(_ descriptor: FieldDescriptor, into draft: inout CommitDraft) throws(Rejection) {
        let taken = registry[descriptor.id] != nil || draft.fields.registered[descriptor.id] != nil
            || descriptor.name.map { name in
                registry.descriptor(named: name) != nil || draft.fields.registered.values.contains { $0.name == name }
            } == true
        if taken { throw .fieldAlreadyRegistered(descriptor.label) }
        draft.fields.registered.put(descriptor, for: descriptor.id)
    }

    /// `updateFieldPolicy` (SPEC section 11): a super admin changes who may perform one operation
    /// on a registered field, from the next commit on.
    func checkUpdateFieldPolicy(
        _ reference: FieldReference, _ operation: FieldOperation, _ policy: Policy, _ context: ChangeContext, _ draft: inout CommitDraft
    ) throws(Rejection) {
        // Step 3: registered before the commit; one registered by this commit is not yet.
        let registered = registry.descriptor(for: reference)
        if let trace = context.trace { traceFieldRegistered(trace, reference, operation, registered, context, draft) }
        guard let registered else { throw .unknownField(reference.description) }
        try requireSuperAdmin(context)
        if let problem = Self.shapeProblem(of: policy) { throw .invalidPolicy(slot: nil, reason: problem) }
        if registered.id.isImmutable { throw .immutableField(field: registered.label) }
        // An earlier change of the same commit may have changed another of its policies.
        let current = draft.fields.registered[registered.id] ?? registered
        draft.fields.registered.put(current.replacingPolicy(for: operation, with: policy), for: registered.id)
        draft.events.append(.fieldPolicyChanged(registered.id, operation, policy))
    }

    /// `updateMetadataField` (SPEC section 11, "Mutations").
    func checkUpdateMetadataField(_ reference: FieldReference, _ mutation: FieldMutation, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        // Step 3: the field, from the registry before the commit, and the mutation's shape.
        guard let field = registry.descriptor(for: reference) else { throw .unknownField(reference.description) }
        try checkShape(of: mutation, for: field)
        switch mutation {
        case let .replace(value):
            let current = scalar(field.id, in: draft)
            let operation: FieldOperation = value == nil ? .delete : (current == nil ? .insert : .update)
            try authorizeField(field, operation, key: nil, context)
            if let value { try checkValueLength(value, of: field) }
            if field.id.isImmutable && current != nil { throw .immutableField(field: field.label) }
            draft.fields.scalars.put(value, for: field.id)
            draft.events.append(.fieldChanged(field.id, key: nil))
        case let .mapDelta(operation, key, value):
            try write(operation, key: key, value: value, over: entry(field.id, key, in: draft), in: field, context, &draft)
            draft.events.append(.fieldChanged(field.id, key: key))
        case let .setDelta(operation, key):
            try write(operation, key: key, value: nil, over: entry(field.id, key, in: draft), in: field, context, &draft)
            draft.events.append(.fieldChanged(field.id, key: key))
        }
    }

    /// `updateUserData`: the actor's own entry in each listed user field, in one commit.
    func checkUpdateUserData(_ updates: [UserFieldUpdate], _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        var fields: [FieldDescriptor] = []
        for update in updates {
            guard let field = registry.descriptor(for: update.field) else { throw .unknownField(update.field.description) }
            fields.append(field)
        }
        for field in fields where !field.isUserField {
            if case let .unsupported(type) = field.type { throw .unsupportedType(field: field.label, type: type) }
            throw .notUserField(field.label)
        }
        // Most updates name one or two fields: comparing pairs beats building a set.
        for index in fields.indices.dropFirst() where fields[..<index].contains(where: { $0.id == fields[index].id }) {
            throw .duplicateField(fields[index].label)
        }
        for (field, update) in zip(fields, updates) {
            if let value = update.value, case let .inboxMap(kind) = field.type, value.kind != kind {
                throw .wrongType(field: field.label, reason: "a value of \(field.label) is \(kind.rawValue), not \(value.kind.rawValue)")
            }
        }
        let key = FieldValue.string(context.actor.rawValue)
        draft.events.append(.userDataChanged(context.actor, fields.map(\.id)))
        for (field, update) in zip(fields, updates) {
            let current = entry(field.id, key, in: draft)
            let operation: FieldOperation = update.value == nil ? .delete : (current != nil ? .update : .insert)
            // Clearing an absent entry changes nothing, but still needs the authority to delete.
            if update.value == nil && current == nil {
                try authorizeField(field, .delete, key: key, context)
                continue
            }
            try write(operation, key: key, value: update.value, over: current, in: field, context, &draft)
        }
    }

    /// Step 3 for a mutation: it must suit the field's type and kinds.
    private func checkShape(of mutation: FieldMutation, for field: FieldDescriptor) throws(Rejection) {
        let label = field.label
        func wrong(_ reason: String) -> Rejection { .wrongType(field: label, reason: reason) }
        func kind(_ value: FieldValue?, _ expected: ValueKind, _ what: String) throws(Rejection) {
            if let value, value.kind != expected { throw wrong("\(what) is \(value.kind.rawValue), but \(label) holds \(expected.rawValue)") }
        }
        switch (mutation, field.type) {
        case let (_, .unsupported(type)):
            throw .unsupportedType(field: label, type: type)
        case let (.replace(value), .string), let (.replace(value), .bytes):
            try kind(value, field.type == .string ? .string : .bytes, "the value")
        case let (.mapDelta(operation, key, value), .map(keyKind, valueKind)):
            try kind(key, keyKind, "the key")
            try kind(value, valueKind, "the value")
            if (operation == .delete) != (value == nil) { throw wrong("mapDelta \(operation.rawValue) \(operation == .delete ? "takes no" : "needs a") value") }
        case let (.mapDelta(operation, key, value), .inboxMap(valueKind)):
            guard case let .string(text) = key, (try? InboxID(text)) != nil else { throw wrong("a key of \(label) is an inbox ID") }
            try kind(value, valueKind, "the value")
            if (operation == .delete) != (value == nil) { throw wrong("mapDelta \(operation.rawValue) \(operation == .delete ? "takes no" : "needs a") value") }
        case let (.setDelta(operation, key), .set(keyKind)):
            try kind(key, keyKind, "the key")
            if operation == .update { throw wrong("a set has no update: insert or delete a key") }
        default:
            throw wrong("\(mutation.kind) does not apply to a field of type \(field.type)")
        }
    }

    /// Steps 4 and 5 for one entry of a collection, and its effect on the draft.
    /// - Parameter current: the entry as the commit's earlier changes left it.
    private func write(
        _ operation: FieldOperation, key: FieldValue, value: FieldValue?, over current: FieldEntry?, in field: FieldDescriptor,
        _ context: ChangeContext, _ draft: inout CommitDraft
    ) throws(Rejection) {
        try authorizeField(field, operation, key: key, context)
        try checkValueLength(key, of: field)
        if let value { try checkValueLength(value, of: field) }
        if field.id.isImmutable && current != nil { throw .immutableField(field: field.label) }
        switch operation {
        case .insert where current != nil: throw .keyExists(field: field.label, key: key.description)
        case .update where current == nil, .delete where current == nil: throw .keyNotFound(field: field.label, key: key.description)
        default: break
        }
        let written: FieldEntry? = operation == .delete ? nil : FieldEntry(value: value, author: current?.author ?? context.actor)
        let size = collectionSize(field.id, in: draft) - (current?.size(key: key) ?? 0) + (written?.size(key: key) ?? 0)
        if size > FieldLimits.collection { throw .tooLong(field: field.label, bytes: size, limit: FieldLimits.collection) }
        draft.fields.entries.put(written, for: FieldDraft.EntryKey(field: field.id, key: key))
        draft.fields.sizes.put(size, for: field.id)
    }

    private func checkValueLength(_ value: FieldValue, of field: FieldDescriptor) throws(Rejection) {
        if value.byteCount > FieldLimits.value {
            throw .tooLong(field: field.label, bytes: value.byteCount, limit: FieldLimits.value)
        }
    }

    /// Step 4 for a field write: the field's policy for the operation, from the registry before
    /// the commit. The subject of a user field's entry is the inbox that keys it; like all
    /// authority, `formerMember` and `author` are judged on the state before the commit. Whether
    /// the write inserts, updates or deletes comes from the running state (SPEC section 4).
    private func authorizeField(_ field: FieldDescriptor, _ operation: FieldOperation, key: FieldValue?, _ context: ChangeContext) throws(Rejection) {
        let subject = field.isUserField ? userFieldSubject(key, actor: context.actor) : nil
        if context.actorRole == .observer {
            if subject != context.actor { try refuseObserver(context) }
            if let trace = context.trace { traceObserver(trace, context, ownEntryOf: field.label) }
        }
        let policy = field.policy(for: operation)
        let facts = PolicyContext(
            actor: context.actor, actorRole: context.actorRole, actorIsActive: context.actorState == .active,
            subject: subject, subjectIsCurrentMember: subject == context.actor ? context.actorState.isCurrent : subject.flatMap { roster[$0]?.isCurrent } ?? false,
            // Looked up only where it is judged or explained: most field policies never read it.
            entryAuthor: policy.containsAuthor || context.trace != nil ? key.flatMap { fieldContents[field.id]?.entries[$0]?.author } : nil)
        let permitted = policy.permits(facts)
        if let trace = context.trace {
            tracePolicy(
                trace, .fieldPolicy(field: field.label, operation: operation), policy, context,
                subject: subject, entryAuthor: facts.entryAuthor, permitted: permitted)
        }
        guard permitted else {
            let rule = PermissionDenial.Rule.fieldPolicy(field: field.label, operation: operation, policy: policy)
            throw .permissionDenied(PermissionDenial(actor: context.actor, actorRole: context.actorRole, rule: rule))
        }
    }

    /// The inbox a user field's key names; nil for a key that is no inbox ID. Most keys are the
    /// actor's own (every `updateUserData`), known valid without checking the text again.
    private func userFieldSubject(_ key: FieldValue?, actor: InboxID) -> InboxID? {
        guard case let .string(text) = key else { return nil }
        return text == actor.rawValue ? actor : try? InboxID(text)
    }

    /// Whether a change only writes the actor's own entries in user fields: all a member waiting
    /// for removal may still do.
    func writesOnlyOwnUserFields(_ change: Change, actor: InboxID) -> Bool {
        switch change {
        case .updateUserData:
            return true
        case let .updateMetadataField(reference, .mapDelta(_, key, _)):
            return registry.descriptor(for: reference)?.isUserField == true && key == .string(actor.rawValue)
        default:
            return false
        }
    }
}
