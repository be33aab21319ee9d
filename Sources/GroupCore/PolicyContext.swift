/// The facts a policy is judged on: the actor as the state before the commit knows it, and the
/// subject of the change.
public struct PolicyContext: Sendable {
    public let actor: InboxID
    public let actorRole: Role
    public let actorIsActive: Bool
    /// The inbox the change is about, if it is about one.
    public let subject: InboxID?
    /// Whether the subject is a current member, judged on the state before the commit.
    public let subjectIsCurrentMember: Bool
    /// Who inserted the entry being changed; nil when it is absent or the change has no entry.
    public let entryAuthor: InboxID?

    public init(
        actor: InboxID, actorRole: Role, actorIsActive: Bool, subject: InboxID? = nil,
        subjectIsCurrentMember: Bool = false, entryAuthor: InboxID? = nil
    ) {
        self.actor = actor
        self.actorRole = actorRole
        self.actorIsActive = actorIsActive
        self.subject = subject
        self.subjectIsCurrentMember = subjectIsCurrentMember
        self.entryAuthor = entryAuthor
    }
}

extension Policy {
    /// Whether this policy lets the actor of `context` act.
    public func permits(_ context: PolicyContext) -> Bool {
        switch self {
        case .allowAll, .denyAll, .moderatorOnly, .adminOnly, .superAdminOnly:
            // Each of these has a verdict on the actor alone.
            verdict(actorRole: context.actorRole, actorIsActive: context.actorIsActive) == true
        case .selfOnly: context.subject == context.actor
        case .formerMember: context.subject != nil && !context.subjectIsCurrentMember
        case .author: context.entryAuthor != nil && context.entryAuthor == context.actor
        case let .all(policies): !policies.isEmpty && policies.allSatisfy { $0.permits(context) }
        case let .any(policies): policies.contains { $0.permits(context) }
        }
    }

    /// The verdict of a policy that judges the actor's role and standing alone; nil for one
    /// that needs the subject, the entry or its branches. The reducer judges those without
    /// making a ``PolicyContext``, whose IDs were retained and released for every check
    /// (issue 18).
    func verdict(actorRole: Role, actorIsActive: Bool) -> Bool? {
        switch self {
        case .allowAll: actorIsActive && actorRole >= .member
        case .denyAll: false
        case .moderatorOnly: actorRole >= .moderator
        case .adminOnly: actorRole >= .admin
        case .superAdminOnly: actorRole == .superAdmin
        case .selfOnly, .formerMember, .author, .all, .any: nil
        }
    }
}
