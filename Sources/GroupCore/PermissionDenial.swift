/// Why an actor lacked the authority for a change: which rule denied it, and the actor's role then.
public struct PermissionDenial: Equatable, Sendable, CustomStringConvertible {
    public enum Rule: Equatable, Sendable {
        /// The slot's policy did not pass.
        case policy(PolicySlot, Policy)
        /// The change is a super admin power (SPEC section 5 and 7).
        case superAdminRequired
        /// The subject's role is not below the actor's and below admin, or the new role is above
        /// the actor's (SPEC sections 7 and 9).
        case seniority(subject: InboxID, subjectRole: Role, newRole: Role?)
        /// Observers are read-only (SPEC section 3).
        case observerReadOnly
        /// The field's registry policy for the operation did not pass (SPEC section 11).
        case fieldPolicy(field: String, operation: FieldOperation, policy: Policy)
    }

    public let actor: InboxID
    /// The actor's role in the state before the commit.
    public let actorRole: Role
    public let rule: Rule

    public init(actor: InboxID, actorRole: Role, rule: Rule) {
        self.actor = actor
        self.actorRole = actorRole
        self.rule = rule
    }

    public var description: String {
        let who = "\(actor) (\(actorRole))"
        switch rule {
        case let .policy(slot, policy):
            return "\(who) does not pass the \(slot) policy \(policy)"
        case .superAdminRequired:
            return "\(who) is not a super admin, and only a super admin may do this"
        case let .seniority(subject, subjectRole, newRole):
            let target = newRole.map { " to \($0)" } ?? ""
            return "\(who) cannot change \(subject) (\(subjectRole))\(target): the subject must be below the actor and below admin, and a new role at most the actor's"
        case .observerReadOnly:
            return "\(who) is an observer, which is read-only"
        case let .fieldPolicy(field, operation, policy):
            return "\(who) does not pass \(field)'s \(operation.rawValue) policy \(policy)"
        }
    }
}
