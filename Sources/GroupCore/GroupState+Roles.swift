extension GroupState {
    /// The subject of a role change: a current member that is active or pending removal.
    private func roleSubject(_ inbox: InboxID, _ draft: CommitDraft) throws(Rejection) -> MemberRecord {
        guard let subject = record(of: inbox, in: draft), subject.isCurrent else { throw .memberNotFound(inbox) }
        guard subject.state == .active || subject.state == .pendingRemoval else {
            throw .notActive(inbox, state: subject.state.name)
        }
        return subject
    }

    /// Gives `subject` a new role; promotion to super admin cancels a removal request (SPEC section 8).
    private func grant(_ role: Role, to subject: MemberRecord, _ draft: inout CommitDraft, event: DomainEvent? = nil) {
        if let event { draft.events.append(event) } else if role != subject.role {
            draft.events.append(.roleChanged(subject.inbox, from: subject.role, to: role))
        }
        var updated = subject
        updated.role = role
        if role == .superAdmin && updated.state == .pendingRemoval { updated.state = .active }
        draft.put(updated, replacing: subject)
    }

    /// `addAdmin` (SPEC section 7).
    func checkAddAdmin(_ inbox: InboxID, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.addAdmin, context, subject: inbox)
        let subject = try roleSubject(inbox, draft)
        if subject.role >= .admin { throw .alreadyHasRole(inbox, role: subject.role) }
        grant(.admin, to: subject, &draft, event: .adminAdded(inbox))
    }

    /// `removeAdmin` (SPEC section 7).
    func checkRemoveAdmin(_ inbox: InboxID, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.removeAdmin, context, subject: inbox)
        let subject = try roleSubject(inbox, draft)
        if subject.role != .admin { throw .notAnAdmin(inbox) }
        grant(.member, to: subject, &draft, event: .adminRemoved(inbox))
    }

    /// `addSuperAdmin` (SPEC section 7).
    func checkAddSuperAdmin(_ inbox: InboxID, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try requireSuperAdmin(context)
        let subject = try roleSubject(inbox, draft)
        if subject.role == .superAdmin { throw .alreadyHasRole(inbox, role: .superAdmin) }
        grant(.superAdmin, to: subject, &draft, event: .superAdminAdded(inbox))
    }

    /// `removeSuperAdmin` (SPEC section 7).
    func checkRemoveSuperAdmin(_ inbox: InboxID, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try requireSuperAdmin(context)
        let subject = try roleSubject(inbox, draft)
        if subject.role != .superAdmin { throw .notASuperAdmin(inbox) }
        if draft.superAdminCount <= 1 { throw .lastSuperAdmin(inbox) }
        grant(.member, to: subject, &draft, event: .superAdminRemoved(inbox))
    }

    /// `setRole` to observer, member or moderator, with SimpleX's seniority (SPEC sections 7 and 9).
    func checkSetRole(_ inboxes: [InboxID], to role: Role, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try authorize(.setRole, context, subjects: inboxes)
        if role > .moderator { throw .invalidRole(role) }
        try refuseDuplicates(inboxes)
        let actorRole = context.actorRole
        for inbox in inboxes {
            let subject = try roleSubject(inbox, draft)
            let senior = subject.role < actorRole && subject.role < .admin && role <= actorRole
            if let trace = context.trace { traceSeniority(trace, over: subject, newRole: role, context, passed: senior) }
            guard senior else {
                let rule = PermissionDenial.Rule.seniority(subject: inbox, subjectRole: subject.role, newRole: role)
                throw .permissionDenied(PermissionDenial(actor: context.actor, actorRole: actorRole, rule: rule))
            }
            grant(role, to: subject, &draft)
        }
    }

    /// `transferOwnership`: the subject becomes super admin and the actor a member, in one change.
    func checkTransferOwnership(to inbox: InboxID, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try requireSuperAdmin(context)
        if inbox == context.actor { throw .alreadyHasRole(inbox, role: .superAdmin) }
        let subject = try roleSubject(inbox, draft)
        if subject.role == .superAdmin { throw .alreadyHasRole(inbox, role: .superAdmin) }
        draft.events.append(.ownershipTransferred(from: context.actor, to: inbox))
        grant(.superAdmin, to: subject, &draft, event: .superAdminAdded(inbox))
        if let actor = record(of: context.actor, in: draft), actor.isCurrent {
            grant(.member, to: actor, &draft)
        }
    }

    /// `updatePermission` (SPEC section 5): super admin only, whatever the policies say.
    func checkUpdatePermission(_ slot: PolicySlot, _ policy: Policy, _ context: ChangeContext, _ draft: inout CommitDraft) throws(Rejection) {
        try requireSuperAdmin(context)
        try Self.validatePolicy(policy, for: slot)
        // Written in place in the draft, as the metadata is.
        if case nil = draft.changedPolicies { draft.changedPolicies = policies }
        draft.changedPolicies![slot] = policy
        draft.events.append(.policyChanged(slot, policy))
    }

    /// Why no slot or field may hold `policy` (nested too deep, or an empty combinator); nil when
    /// its shape is sound.
    static func shapeProblem(of policy: Policy) -> String? {
        if policy.depth > Policy.maximumDepth {
            return "combinators nest \(policy.depth) deep, over the limit of \(Policy.maximumDepth)"
        }
        if policy.containsEmptyCombinator { return "an any or all combinator needs at least one policy" }
        return nil
    }

    /// Refuses a policy no slot may hold, or one `slot` may not hold (`invalidPolicy`).
    static func validatePolicy(_ policy: Policy, for slot: PolicySlot) throws(Rejection) {
        if let problem = shapeProblem(of: policy) { throw .invalidPolicy(slot: slot, reason: problem) }
        if slot.forbidsAllowAll && policy.containsAllowAll {
            throw .invalidPolicy(slot: slot, reason: "\(slot) can never be allowAll, not even inside a combinator")
        }
        if policy.containsAuthor {
            throw .invalidPolicy(slot: slot, reason: "author applies to field entries only, not to a group slot")
        }
    }
}
