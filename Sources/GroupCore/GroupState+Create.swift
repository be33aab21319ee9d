extension GroupState {
    /// The state that commit 0 creates, or the reason it creates none.
    ///
    /// - Parameter defaultMemberLimit: the operator's `member_limit`, for a `create` that gives none.
    public static func created(by commit: Commit, defaultMemberLimit: Int = GroupSettings.defaultMemberLimit) throws(CommitRejection) -> GroupState {
        guard commit.sequence == 0, commit.changes.count == 1, case let .create(request) = commit.changes[0] else {
            throw CommitRejection(changeIndex: nil, reason: .invalidCommit(reason: "commit 0 must hold exactly one change, create"))
        }
        // Judged like any commit's signature, after the whole-commit check and before the change,
        // against the keys the create itself records for the creator (SPEC section 14).
        if request.requireSignatures, let rejection = signatureStanding(ofCreation: commit).requirement(for: commit.actor) {
            throw CommitRejection(changeIndex: nil, reason: rejection)
        }
        do {
            return try create(request, by: commit, defaultMemberLimit: defaultMemberLimit)
        } catch {
            throw CommitRejection(changeIndex: 0, reason: error)
        }
    }

    private static func create(_ request: CreateConversation, by commit: Commit, defaultMemberLimit: Int) throws(Rejection) -> GroupState {
        let creator = commit.actor
        // A DM's metadata comes before its member (SPEC section 2); a group's members and
        // policies before its metadata.
        var dmMetadata: GroupMetadata?
        if request.kind == .dm {
            try checkDMArguments(request)
            dmMetadata = try metadata(for: request)
        }
        let members = try resolvedMembers(of: request, creator: creator)
        let policies = try policySet(for: request)
        let metadata = if let dmMetadata { dmMetadata } else { try metadata(for: request) }
        let settings = try settings(for: request, defaultMemberLimit: defaultMemberLimit)
        try checkKeys(of: request, creator: creator, members: members)
        if members.count + 1 > settings.memberLimit { throw .memberLimitExceeded(limit: settings.memberLimit) }

        var state = GroupState(
            groupID: commit.groupID, kind: request.kind, creator: creator, createdAt: commit.time,
            settings: settings, policies: policies, metadata: metadata, sequence: commit.sequence
        )
        var fields = CommitDraft(over: state, recordingEvents: false)
        for descriptor in WellKnownFields.descriptors(for: request.kind, policies: policies) + request.fields {
            guard descriptor.id.isField else { throw .unknownField(descriptor.label) }
            try state.register(descriptor, into: &fields)
        }
        state.mergeFields(fields.fields)
        let creatorRole: Role = request.kind == .group ? .superAdmin : .member
        // The members listed in create are active whatever the settings say (SPEC section 9).
        for (offset, inbox) in ([creator] + members).enumerated() {
            state.roster.put(MemberRecord(
                inbox: inbox, role: offset == 0 ? creatorRole : .member, state: .active,
                joinedAt: commit.time, addedBy: creator, ordinal: UInt64(offset), keys: request.keys[inbox] ?? []
            ))
        }
        return state
    }

    /// The keys `create` records (SPEC section 14): only for the creator and the members, inbox by
    /// inbox in that order, each as `addMembers` judges the keys it records.
    private static func checkKeys(of request: CreateConversation, creator: InboxID, members: [InboxID]) throws(Rejection) {
        let inboxes = [creator] + members
        try refuseStrayKeys(request.keys, recordedFor: inboxes, by: "create")
        // No member holds a key yet: only the keys recorded for earlier inboxes can clash.
        var taken: [PublicKey: InboxID] = [:]
        for inbox in inboxes {
            let keys = request.keys[inbox] ?? []
            try checkRecordedKeys(keys, for: inbox, required: request.requireSignatures) { taken[$0] }
            for key in keys { taken[key] = inbox }
        }
    }

    /// SPEC section 2's first checks of a DM `create`: exactly one member listed, and none of
    /// the group settings given.
    private static func checkDMArguments(_ request: CreateConversation) throws(Rejection) {
        let listed = request.members.count + request.identities.count
        if listed != 1 {
            throw .invalidCommit(reason: "a DM is created with exactly one member besides its creator, not \(listed)")
        }
        if let given = request.givenGroupSettings.first {
            throw .invalidPolicy(slot: nil, reason: "a DM has no policy set and no group settings, but \(given) was given")
        }
    }

    /// Name, description, image URL, app data and disappearing messages, within their limits.
    private static func metadata(for request: CreateConversation) throws(Rejection) -> GroupMetadata {
        var metadata = GroupMetadata()
        for (field, text) in [(MetadataField.name, request.name), (.description, request.description), (.imageURL, request.imageURL), (.appData, request.appData)] {
            let bytes = text.utf8.count
            if bytes > field.limit { throw .tooLong(field: field.rawValue, bytes: bytes, limit: field.limit) }
            metadata[field] = text
        }
        if let setting = request.disappearingMessages {
            if setting.fromNs < 0 || setting.inNs < 0 {
                throw .invalidArgument(reason: "disappearing messages need fromNs and inNs of 0 or more")
            }
            metadata.disappearingMessages = setting
        }
        return metadata
    }

    /// The members besides the creator: the inboxes, then the identities as resolved. An
    /// unclaimed identity is `identityNotFound`; an inbox listed twice, or the creator listed,
    /// `duplicateInbox` in a group and `invalidCommit` in a DM (SPEC sections 2 and 6).
    private static func resolvedMembers(of request: CreateConversation, creator: InboxID) throws(Rejection) -> [InboxID] {
        if let unresolved = request.identities.first(where: { $0.inbox == nil }) {
            throw .identityNotFound(unresolved.identity)
        }
        let members = request.allMembers
        if request.kind == .dm, members.first == creator {
            throw .invalidCommit(reason: "a DM is between two inboxes, but its one member is its creator \(creator)")
        }
        var seen: Set<InboxID> = [creator]
        for inbox in members where !seen.insert(inbox).inserted {
            throw .duplicateInbox(inbox)
        }
        return members
    }

    /// The policy set a group starts with; a DM has none (its `create` may give none).
    private static func policySet(for request: CreateConversation) throws(Rejection) -> PolicySet {
        guard request.kind == .group else { return .allMembers }
        var policies: PolicySet
        switch request.policySet ?? .allMembers {
        case .allMembers: policies = .allMembers
        case .adminOnly: policies = .adminOnly
        case let .custom(slots):
            if let missing = PolicySlot.xmtpSlots.first(where: { slots[$0] == nil }) {
                throw .invalidPolicy(slot: missing, reason: "a custom policy set must give all nine XMTP slots; \(missing) is missing")
            }
            for slot in PolicySlot.allCases {
                if let policy = slots[slot] { try validatePolicy(policy, for: slot) }
            }
            policies = .custom(slots)
        }
        if let addMember = request.style?.addMemberPolicy { policies[.addMember] = addMember }
        return policies
    }

    /// The settings a group starts with: explicit values first, then the style's, then defaults.
    private static func settings(for request: CreateConversation, defaultMemberLimit: Int) throws(Rejection) -> GroupSettings {
        let limit = request.memberLimit ?? defaultMemberLimit
        if limit < 1 { throw .invalidArgument(reason: "memberLimit must be at least 1, not \(limit)") }
        guard request.kind == .group else {
            return GroupSettings(memberLimit: max(limit, 2), requireSignatures: request.requireSignatures)
        }
        return GroupSettings(
            memberLimit: limit,
            leaveRule: request.leaveRule ?? request.style?.leaveRule ?? .request,
            joinRule: request.joinRule ?? request.style?.joinRule ?? .inviteOnly,
            invitesNeedConsent: request.invitesNeedConsent ?? false,
            admission: request.admission ?? .auto,
            requireSignatures: request.requireSignatures
        )
    }
}
