import GroupCore

/// A change in the JSON payload: its op, as fixtures name it, and its arguments as optional
/// properties (absent ones are left out of the JSON), the flat shape a team would write.
///
/// Every `Change` has a shape but `registerFields` with full descriptors and a `create` that
/// registers configured fields: descriptors are the configuration's business, and no benchmark
/// workload writes them (`unsupportedChange`).
public struct ChangeRecord: Codable, Equatable, Sendable {
    public var op: String
    public var inbox: String?
    public var inboxes: [String]?
    public var identities: [IdentityRecord]?
    public var withMessages: Bool?
    public var role: String?
    public var name: String?
    public var description: String?
    public var url: String?
    public var data: String?
    public var expected: String?
    public var fromNs: Int64?
    public var inNs: Int64?
    public var slot: String?
    public var policy: PolicyRecord?
    /// The names of `registerFields`.
    public var fields: [String]?
    public var field: FieldReferenceRecord?
    public var mutation: FieldMutationRecord?
    public var values: [UserFieldRecord]?
    public var link: String?
    public var blocked: Bool?
    public var on: Bool?
    public var until: UInt64?
    public var create: CreateRecord?

    init(op: String) { self.op = op }

    /// The record of `change`.
    /// - Throws: `unsupportedChange` for field descriptors.
    public init(_ change: Change) throws(SQLiteEventStoreError) {
        self.init(op: change.op)
        switch change {
        case let .create(request): create = try CreateRecord(request)
        case let .addMembers(added, resolved, keys):
            // The rival's workloads sign nothing (SPEC section 14).
            guard keys.isEmpty else { throw .unsupportedChange("addMembers recording signing keys") }
            inboxes = added.map(\.rawValue)
            if !resolved.isEmpty { identities = resolved.map(IdentityRecord.init) }
        case let .removeMembers(removed, resolved, messages):
            guard resolved.isEmpty else { throw .unsupportedChange("removeMembers with identities") }
            inboxes = removed.map(\.rawValue)
            withMessages = messages
        case let .addAdmin(subject), let .removeAdmin(subject), let .addSuperAdmin(subject), let .removeSuperAdmin(subject),
             let .transferOwnership(subject), let .rejectJoin(subject):
            inbox = subject.rawValue
        case let .setRole(subjects, newRole):
            inboxes = subjects.map(\.rawValue)
            role = newRole.name
        case let .updatePermission(permission, newPolicy):
            slot = permission.rawValue
            policy = PolicyRecord(newPolicy)
        case .requestRemoval, .leave, .declineInvitation, .deleteGroup: break
        case let .acceptInvitation(keys):
            guard keys.isEmpty else { throw .unsupportedChange("acceptInvitation recording signing keys") }
        case let .updateName(text): name = text
        case let .updateDescription(text): description = text
        case let .updateImageURL(text): url = text
        case let .updateAppData(text, previous):
            data = text
            expected = previous
        case let .updateDisappearingMessages(setting):
            fromNs = setting?.fromNs
            inNs = setting?.inNs
        case let .registerFields(registrations):
            fields = try registrations.map { registration throws(SQLiteEventStoreError) in
                guard case let .unknown(fieldName) = registration else { throw .unsupportedChange("registerFields with a field descriptor") }
                return fieldName
            }
        case .updateFieldPolicy:
            // The rival's workloads never change a field's policies.
            throw .unsupportedChange("updateFieldPolicy")
        case let .updateMetadataField(reference, fieldMutation):
            field = FieldReferenceRecord(reference)
            mutation = FieldMutationRecord(fieldMutation)
        case let .updateUserData(updates): values = updates.map(UserFieldRecord.init)
        case let .join(joinLink, keys):
            guard keys.isEmpty else { throw .unsupportedChange("join recording signing keys") }
            link = joinLink
        case let .approveJoin(subject, asked):
            inbox = subject.rawValue
            role = asked?.name
        case let .createLink(id, linkRole), let .updateLinkRole(id, linkRole):
            link = id
            role = linkRole.name
        case let .deleteLink(id): link = id
        case let .blockForAll(subjects, isBlocked):
            inboxes = subjects.map(\.rawValue)
            blocked = isBlocked
        case let .mute(subjects, end):
            inboxes = subjects.map(\.rawValue)
            until = end
        case let .unmute(subjects), let .allowListAdd(subjects), let .allowListRemove(subjects), let .ban(subjects), let .unban(subjects):
            inboxes = subjects.map(\.rawValue)
        case let .muteAll(isOn), let .blockGroup(isOn): on = isOn
        case .updateKeys: throw .unsupportedChange("updateKeys")
        }
    }
}
