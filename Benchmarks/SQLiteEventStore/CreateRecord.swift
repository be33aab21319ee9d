import GroupCore

/// The arguments of `create` in the JSON payload.
public struct CreateRecord: Codable, Equatable, Sendable {
    public var kind: String
    public var members: [String]
    /// `allMembers` or `adminOnly`; absent when `policies` gives the slots.
    public var policySet: String?
    /// A custom policy set, by slot name.
    public var policies: [String: PolicyRecord]?
    public var name: String
    public var description: String
    public var imageURL: String
    public var appData: String
    public var memberLimit: Int?
    public var leaveRule: String?
    public var joinRule: String?
    public var invitesNeedConsent: Bool?
    public var admission: String?
    public var style: String?

    /// - Throws: `unsupportedChange` when the request registers configured fields.
    init(_ request: CreateConversation) throws(SQLiteEventStoreError) {
        guard request.fields.isEmpty else { throw .unsupportedChange("create with configured fields") }
        guard !request.requireSignatures && request.keys.isEmpty else { throw .unsupportedChange("create with signing keys") }
        guard request.identities.isEmpty, request.disappearingMessages == nil else {
            throw .unsupportedChange("create with identities or disappearing messages")
        }
        kind = request.kind.rawValue
        members = request.members.map(\.rawValue)
        switch request.policySet {
        case nil: break
        case .allMembers?: policySet = "allMembers"
        case .adminOnly?: policySet = "adminOnly"
        case let .custom(slots)?: policies = Dictionary(uniqueKeysWithValues: slots.map { ($0.key.rawValue, PolicyRecord($0.value)) })
        }
        name = request.name
        description = request.description
        imageURL = request.imageURL
        appData = request.appData
        memberLimit = request.memberLimit
        leaveRule = request.leaveRule?.rawValue
        joinRule = request.joinRule?.rawValue
        invitesNeedConsent = request.invitesNeedConsent
        admission = request.admission?.rawValue
        style = request.style?.rawValue
    }

    func request() throws(RecordError) -> CreateConversation {
        let policyChoice: PolicySetChoice?
        switch (policySet, policies) {
        case (nil, nil): policyChoice = nil
        case ("allMembers", nil): policyChoice = .allMembers
        case ("adminOnly", nil): policyChoice = .adminOnly
        case let (nil, slots?):
            var custom: [PolicySlot: Policy] = [:]
            for (slot, policy) in slots { custom[try RecordError.named(slot, "policy slot")] = try policy.policy() }
            policyChoice = .custom(custom)
        default: throw RecordError("create takes a policySet name or policies, not both")
        }
        return CreateConversation(
            kind: try RecordError.named(kind, "conversation kind"), members: try ChangeRecord.inboxes(members),
            policySet: policyChoice, name: name, description: description, imageURL: imageURL, appData: appData,
            memberLimit: memberLimit, leaveRule: try leaveRule.map { text throws(RecordError) in try RecordError.named(text, "leave rule") },
            joinRule: try joinRule.map { text throws(RecordError) in try RecordError.named(text, "join rule") },
            invitesNeedConsent: invitesNeedConsent, admission: try admission.map { text throws(RecordError) in try RecordError.named(text, "admission") },
            style: try style.map { text throws(RecordError) in try RecordError.named(text, "group style") })
    }
}
