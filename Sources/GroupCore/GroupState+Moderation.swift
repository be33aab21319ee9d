/// Blocking for all, mutes, the allow list, bans and blocking a group for oneself (SPEC section 9).
extension GroupState {
    /// A current member that the actor outranks: blocking, mutes and bans reach only inboxes
    /// whose role is below the actor's (seniority, as in SimpleX).
    private func moderatedMember(_ inbox: InboxID, _ context: ChangeContext, _ draft: CommitDraft) throws(Rejection) -> MemberRecord {
        guard let subject = record(of: inbox, in: draft), subject.isCurrent else { throw .memberNotFound(inbox) }
        try requireSeniority(over: subject, context)
        return subject
    }

    private func requireSeniority(over subject: MemberRecord, _ context: ChangeContext) throws(Rejection) {
        let senior = subject.role < context.actorRole
        if let trace = context.trace { traceSeniority(trace, over: subject, newRole: nil, context, passed: senior) }
        guard senior else {
            let rule = PermissionDenial.Rule.seniority(subject: subject.inbox, subjectRole: subject.role, newRole: nil)
            throw .permissionDenied(PermissionDenial(actor: context.actor, actorRole: context.actorRole, rule: rule))
        }
    }

    func checkBlockForAll(_ inboxes: [InboxID], blocked: Bool, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.blockForAll, context, subjects: inboxes)
        try refuseDuplicates(inboxes)
        for inbox in inboxes {
            let subject = try moderatedMember(inbox, context, draft)
            guard subject.blockedForAll != blocked else { continue }
            var updated = subject
            updated.blockedForAll = blocked
            draft.put(updated, replacing: subject)
            draft.events.append(blocked ? .memberBlocked(inbox) : .memberUnblocked(inbox))
        }
    }

    /// `mute` until a time (after the commit's), or `unmute` when `until` is nil.
    func checkMute(_ inboxes: [InboxID], until: Milliseconds?, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.mute, context, subjects: inboxes)
        if let until, until <= context.time {
            throw .invalidArgument(reason: "a mute must end after the commit's time \(context.time), not at \(until)")
        }
        try refuseDuplicates(inboxes)
        for inbox in inboxes {
            let subject = try moderatedMember(inbox, context, draft)
            guard subject.mutedUntil != until else { continue }
            var updated = subject
            updated.mutedUntil = until
            draft.put(updated, replacing: subject)
            draft.events.append(until.map { .memberMuted(inbox, until: $0) } ?? .memberUnmuted(inbox))
        }
    }

    func checkMuteAll(_ on: Bool, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.mute, context)
        guard (draft.muteAll ?? muteAll) != on else { return }
        draft.muteAll = on
        draft.events.append(on ? .allMuted : .allUnmuted)
    }

    func checkAllowList(_ inboxes: [InboxID], add: Bool, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.mute, context, subjects: inboxes)
        try refuseDuplicates(inboxes)
        for inbox in inboxes {
            guard record(of: inbox, in: draft)?.isCurrent == true else { throw .memberNotFound(inbox) }
            guard (draft.allowList[inbox] ?? allowList.contains(inbox)) != add else { continue }
            draft.allowList[inbox] = add
            draft.events.append(.allowListChanged(inbox, added: add))
        }
    }

    /// `ban`: removes a member (recorded as removed) and bans it; banning a banned inbox changes
    /// nothing. A super admin cannot be banned, checked before seniority.
    func checkBan(_ inboxes: [InboxID], _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.ban, context, subjects: inboxes)
        try refuseDuplicates(inboxes)
        for inbox in inboxes {
            if let member = record(of: inbox, in: draft), member.isCurrent {
                if member.role == .superAdmin { throw .superAdminCannotBeRemoved(inbox) }
                try requireSeniority(over: member, context)
                draft.put(member.departed(.removed, at: context.time), replacing: member)
                draft.events.append(.memberRemoved(inbox, withMessages: false))
            }
            guard !isBanned(inbox, in: draft) else { continue }
            draft.bans[inbox] = true
            draft.events.append(.memberBanned(inbox))
        }
    }

    /// `unban`; unbanning an inbox that is not banned changes nothing.
    func checkUnban(_ inboxes: [InboxID], _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.ban, context, subjects: inboxes)
        try refuseDuplicates(inboxes)
        for inbox in inboxes where isBanned(inbox, in: draft) {
            draft.bans[inbox] = false
            draft.events.append(.memberUnbanned(inbox))
        }
    }

    /// `blockGroup`: any member, observers included, for itself; no policy.
    func checkBlockGroup(_ on: Bool, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        let current = try actorRecord(context, in: draft)
        guard current.isCurrent, current.blocksGroup != on else { return }
        var updated = current
        updated.blocksGroup = on
        draft.put(updated, replacing: current)
        draft.events.append(on ? .groupBlocked(context.actor) : .groupUnblocked(context.actor))
    }

    /// Whether `inbox` may send at `time` (SPEC section 9): never in a deleted group, nor for an
    /// observer, a member not active, one blocked for all or muted past `time`; and while
    /// mute-all is on, only admins and above and the allow list.
    public func canSend(_ inbox: InboxID, at time: Milliseconds) -> Bool {
        guard !isDeleted, let record = roster[inbox], record.state == .active, record.role > .observer,
              !record.blockedForAll else { return false }
        if let until = record.mutedUntil, until > time { return false }
        if muteAll && record.role < .admin && !allowList.contains(inbox) { return false }
        return true
    }
}

extension GroupState {
    /// The members who blocked the group for themselves, in join order: for admins, who see who
    /// no longer receives the group (SPEC section 9).
    public func groupBlockers() -> [InboxID] {
        allMembers.filter(\.blocksGroup).map(\.inbox)
    }

    /// The inboxes waiting for an admin to approve their join, in the order they asked.
    public func pendingJoinRequests() -> [InboxID] {
        allMembers.filter { $0.state == .pendingApproval }.map(\.inbox)
    }

    /// The inboxes invited and not yet answering, in the order they were invited.
    public func openInvitations() -> [InboxID] {
        allMembers.filter { $0.state == .invited }.map(\.inbox)
    }

    /// The members muted past `time`, with when each mute ends, in join order.
    public func mutes(at time: Milliseconds) -> [(inbox: InboxID, until: Milliseconds)] {
        allMembers.compactMap { member in member.mutedUntil.flatMap { $0 > time ? (member.inbox, $0) : nil } }
    }
}
