extension GroupState {
    /// The state that commit 0 creates, or the reason it creates none.
    ///
    /// - Parameter defaultMemberLimit: the operator's `member_limit`, for a `create` that gives none.
    public static func created(by commit: Commit, defaultMemberLimit: Int = GroupSettings.defaultMemberLimit) throws(CommitRejection) -> GroupState {
        guard commit.sequence == 0, commit.changes.count == 1, case let .create(request) = commit.changes[0] else {
            throw CommitRejection(changeIndex: nil, reason: .invalidCommit(reason: "commit 0 must hold exactly one change, create"))
        }
        do {
            return try create(request, by: commit, defaultMemberLimit: defaultMemberLimit)
        } catch {
            throw CommitRejection(changeIndex: 0, reason: error)
        }
    }

    private static func create(_ request: CreateConversation, by commit: Commit, defaultMemberLimit: Int) throws(Rejection) -> GroupState {
        let creator = commit.actor
        var seen: Set<InboxID> = [creator]
        for inbox in request.members where !seen.insert(inbox).inserted {
            throw .duplicateInbox(inbox)
        }
        if request.kind == .dm && request.members.count != 1 {
            throw .invalidCommit(reason: "a DM is created with exactly one member besides its creator, not \(request.members.count)")
        }
        let policies = try policySet(for: request)
        var metadata = GroupMetadata()
        for (field, text) in [(MetadataField.name, request.name), (.description, request.description), (.imageURL, request.imageURL), (.appData, request.appData)] {
            let bytes = text.utf8.count
            if bytes > field.limit { throw .tooLong(field: field.rawValue, bytes: bytes, limit: field.limit) }
            metadata[field] = text
        }
        let settings = try settings(for: request, defaultMemberLimit: defaultMemberLimit)
        if request.members.count + 1 > settings.memberLimit { throw .memberLimitExceeded(limit: settings.memberLimit) }

        var state = GroupState(
            groupID: commit.groupID, kind: request.kind, creator: creator, createdAt: commit.time,
            settings: settings, policies: policies, metadata: metadata, sequence: commit.sequence
        )
        var fields = CommitDraft(over: state)
        for descriptor in WellKnownFields.descriptors(for: request.kind, policies: policies) + request.fields {
            guard descriptor.id.isField else { throw .unknownField(descriptor.label) }
            try state.register(descriptor, into: &fields)
        }
        state.mergeFields(fields.fields)
        let creatorRole: Role = request.kind == .group ? .superAdmin : .member
        // The members listed in create are active whatever the settings say (SPEC section 9).
        for (offset, inbox) in ([creator] + request.members).enumerated() {
            state.roster.put(MemberRecord(
                inbox: inbox, role: offset == 0 ? creatorRole : .member, state: .active,
                joinedAt: commit.time, addedBy: creator, ordinal: UInt64(offset)
            ))
        }
        return state
    }

    /// The policy set a group starts with; a DM has none, so whatever it asked for is ignored.
    private static func policySet(for request: CreateConversation) throws(Rejection) -> PolicySet {
        guard request.kind == .group else { return .allMembers }
        var policies: PolicySet
        switch request.policySet {
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
        guard request.kind == .group else { return GroupSettings(memberLimit: max(limit, 2)) }
        return GroupSettings(
            memberLimit: limit,
            leaveRule: request.leaveRule ?? request.style?.leaveRule ?? .request,
            joinRule: request.joinRule ?? request.style?.joinRule ?? .inviteOnly,
            invitesNeedConsent: request.invitesNeedConsent,
            admission: request.admission
        )
    }
}
