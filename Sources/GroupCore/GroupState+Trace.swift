/// The recording side of the authority checks, used only while a commit is explained
/// (`GroupState+Explain.swift`).
///
/// Each check calls one of these when its `ChangeContext` carries a trace, after judging exactly
/// as it always does; they are kept out of line so that the checks on the ordinary path stay as
/// small as they were, at the cost of one nil test each.
extension GroupState {
    /// What the state before the commit knew of `inbox`.
    func facts(of inbox: InboxID) -> InboxFacts {
        InboxFacts(inbox, record: roster[inbox])
    }

    /// Step 2's check of the actor.
    @inline(never)
    func traceActing(_ trace: AuthorityTrace, _ actor: InboxID, change: Change, passed: Bool) {
        let facts = facts(of: actor)
        let reason = switch facts.state {
        case nil, .former?: "\(actor) is not a current member"
        case .active?: "\(actor) is a current member and active"
        case .pendingRemoval? where passed && change == .requestRemoval: "\(actor) is pendingRemoval, which may still request removal"
        case .pendingRemoval? where passed: "\(actor) is pendingRemoval, which may still write its own user fields"
        case let state?: "\(actor) is \(state.name), not active"
        }
        trace.record(AuthorityCheck(rule: .actingMember, actor: facts, passed: passed, reason: reason))
    }

    /// A slot or field policy, with its evaluation on the facts before the commit. The reducer
    /// skips looking up the subject's membership when no `formerMember` can read it; the
    /// explanation looks it up always, which changes no verdict.
    @inline(never)
    func tracePolicy(
        _ trace: AuthorityTrace, _ rule: AuthorityCheck.Rule, _ policy: Policy, _ context: ChangeContext,
        subject: InboxID?, entryAuthor: InboxID?, permitted: Bool
    ) {
        let facts = PolicyContext(
            actor: context.actor, actorRole: context.actorRole, actorIsActive: context.actorState == .active,
            subject: subject, subjectIsCurrentMember: subject.flatMap { roster[$0]?.isCurrent } ?? false,
            entryAuthor: entryAuthor)
        let evaluation = policy.evaluate(facts)
        assert(evaluation.passed == permitted, "the evaluation of \(policy) disagrees with permits")
        trace.record(AuthorityCheck(
            rule: rule, actor: self.facts(of: context.actor), subject: subject.map { self.facts(of: $0) },
            entryAuthor: entryAuthor, evaluation: evaluation, passed: permitted,
            reason: "\(policy) \(permitted ? "passes" : "fails"): \(evaluation.reason)"))
    }

    /// Step 3 of `updateFieldPolicy`: whether the state before the commit registers the field,
    /// and the policy the change would replace.
    @inline(never)
    func traceFieldRegistered(
        _ trace: AuthorityTrace, _ reference: FieldReference, _ operation: FieldOperation,
        _ registered: FieldDescriptor?, _ context: ChangeContext, _ draft: CommitDraft
    ) {
        let reason: String
        if let registered {
            reason = "\(registered.label) (\(registered.id.hex), \(registered.type)) is registered; "
                + "its \(operation.rawValue) policy before this commit is \(registered.policy(for: operation))"
        } else if draft.fields.registered.values.contains(where: { descriptor in
            switch reference {
            case let .id(id): descriptor.id == id
            case let .name(name): descriptor.name == name
            }
        }) {
            reason = "\(reference) is registered by this commit, and counts as registered from the next commit on"
        } else {
            reason = "no field \(reference) is registered before this commit"
        }
        trace.record(AuthorityCheck(
            rule: .fieldRegistered(field: registered?.label ?? reference.description, operation: operation),
            actor: facts(of: context.actor), passed: registered != nil, reason: reason))
    }

    /// A power of super admins alone.
    @inline(never)
    func traceSuperAdmin(_ trace: AuthorityTrace, _ context: ChangeContext, permitted: Bool) {
        let actor = context.actor
        trace.record(AuthorityCheck(
            rule: .superAdminOnly, actor: facts(of: actor), passed: permitted,
            reason: "\(actor) is \(context.actorRole), and only a super admin may do this"))
    }

    /// The observer rule: refused (`ownEntryOf` nil), or passed for the observer's own entry of
    /// a user field.
    @inline(never)
    func traceObserver(_ trace: AuthorityTrace, _ context: ChangeContext, ownEntryOf field: String?) {
        let actor = context.actor
        let reason = field.map { "\(actor) is an observer writing its own entry of \($0), which observers may" }
            ?? "\(actor) is an observer, which is read-only"
        trace.record(AuthorityCheck(
            rule: .observerReadOnly, actor: facts(of: actor), subject: field == nil ? nil : facts(of: actor),
            passed: field != nil, reason: reason))
    }

    /// The seniority of a role change (`newRole` given) or of moderation (nil). The subject's
    /// role is the one the commit's earlier changes left, as the rule judges it.
    @inline(never)
    func traceSeniority(_ trace: AuthorityTrace, over subject: MemberRecord, newRole: Role?, _ context: ChangeContext, passed: Bool) {
        let actor = context.actor
        let actorRole = context.actorRole
        let reason: String
        if subject.role >= actorRole {
            reason = "\(subject.inbox) is \(subject.role), not below \(actor)'s \(actorRole)"
        } else if let newRole, subject.role >= .admin {
            reason = "\(subject.inbox) is \(subject.role), and setRole reaches only roles below admin (to \(newRole))"
        } else if let newRole, newRole > actorRole {
            reason = "the new role \(newRole) is above \(actor)'s \(actorRole)"
        } else if let newRole {
            reason = "\(subject.inbox) is \(subject.role), below \(actor)'s \(actorRole) and below admin, "
                + "and the new role \(newRole) is at most \(actorRole)"
        } else {
            reason = "\(subject.inbox) is \(subject.role), below \(actor)'s \(actorRole)"
        }
        trace.record(AuthorityCheck(
            rule: .seniority(subject: subject.inbox, subjectRole: subject.role, newRole: newRole),
            // The subject as the commit's earlier changes left it: the record seniority judged.
            actor: facts(of: actor), subject: InboxFacts(subject.inbox, record: subject), passed: passed, reason: reason))
    }

    /// A super admin completing a removal request, which no policy judges.
    @inline(never)
    func traceCompletedRequest(_ trace: AuthorityTrace, of subject: InboxID, _ context: ChangeContext) {
        trace.record(AuthorityCheck(
            rule: .completesRemovalRequest(subject: subject), actor: facts(of: context.actor),
            subject: facts(of: subject), passed: true,
            reason: "\(subject) asked to be removed, and a super admin completes that request whatever the removeMember policy says"))
    }

    /// A DM's metadata, which no policy judges.
    @inline(never)
    func traceDMMetadata(_ trace: AuthorityTrace, _ slot: PolicySlot, _ context: ChangeContext) {
        trace.record(AuthorityCheck(
            rule: .dmMetadata(slot), actor: facts(of: context.actor), passed: true,
            reason: "a DM's participants change its metadata with no policy"))
    }

    /// `blockGroup` and `updateKeys`, which need no authority beyond membership.
    @inline(never)
    func traceOwnChoice(
        _ trace: AuthorityTrace, _ context: ChangeContext,
        reason: String = "a member blocks the group for itself, observers included, with no policy"
    ) {
        trace.record(AuthorityCheck(rule: .ownChoice, actor: facts(of: context.actor), passed: true, reason: reason))
    }

    /// The leave rules of SPEC section 8, judged as `leavingRefusal` judges them, and recorded.
    @inline(never)
    func traceLeaving(_ trace: AuthorityTrace, _ context: ChangeContext, _ draft: CommitDraft, request: Bool) throws(Rejection) {
        let actor = facts(of: context.actor)
        do {
            try leavingRefusal(context, draft, request: request)
        } catch {
            trace.record(AuthorityCheck(rule: .leaving(request: request), actor: actor, passed: false, reason: error.detail))
            throw error
        }
        let current = try actorRecord(context, in: draft)
        trace.record(AuthorityCheck(
            rule: .leaving(request: request), actor: actor, passed: true,
            reason: "the leave rule is \(settings.leaveRule.rawValue), and \(context.actor) "
                + "(\(current.role), \(current.state.name)) may \(request ? "request removal" : "leave") by it; no policy applies"))
    }

    /// Answering an invitation: only the invitee may.
    @inline(never)
    func traceInvitation(_ trace: AuthorityTrace, _ actor: InboxID, _ invited: MemberRecord?, accept: Bool) {
        let passed = invited?.state == .invited
        let reason = passed
            ? "\(actor) has an open invitation: only the invitee answers it, with no policy"
            : "\(actor) is \(InboxFacts(actor, record: invited).standing), with no open invitation"
        trace.record(AuthorityCheck(rule: .invitation(accept: accept), actor: facts(of: actor), passed: passed, reason: reason))
    }

    /// `join`, judged by membership, bans, the link or the join rule.
    @inline(never)
    func traceJoin(_ trace: AuthorityTrace, _ actor: InboxID, link: String?, passed: Bool, _ reason: String) {
        trace.record(AuthorityCheck(rule: .join(link: link), actor: facts(of: actor), passed: passed, reason: reason))
    }
}
