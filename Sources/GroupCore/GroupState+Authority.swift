extension GroupState {
    /// Step 4: whether the slot's policy, as the state before the commit holds it, lets the actor
    /// act on `subject`.
    func authorize(_ slot: PolicySlot, _ context: ChangeContext, subject: InboxID? = nil) throws(Rejection) {
        try refuseObserver(context)
        let policy = policies[slot]
        let actorIsActive = context.actorState == .active
        let permitted = policy.verdict(actorRole: context.actorRole, actorIsActive: actorIsActive) ?? policy.permits(PolicyContext(
            actor: context.actor,
            actorRole: context.actorRole,
            actorIsActive: actorIsActive,
            subject: subject,
            subjectIsCurrentMember: policy.containsFormerMember && subject.flatMap { roster[$0]?.isCurrent } == true
        ))
        if let trace = context.trace {
            tracePolicy(trace, .slotPolicy(slot), policy, context, subject: subject, entryAuthor: nil, permitted: permitted)
        }
        guard permitted else {
            throw .permissionDenied(PermissionDenial(actor: context.actor, actorRole: context.actorRole, rule: .policy(slot, policy)))
        }
    }

    /// Step 4 for a change that names inboxes: the policy is judged for each subject, and once
    /// with no subject when the list is empty (a change that changes nothing still needs authority).
    func authorize(_ slot: PolicySlot, _ context: ChangeContext, subjects: [InboxID]) throws(Rejection) {
        if subjects.isEmpty { try authorize(slot, context) }
        for subject in subjects { try authorize(slot, context, subject: subject) }
    }

    /// Step 4 for the powers SPEC.md gives super admins alone.
    func requireSuperAdmin(_ context: ChangeContext) throws(Rejection) {
        let permitted = context.actorRole == .superAdmin
        if let trace = context.trace { traceSuperAdmin(trace, context, permitted: permitted) }
        guard permitted else {
            throw .permissionDenied(PermissionDenial(actor: context.actor, actorRole: context.actorRole, rule: .superAdminRequired))
        }
    }

    /// Observers are read-only whatever a slot's policy says (SPEC section 3).
    ///
    /// An explanation records this rule only where the actor is an observer: for anyone else it
    /// has nothing to judge.
    func refuseObserver(_ context: ChangeContext) throws(Rejection) {
        if context.actorRole == .observer {
            if let trace = context.trace { traceObserver(trace, context, ownEntryOf: nil) }
            throw .permissionDenied(PermissionDenial(actor: context.actor, actorRole: .observer, rule: .observerReadOnly))
        }
    }

    /// The record of `inbox` as the commit's earlier changes left it.
    func record(of inbox: InboxID, in draft: CommitDraft) -> MemberRecord? {
        if let changed = draft.changed[inbox] { return changed }
        return roster[inbox]
    }

    /// The actor's record as the commit's earlier changes left it, for the rules that change
    /// the actor's own record. The actor passed step 2 on this state's roster, which a commit's
    /// checks never change, so it has one; `notAMember` if that ever broke.
    func actorRecord(_ context: ChangeContext, in draft: CommitDraft) throws(Rejection) -> MemberRecord {
        guard let record = record(of: context.actor, in: draft) else { throw .notAMember(context.actor) }
        return record
    }

    /// Refuses a list that names an inbox twice (`duplicateInbox`).
    func refuseDuplicates(_ inboxes: [InboxID]) throws(Rejection) {
        if inboxes.count < 2 { return }
        if inboxes.count <= 8 {
            // Comparing pairs beats hashing for the short lists most commits carry.
            for index in inboxes.indices.dropFirst() where inboxes[..<index].contains(inboxes[index]) {
                throw .duplicateInbox(inboxes[index])
            }
            return
        }
        var seen = Set<InboxID>(minimumCapacity: inboxes.count)
        for inbox in inboxes where !seen.insert(inbox).inserted {
            throw .duplicateInbox(inbox)
        }
    }
}
