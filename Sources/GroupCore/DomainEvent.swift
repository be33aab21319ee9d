/// A fact an applied commit established, in the past tense (SPEC section 9, "Events"). Each
/// applied commit yields its events in a stable order: its changes' order, and within a change,
/// its arguments' order.
public enum DomainEvent: Hashable, Sendable, CustomStringConvertible {
    case groupCreated(creator: InboxID)
    case memberAdded(InboxID, by: InboxID)
    case memberInvited(InboxID, by: InboxID)
    case invitationAccepted(InboxID)
    case invitationDeclined(InboxID)
    case joinRequested(InboxID, link: String?)
    case memberJoined(InboxID, link: String?)
    case joinApproved(InboxID, role: Role)
    case joinRejected(InboxID)
    case memberRemoved(InboxID, withMessages: Bool)
    case memberLeft(InboxID)
    case removalRequested(InboxID)
    case roleChanged(InboxID, from: Role, to: Role)
    case adminAdded(InboxID)
    case adminRemoved(InboxID)
    case superAdminAdded(InboxID)
    case superAdminRemoved(InboxID)
    case ownershipTransferred(from: InboxID, to: InboxID)
    case policyChanged(PolicySlot, Policy)
    case metadataChanged(String)
    case fieldsRegistered([ComponentID])
    case fieldChanged(ComponentID, key: FieldValue?)
    /// A registered field's policy for one operation changed (`updateFieldPolicy`).
    case fieldPolicyChanged(ComponentID, FieldOperation, Policy)
    case userDataChanged(InboxID, [ComponentID])
    case linkCreated(String, role: Role)
    case linkUpdated(String, role: Role)
    case linkDeleted(String)
    case memberBlocked(InboxID)
    case memberUnblocked(InboxID)
    case memberMuted(InboxID, until: Milliseconds)
    case memberUnmuted(InboxID)
    case allMuted
    case allUnmuted
    case allowListChanged(InboxID, added: Bool)
    case memberBanned(InboxID)
    case memberUnbanned(InboxID)
    case groupBlocked(InboxID)
    case groupUnblocked(InboxID)
    case groupDeleted
    /// A member changed its own signing keys (`updateKeys`): the keys it added and removed.
    case keysUpdated(InboxID, added: [PublicKey], removed: [PublicKey])

    /// The event's name, as fixtures (`events`) and the CLI name it.
    public var name: String {
        switch self {
        case .groupCreated: "groupCreated"
        case .memberAdded: "memberAdded"
        case .memberInvited: "memberInvited"
        case .invitationAccepted: "invitationAccepted"
        case .invitationDeclined: "invitationDeclined"
        case .joinRequested: "joinRequested"
        case .memberJoined: "memberJoined"
        case .joinApproved: "joinApproved"
        case .joinRejected: "joinRejected"
        case .memberRemoved: "memberRemoved"
        case .memberLeft: "memberLeft"
        case .removalRequested: "removalRequested"
        case .roleChanged: "roleChanged"
        case .adminAdded: "adminAdded"
        case .adminRemoved: "adminRemoved"
        case .superAdminAdded: "superAdminAdded"
        case .superAdminRemoved: "superAdminRemoved"
        case .ownershipTransferred: "ownershipTransferred"
        case .policyChanged: "policyChanged"
        case .metadataChanged: "metadataChanged"
        case .fieldsRegistered: "fieldsRegistered"
        case .fieldChanged: "fieldChanged"
        case .fieldPolicyChanged: "fieldPolicyChanged"
        case .userDataChanged: "userDataChanged"
        case .linkCreated: "linkCreated"
        case .linkUpdated: "linkUpdated"
        case .linkDeleted: "linkDeleted"
        case .memberBlocked: "memberBlocked"
        case .memberUnblocked: "memberUnblocked"
        case .memberMuted: "memberMuted"
        case .memberUnmuted: "memberUnmuted"
        case .allMuted: "allMuted"
        case .allUnmuted: "allUnmuted"
        case .allowListChanged: "allowListChanged"
        case .memberBanned: "memberBanned"
        case .memberUnbanned: "memberUnbanned"
        case .groupBlocked: "groupBlocked"
        case .groupUnblocked: "groupUnblocked"
        case .groupDeleted: "groupDeleted"
        case .keysUpdated: "keysUpdated"
        }
    }

    /// The inbox the event is about, if any.
    public var subject: InboxID? {
        switch self {
        case let .groupCreated(inbox), let .memberAdded(inbox, _), let .memberInvited(inbox, _),
             let .invitationAccepted(inbox), let .invitationDeclined(inbox), let .joinRequested(inbox, _),
             let .memberJoined(inbox, _), let .joinApproved(inbox, _), let .joinRejected(inbox),
             let .memberRemoved(inbox, _), let .memberLeft(inbox), let .removalRequested(inbox),
             let .roleChanged(inbox, _, _), let .adminAdded(inbox), let .adminRemoved(inbox),
             let .superAdminAdded(inbox), let .superAdminRemoved(inbox), let .ownershipTransferred(_, inbox),
             let .userDataChanged(inbox, _), let .memberBlocked(inbox), let .memberUnblocked(inbox),
             let .memberMuted(inbox, _), let .memberUnmuted(inbox), let .allowListChanged(inbox, _),
             let .memberBanned(inbox), let .memberUnbanned(inbox), let .groupBlocked(inbox), let .groupUnblocked(inbox),
             let .keysUpdated(inbox, _, _):
            inbox
        case .policyChanged, .metadataChanged, .fieldsRegistered, .fieldChanged, .fieldPolicyChanged, .linkCreated, .linkUpdated,
             .linkDeleted, .allMuted, .allUnmuted, .groupDeleted:
            nil
        }
    }

    public var description: String {
        switch self {
        case let .roleChanged(inbox, from, to): "roleChanged \(inbox) \(from) -> \(to)"
        case let .policyChanged(slot, policy): "policyChanged \(slot) = \(policy)"
        case let .metadataChanged(field): "metadataChanged \(field)"
        case let .fieldsRegistered(ids): "fieldsRegistered \(ids.map(\.hex).joined(separator: ", "))"
        case let .fieldChanged(id, key): "fieldChanged \(id.hex)" + (key.map { " \($0)" } ?? "")
        case let .fieldPolicyChanged(id, operation, policy): "fieldPolicyChanged \(id.hex) \(operation.rawValue) = \(policy)"
        case let .linkCreated(link, role), let .linkUpdated(link, role): "\(name) \(link) \(role)"
        case let .linkDeleted(link): "linkDeleted \(link)"
        case let .memberMuted(inbox, until): "memberMuted \(inbox) until \(until)"
        case let .ownershipTransferred(from, to): "ownershipTransferred \(from) -> \(to)"
        case let .keysUpdated(inbox, added, removed):
            "keysUpdated \(inbox)" + added.map { " +\($0)" }.joined() + removed.map { " -\($0)" }.joined()
        default: subject.map { "\(name) \($0)" } ?? name
        }
    }
}
