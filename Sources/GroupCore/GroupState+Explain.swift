extension GroupState {
    /// The full reasoning for `commit` judged against this state, which is left as it is. The
    /// reducer judges the commit exactly as `apply(_:)` would, recording its checks as it goes.
    public func explain(_ commit: Commit) -> CommitExplanation {
        let trace = AuthorityTrace()
        let outcome: CommitResult
        do {
            var draft = CommitDraft(over: self, recordingEvents: true)
            try validate(commit, trace: trace, into: &draft)
            outcome = .applied(events: draft.events.events)
        } catch {
            outcome = .rejected(error)
        }
        let signature = SignatureCheck(commit, actorKeys: signingKeys(for: commit), required: requiresSignatures, outcome: outcome)
        var failing: (index: Int, reason: Rejection)?
        if case let .rejected(rejection) = outcome {
            guard let index = rejection.changeIndex else {
                return CommitExplanation(commit: commit, actor: facts(of: commit.actor), changes: [], outcome: outcome, signature: signature)
            }
            failing = (index, rejection.reason)
        }
        let changes = commit.changes.enumerated().map { index, change in
            let result: ChangeExplanation.Result = switch failing {
            case let failing? where index == failing.index: .rejected(failing.reason)
            case let failing? where index > failing.index: .notJudged
            default: .passed
            }
            return ChangeExplanation(
                index: index, change: change, inboxes: inboxes(namedBy: change).map { facts(of: $0) },
                checks: index < trace.checks.count ? trace.checks[index] : [], result: result)
        }
        return CommitExplanation(commit: commit, actor: facts(of: commit.actor), changes: changes, outcome: outcome, signature: signature)
    }

    /// The inboxes a change names (`Change.namedInboxes`), or, for a write to a user field's
    /// entry, the inbox that keys it: which entries are user fields' is this state's registry's to say.
    public func inboxes(namedBy change: Change) -> [InboxID] {
        guard case let .updateMetadataField(reference, .mapDelta(_, .string(key), _)) = change,
              registry.descriptor(for: reference)?.isUserField == true, let inbox = try? InboxID(key) else {
            return change.namedInboxes
        }
        return [inbox]
    }

    /// The reasoning for commit 0 of a log with no group yet: whether its `create` creates one.
    static func explainCreation(_ commit: Commit, defaultMemberLimit: Int) -> CommitExplanation {
        let actor = InboxFacts(commit.actor, record: nil)
        let outcome: CommitResult
        do {
            let created = try created(by: commit, defaultMemberLimit: defaultMemberLimit)
            outcome = .applied(events: Replica.creationEvents(of: created, by: commit.actor))
        } catch {
            outcome = .rejected(error)
        }
        var required = false
        if case let .create(request)? = commit.changes.first { required = request.requireSignatures }
        let signature = SignatureCheck(commit, actorKeys: signingKeys(ofCreation: commit), required: required, outcome: outcome)
        var result = ChangeExplanation.Result.passed
        if case let .rejected(rejection) = outcome {
            // created(by:) refuses a commit 0 that is not one create as a whole, and one whose
            // signature a create requiring signatures does not accept.
            guard rejection.changeIndex != nil else {
                return CommitExplanation(commit: commit, actor: actor, changes: [], outcome: outcome, signature: signature)
            }
            result = .rejected(rejection.reason)
        }
        let change = commit.changes[0]
        var creatorRole = Role.superAdmin
        if case let .create(request) = change, request.kind == .dm { creatorRole = .member }
        let check = AuthorityCheck(
            rule: .create, actor: actor, passed: true,
            reason: "anyone may create a conversation; \(commit.actor) becomes its first member, as \(creatorRole)")
        let named = change.namedInboxes.map { InboxFacts($0, record: nil) }
        return CommitExplanation(
            commit: commit, actor: actor,
            changes: [ChangeExplanation(index: 0, change: change, inboxes: named, checks: [check], result: result)],
            outcome: outcome, signature: signature)
    }
}
