/// Invitations, joins, approvals and links (SPEC section 9).
extension GroupState {
    /// Whether `inbox` is banned as the commit's earlier changes left the ban list.
    func isBanned(_ inbox: InboxID, in draft: CommitDraft) -> Bool {
        draft.bans[inbox] ?? bans.contains(inbox)
    }

    /// The role a link gives, as the commit's earlier changes left the links; nil when absent.
    func linkRole(_ link: String, in draft: CommitDraft) -> Role? {
        if let changed = draft.links[link] { return changed }
        return links[link]
    }

    /// `acceptInvitation` / `declineInvitation`: only an invitee, for its open invitation. The
    /// keys an acceptance records replace those its invitation recorded: they are the
    /// directory's when the invitee accepted (SPEC section 14).
    func checkAnswerInvitation(
        _ actor: InboxID, accept: Bool, keys: [PublicKey], at time: Milliseconds, _ draft: inout CommitDraft, trace: AuthorityTrace?
    ) throws(Rejection) {
        let invited = record(of: actor, in: draft)
        if let trace { traceInvitation(trace, actor, invited, accept: accept) }
        guard let record = invited, record.state == .invited else { throw .notInvited(actor) }
        if accept {
            try checkRecordedKeys(keys, for: actor, draft)
            var joined = record
            joined.state = .active
            joined.joinedAt = time
            joined.keys = keys
            draft.put(joined, replacing: record)
            draft.events.append(.invitationAccepted(actor))
        } else {
            draft.put(record.departed(.left, at: time), replacing: record)
            draft.events.append(.invitationDeclined(actor))
        }
    }

    /// `join`: a non-member joins through a link (its role; the admission setting decides
    /// whether at once) or by the join rule (open: at once; approval: pending; inviteOnly: no),
    /// with the signing keys the join records.
    func checkJoin(
        _ actor: InboxID, link: String?, keys: [PublicKey], at time: Milliseconds, _ draft: inout CommitDraft, trace: AuthorityTrace?
    ) throws(Rejection) {
        func refuse(_ rejection: Rejection) -> Rejection {
            if let trace { traceJoin(trace, actor, link: link, passed: false, rejection.detail) }
            return rejection
        }
        let previous = record(of: actor, in: draft)
        if previous?.isCurrent == true { throw refuse(.alreadyMember(actor)) }
        if isBanned(actor, in: draft) { throw refuse(.banned(actor)) }
        let role: Role
        let immediate: Bool
        if let link {
            guard let linked = linkRole(link, in: draft) else { throw refuse(.linkNotFound(link)) }
            role = linked
            immediate = settings.admission == .auto
        } else {
            switch settings.joinRule {
            case .inviteOnly: throw refuse(.joinNotAllowed(.inviteOnly))
            case .open: immediate = true
            case .approval: immediate = false
            }
            role = .member
        }
        if let trace {
            let route = link.map { "link \($0) gives \(role), and admission is \(settings.admission.rawValue)" }
                ?? "the join rule is \(settings.joinRule.rawValue)"
            let reason = "\(actor) is not a current member nor banned; \(route): "
                + (immediate ? "it joins at once" : "it waits for approval") + "; no policy applies"
            traceJoin(trace, actor, link: link, passed: true, reason)
        }
        // The keys are the joiner's own subject check, after the join rules and before the limit.
        try checkRecordedKeys(keys, for: actor, draft)
        if draft.headcount >= settings.memberLimit { throw .memberLimitExceeded(limit: settings.memberLimit) }
        let joined = MemberRecord(
            inbox: actor, role: role, state: immediate ? .active : .pendingApproval,
            joinedAt: immediate ? time : nil, addedBy: nil, ordinal: draft.takeOrdinal(), keys: keys)
        draft.put(joined, replacing: previous)
        draft.events.append(immediate ? .memberJoined(actor, link: link) : .joinRequested(actor, link: link))
    }

    /// `approveJoin`: admits a pending request, with the role asked for unless one is given.
    func checkApproveJoin(_ inbox: InboxID, role: Role?, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.approveJoins, context, subject: inbox)
        if let role, role > .moderator { throw .invalidRole(role) }
        guard let pending = record(of: inbox, in: draft), pending.state == .pendingApproval else { throw .joinRequestNotFound(inbox) }
        var admitted = pending
        admitted.state = .active
        admitted.role = role ?? pending.role
        admitted.joinedAt = context.time
        draft.put(admitted, replacing: pending)
        draft.events.append(.joinApproved(inbox, role: admitted.role))
    }

    /// `rejectJoin`: the request's inbox becomes a former member, recorded as removed.
    func checkRejectJoin(_ inbox: InboxID, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.approveJoins, context, subject: inbox)
        guard let pending = record(of: inbox, in: draft), pending.state == .pendingApproval else { throw .joinRequestNotFound(inbox) }
        draft.put(pending.departed(.removed, at: context.time), replacing: pending)
        draft.events.append(.joinRejected(inbox))
    }

    func checkCreateLink(_ link: String, role: Role, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.manageLinks, context)
        if role > .moderator { throw .invalidRole(role) }
        if linkRole(link, in: draft) != nil { throw .linkExists(link) }
        draft.links[link] = .some(role)
        draft.events.append(.linkCreated(link, role: role))
    }

    func checkUpdateLinkRole(_ link: String, role: Role, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.manageLinks, context)
        if role > .moderator { throw .invalidRole(role) }
        if linkRole(link, in: draft) == nil { throw .linkNotFound(link) }
        draft.links[link] = .some(role)
        draft.events.append(.linkUpdated(link, role: role))
    }

    func checkDeleteLink(_ link: String, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.manageLinks, context)
        if linkRole(link, in: draft) == nil { throw .linkNotFound(link) }
        draft.links[link] = .some(nil)
        draft.events.append(.linkDeleted(link))
    }

    /// Writes the draft's lifecycle changes into the state.
    mutating func mergeLifecycle(_ draft: CommitDraft) {
        if deltaBase != nil { deltaBase!.noteLifecycle(draft) }
        for (inbox, banned) in draft.bans {
            if banned { bans.insert(inbox) } else { bans.remove(inbox) }
        }
        for (link, role) in draft.links { links[link] = role }
        for (inbox, listed) in draft.allowList {
            if listed { allowList.insert(inbox) } else { allowList.remove(inbox) }
        }
        if let on = draft.muteAll { muteAll = on }
        if draft.isDeleted { isDeleted = true }
    }
}
