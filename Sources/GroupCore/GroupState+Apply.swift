extension GroupState {
    /// Applies `commit` whole, or throws the first failing change's rejection and changes nothing.
    ///
    /// Authority comes from the state before the commit; subjects from the state as the commit's
    /// earlier changes left it (SPEC section 4).
    /// - Returns: the commit's domain events, in a stable order.
    @discardableResult
    public mutating func apply(_ commit: Commit) throws(CommitRejection) -> [DomainEvent] {
        try apply(commit, recordingEvents: true)
    }

    /// ``apply(_:)``, returning no events when `recordingEvents` is false.
    /// - Parameter actorHash: the actor's ``PlaceIndex/hash(of:)`` when a `RosterLookAhead`
    ///   computed it already.
    @discardableResult
    mutating func apply(_ commit: Commit, recordingEvents: Bool, actorHash: UInt64? = nil) throws(CommitRejection) -> [DomainEvent] {
        // The draft lives here and is handed down by reference: returned by value, its 336 bytes
        // were copied out of `validate` and again into `merge` (issue 18).
        var draft = CommitDraft(over: self, recordingEvents: recordingEvents)
        try validate(commit, actorHash: actorHash, into: &draft)
        let events = draft.events.events
        merge(&draft, from: commit)
        return events
    }

    /// The state after `commit`, leaving this one as it is.
    public func applying(_ commit: Commit) throws(CommitRejection) -> GroupState {
        var next = self
        try next.apply(commit)
        return next
    }

    /// Judges every change of `commit` against this state, without changing it, writing what
    /// the changes would do into `draft`, a fresh draft over this state.
    /// - Parameters:
    ///   - trace: records every authority check, when a commit is being explained.
    ///   - actorHash: the actor's ``PlaceIndex/hash(of:)``, when the caller has it already.
    func validate(_ commit: Commit, trace: AuthorityTrace? = nil, actorHash: UInt64? = nil, into draft: inout CommitDraft) throws(CommitRejection) {
        if isDeleted { throw CommitRejection(changeIndex: nil, reason: .groupDeleted) }
        if commit.sequence == 0 || commit.changes.contains(where: { if case .create = $0 { true } else { false } }) {
            throw CommitRejection(changeIndex: nil, reason: .invalidCommit(reason: "create is allowed only as the one change of commit 0"))
        }
        if commit.changes.isEmpty {
            throw CommitRejection(changeIndex: nil, reason: .invalidCommit(reason: "a commit needs at least one change"))
        }
        if commit.time < lastAppliedTime {
            throw CommitRejection(changeIndex: nil, reason: .timeWentBackwards(time: commit.time, lastApplied: lastAppliedTime))
        }
        // Signatures are judged after the whole-commit checks and before the changes, on the
        // state before the commit (SPEC section 14).
        if settings.requireSignatures, let rejection = signatureStanding(of: commit).requirement(for: commit.actor) {
            throw CommitRejection(changeIndex: nil, reason: rejection)
        }
        // Authority comes from the state before the commit, so the actor's standing is the same
        // for every change: looked up once, not once a change (issue 18).
        let standing = roster.roleAndState(of: commit.actor, hash: actorHash)
        // By index, so that each change is read in place rather than copied out of the array.
        for index in commit.changes.indices {
            trace?.beginChange()
            do {
                try check(commit.changes[index], by: commit.actor, standing: standing, at: commit.time, into: &draft, trace: trace)
            } catch {
                throw CommitRejection(changeIndex: index, reason: error)
            }
        }
    }

    /// Writes a validated draft into the state, moving its records, policies and metadata in
    /// rather than copying them (issue 18); the draft is left spent.
    mutating func merge(_ draft: inout CommitDraft, from commit: Commit) {
        // Members that take a new place in the join order must be placed in ordinal order.
        draft.drainRecords { roster.put($0) }
        if let changed = draft.changedPolicies.take() { policies = changed }
        if let changed = draft.changedMetadata.take() { metadata = changed }
        if let fields = draft.fieldParts { mergeFields(fields) }
        if draft.changesLifecycle { mergeLifecycle(draft) }
        lastAppliedTime = commit.time
        lastAppliedSequence = commit.sequence
    }

    /// Judges one change in SPEC section 4's order and, when it passes, records its effect in
    /// the draft.
    /// - Parameter standing: the actor's role and state before the commit; nil for a non-member.
    private func check(
        _ change: Change, by actor: InboxID, standing: (role: Role, state: MemberState)?, at time: Milliseconds,
        into draft: inout CommitDraft, trace: AuthorityTrace?
    ) throws(Rejection) {
        if draft.isDeleted { throw .groupDeleted }
        if kind == .dm && change.isForbiddenInDM { throw .dmForbidden(op: change.op) }
        // Joining and answering an invitation are for non-members and invitees: after the actor
        // check, their own rules judge them, not a role (SPEC section 4).
        switch change {
        case let .join(link, keys):
            try refuseStateForbidding(change, by: actor, trace: trace)
            return try checkJoin(actor, link: link, keys: keys, at: time, &draft, trace: trace)
        case let .acceptInvitation(keys):
            try refuseStateForbidding(change, by: actor, trace: trace)
            return try checkAnswerInvitation(actor, accept: true, keys: keys, at: time, &draft, trace: trace)
        case .declineInvitation:
            try refuseStateForbidding(change, by: actor, trace: trace)
            return try checkAnswerInvitation(actor, accept: false, keys: [], at: time, &draft, trace: trace)
        default: break
        }
        let (actorRole, actorState) = try judgeStanding(standing, of: actor, for: change, trace: trace)
        let context = ChangeContext(actor: actor, actorRole: actorRole, actorState: actorState, time: time, trace: trace)
        switch change {
        case .create:
            // validate(_:) refuses create after commit 0 before it reaches a change.
            throw .invalidCommit(reason: "create is allowed only as the one change of commit 0")
        case let .addMembers(inboxes, identities, keys):
            try checkAddMembers(inboxes: inboxes, identities: identities, keys: keys, context, &draft)
        case let .removeMembers(inboxes, identities, withMessages):
            try checkRemoveMembers(inboxes: inboxes, identities: identities, withMessages: withMessages, context, &draft)
        case let .addAdmin(inbox):
            try checkAddAdmin(inbox, context, &draft)
        case let .removeAdmin(inbox):
            try checkRemoveAdmin(inbox, context, &draft)
        case let .addSuperAdmin(inbox):
            try checkAddSuperAdmin(inbox, context, &draft)
        case let .removeSuperAdmin(inbox):
            try checkRemoveSuperAdmin(inbox, context, &draft)
        case let .setRole(inboxes, role):
            try checkSetRole(inboxes, to: role, context, &draft)
        case let .transferOwnership(inbox):
            try checkTransferOwnership(to: inbox, context, &draft)
        case let .updatePermission(slot, policy):
            try checkUpdatePermission(slot, policy, context, &draft)
        case .requestRemoval:
            try checkRequestRemoval(context, &draft)
        case .leave:
            try checkLeave(context, &draft)
        case let .updateName(text):
            try checkUpdateText(.name, to: text, context, &draft)
        case let .updateDescription(text):
            try checkUpdateText(.description, to: text, context, &draft)
        case let .updateImageURL(text):
            try checkUpdateText(.imageURL, to: text, context, &draft)
        case let .updateAppData(data, expected):
            try checkUpdateAppData(data, expected: expected, context, &draft)
        case let .updateDisappearingMessages(setting):
            try checkUpdateDisappearingMessages(setting, context, &draft)
        case let .registerFields(registrations):
            try checkRegisterFields(registrations, context, &draft)
        case let .updateFieldPolicy(field, operation, policy):
            try checkUpdateFieldPolicy(field, operation, policy, context, &draft)
        case let .updateMetadataField(field, mutation):
            try checkUpdateMetadataField(field, mutation, context, &draft)
        case let .updateUserData(updates):
            try checkUpdateUserData(updates, context, &draft)
        case .join, .acceptInvitation, .declineInvitation:
            // Judged above, before the actor check.
            break
        case let .approveJoin(inbox, role):
            try checkApproveJoin(inbox, role: role, context, &draft)
        case let .rejectJoin(inbox):
            try checkRejectJoin(inbox, context, &draft)
        case let .createLink(link, role):
            try checkCreateLink(link, role: role, context, &draft)
        case let .updateLinkRole(link, role):
            try checkUpdateLinkRole(link, role: role, context, &draft)
        case let .deleteLink(link):
            try checkDeleteLink(link, context, &draft)
        case let .blockForAll(inboxes, blocked):
            try checkBlockForAll(inboxes, blocked: blocked, context, &draft)
        case let .mute(inboxes, until):
            try checkMute(inboxes, until: until, context, &draft)
        case let .unmute(inboxes):
            try checkMute(inboxes, until: nil, context, &draft)
        case let .muteAll(on):
            try checkMuteAll(on, context, &draft)
        case let .allowListAdd(inboxes):
            try checkAllowList(inboxes, add: true, context, &draft)
        case let .allowListRemove(inboxes):
            try checkAllowList(inboxes, add: false, context, &draft)
        case let .ban(inboxes):
            try checkBan(inboxes, context, &draft)
        case let .unban(inboxes):
            try checkUnban(inboxes, context, &draft)
        case let .blockGroup(on):
            if let trace { traceOwnChoice(trace, context) }
            try checkBlockGroup(on, context, &draft)
        case .deleteGroup:
            try requireSuperAdmin(context)
            draft.isDeleted = true
            draft.events.append(.groupDeleted)
        case let .updateKeys(add, remove):
            try checkUpdateKeys(add: add, remove: remove, context, &draft)
        }
    }

    /// Step 2 for `join`, `acceptInvitation` and `declineInvitation`: a current member whose state
    /// does not allow the change gets `notActive` (SPEC section 3): an invitee may answer its
    /// invitation but not join; nothing else but an active member may do either. Non-members and
    /// active members pass, for the change's own rules to judge.
    private func refuseStateForbidding(_ change: Change, by actor: InboxID, trace: AuthorityTrace?) throws(Rejection) {
        guard let record = roster[actor], record.isCurrent else { return }
        let joining = if case .join = change { true } else { false }
        switch record.state {
        case .active: return
        case .invited where !joining: return
        default:
            if let trace { traceActing(trace, actor, change: change, passed: false) }
            throw .notActive(actor, state: record.state.name)
        }
    }

    /// Step 2 of the order of checks: the actor's role and state, as the state before the commit
    /// knows them (`standing`), must allow the change.
    private func judgeStanding(
        _ standing: (role: Role, state: MemberState)?, of actor: InboxID, for change: Change, trace: AuthorityTrace?
    ) throws(Rejection) -> (role: Role, state: MemberState) {
        guard let (role, state) = standing, state.isCurrent else {
            if let trace { traceActing(trace, actor, change: change, passed: false) }
            throw .notAMember(actor)
        }
        switch state {
        case .active:
            if let trace { traceActing(trace, actor, change: change, passed: true) }
            return (role, state)
        case .pendingRemoval where change == .requestRemoval:
            // Section 8 answers a repeated request with alreadyPendingRemoval.
            if let trace { traceActing(trace, actor, change: change, passed: true) }
            return (role, state)
        case .pendingRemoval where writesOnlyOwnUserFields(change, actor: actor):
            // A member waiting to be removed may still write its own user fields (SPEC section 3).
            if let trace { traceActing(trace, actor, change: change, passed: true) }
            return (role, state)
        default:
            if let trace { traceActing(trace, actor, change: change, passed: false) }
            throw .notActive(actor, state: state.name)
        }
    }
}

/// The facts every rule needs about the change being judged.
///
/// The actor's role and state sit beside its inbox rather than in a struct of their own: read
/// through a nested struct that holds a string, each `context.actor.role` copied that struct
/// and retained and released the inbox, several times a change (issue 18). A trivial field is
/// read in place.
struct ChangeContext {
    /// The commit's actor.
    let actor: InboxID
    /// The role the actor's record held before the commit.
    let actorRole: Role
    /// The state the actor's record held before the commit: current, since it passed step 2.
    let actorState: MemberState
    let time: Milliseconds
    /// Where authority checks are recorded while a commit is explained; nil otherwise.
    let trace: AuthorityTrace?
}
