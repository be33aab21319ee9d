extension GroupState {
    /// `addMembers` (SPEC section 6).
    func checkAddMembers(
        inboxes: [InboxID], identities: [ResolvedIdentity], keys: RecordedKeys, _ context: ChangeContext, _ draft: inout CommitDraft
    ) throws(Rejection) {
        let subjects = Self.subjects(inboxes, resolving: identities)
        try authorize(.addMember, context, subjects: subjects)
        if let unresolved = identities.first(where: { $0.inbox == nil }) {
            throw .identityNotFound(unresolved.identity)
        }
        try refuseDuplicates(subjects)
        try GroupState.refuseStrayKeys(keys, recordedFor: subjects, by: "addMembers")
        var previousRecords: [MemberRecord?] = []
        previousRecords.reserveCapacity(subjects.count)
        // Keys this change records for the subjects before the one judged.
        var taken: [PublicKey: InboxID] = [:]
        for inbox in subjects {
            // A banned inbox cannot be added or invited; that comes first (SPEC section 4).
            if isBanned(inbox, in: draft) { throw .banned(inbox) }
            let previous = record(of: inbox, in: draft)
            if previous?.isCurrent == true { throw .alreadyMember(inbox) }
            // Then its keys (SPEC section 14), as the inbox's last subject check.
            let recorded = keys[inbox] ?? []
            try checkRecordedKeys(recorded, for: inbox, draft, taken: taken)
            for key in recorded { taken[key] = inbox }
            previousRecords.append(previous)
        }
        // Limits come after every subject (SPEC section 4, step 5).
        if draft.headcount + subjects.count > settings.memberLimit { throw .memberLimitExceeded(limit: settings.memberLimit) }
        for (inbox, previous) in zip(subjects, previousRecords) {
            let consent = settings.invitesNeedConsent
            let added = MemberRecord(
                inbox: inbox, role: .member, state: consent ? .invited : .active,
                joinedAt: consent ? nil : context.time, addedBy: context.actor, ordinal: draft.takeOrdinal(),
                keys: keys[inbox] ?? []
            )
            draft.put(added, replacing: previous)
            draft.events.append(consent ? .memberInvited(inbox, by: context.actor) : .memberAdded(inbox, by: context.actor))
        }
    }

    /// `removeMembers` (SPEC section 6).
    func checkRemoveMembers(
        inboxes named: [InboxID], identities: [ResolvedIdentity], withMessages: Bool, _ context: ChangeContext, _ draft: inout CommitDraft
    ) throws(Rejection) {
        let inboxes = Self.subjects(named, resolving: identities)
        if inboxes.isEmpty { try authorize(.removeMember, context) }
        for subject in inboxes {
            // A super admin may always complete a removal request, whatever the policy says.
            let completesRequest = record(of: subject, in: draft)?.state == .pendingRemoval
            if completesRequest && context.actorRole == .superAdmin {
                if let trace = context.trace { traceCompletedRequest(trace, of: subject, context) }
                continue
            }
            try authorize(.removeMember, context, subject: subject)
        }
        if let unresolved = identities.first(where: { $0.inbox == nil }) {
            throw .identityNotFound(unresolved.identity)
        }
        try refuseDuplicates(inboxes)
        for inbox in inboxes {
            guard let previous = record(of: inbox, in: draft), previous.isCurrent else { throw .memberNotFound(inbox) }
            if previous.role == .superAdmin { throw .superAdminCannotBeRemoved(inbox) }
            let reason: Departure.Reason = previous.state == .pendingRemoval ? .left : .removed
            draft.put(previous.departed(reason, at: context.time), replacing: previous)
            draft.events.append(reason == .left ? .memberLeft(inbox) : .memberRemoved(inbox, withMessages: withMessages))
        }
    }
}

extension GroupState {
    /// The inboxes a change names, then those its identities resolved to: the list itself when
    /// it names no identity, so that an everyday change makes no array (issue 18: a tenth of
    /// the fold's allocations).
    static func subjects(_ inboxes: [InboxID], resolving identities: [ResolvedIdentity]) -> [InboxID] {
        identities.isEmpty ? inboxes : inboxes + identities.compactMap(\.inbox)
    }
}

extension MemberRecord {
    /// This record as a former member: role and flags cleared.
    func departed(_ reason: Departure.Reason, at time: Milliseconds) -> MemberRecord {
        var record = self
        record.role = .member
        record.state = .former(Departure(reason, at: time))
        record.blockedForAll = false
        record.mutedUntil = nil
        record.blocksGroup = false
        return record
    }
}
