extension GroupState {
    /// The refusals `requestRemoval` and `leave` share, in SPEC section 8's order.
    private func checkCanLeave(_ context: ChangeContext, _ draft: CommitDraft, request: Bool) throws(Rejection) {
        if let trace = context.trace { return try traceLeaving(trace, context, draft, request: request) }
        try leavingRefusal(context, draft, request: request)
    }

    /// The first of SPEC section 8's refusals that applies, if any.
    func leavingRefusal(_ context: ChangeContext, _ draft: CommitDraft, request: Bool) throws(Rejection) {
        let inbox = context.actor
        let current = try actorRecord(context, in: draft)
        // The actor passed step 2 on the state before the commit; an earlier change of the same
        // commit may have made it a former member since (SPEC section 8).
        if !current.isCurrent { throw .notAMember(inbox) }
        if draft.headcount <= 1 { throw .onlyMemberCannotLeave }
        if kind == .dm { throw .dmCannotLeave }
        if current.role == .superAdmin { throw .superAdminCannotLeave }
        let wanted: LeaveRule = request ? .request : .direct
        if settings.leaveRule != wanted { throw .wrongLeaveRule(settings.leaveRule) }
        if request && current.state == .pendingRemoval { throw .alreadyPendingRemoval }
    }

    /// `requestRemoval`: the actor asks a super admin to remove it.
    func checkRequestRemoval(_ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try checkCanLeave(context, draft, request: true)
        let previous = try actorRecord(context, in: draft)
        var updated = previous
        updated.state = .pendingRemoval
        draft.put(updated, replacing: previous)
        draft.events.append(.removalRequested(context.actor))
    }

    /// `leave`: the actor becomes a former member at once.
    func checkLeave(_ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try checkCanLeave(context, draft, request: false)
        let previous = try actorRecord(context, in: draft)
        draft.put(previous.departed(.left, at: context.time), replacing: previous)
        draft.events.append(.memberLeft(context.actor))
    }
}
