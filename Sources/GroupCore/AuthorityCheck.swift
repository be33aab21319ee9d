/// One check of authority (step 4 of SPEC section 4, the lifecycle's own rules, and step 3's
/// registry check of `updateFieldPolicy`, which decides what the change replaces) as the
/// reducer judged it for a change being explained: the rule, the facts it used, the policy's
/// evaluation where there is a policy, and the verdict.
public struct AuthorityCheck: Equatable, Sendable {
    /// Which rule a check judged.
    public enum Rule: Equatable, Sendable {
        /// Step 2: the actor must be a current, active member (one pending removal may still
        /// repeat its request and write its own user fields).
        case actingMember
        /// The policy of a group slot.
        case slotPolicy(PolicySlot)
        /// A field's registry policy for one operation (SPEC section 11).
        case fieldPolicy(field: String, operation: FieldOperation)
        /// Step 3 of `updateFieldPolicy`: the field must be registered in the state before the
        /// commit; the reason gives the policy for `operation` that the change replaces.
        case fieldRegistered(field: String, operation: FieldOperation)
        /// A power SPEC.md gives super admins alone, whatever the policies say.
        case superAdminOnly
        /// The subject's role must be below the actor's (and, for a role change, below admin,
        /// with a new role at most the actor's).
        case seniority(subject: InboxID, subjectRole: Role, newRole: Role?)
        /// Observers are read-only (SPEC section 3).
        case observerReadOnly
        /// A super admin completes a removal request whatever the removeMember policy says.
        case completesRemovalRequest(subject: InboxID)
        /// A DM's participants change its metadata with no policy (SPEC section 2).
        case dmMetadata(PolicySlot)
        /// `join`: a non-member joins through a link or by the join rule, not by a role.
        case join(link: String?)
        /// `acceptInvitation` / `declineInvitation`: only an inbox with an open invitation.
        case invitation(accept: Bool)
        /// `leave` / `requestRemoval`: the leave rules of SPEC section 8, not a policy.
        case leaving(request: Bool)
        /// `blockGroup` (any member, observers included) and `updateKeys` (an active member):
        /// for itself, with no policy.
        case ownChoice
        /// `create`: anyone may create a conversation, and becomes its first member.
        case create

        /// The rule's name in JSON: `slotPolicy`, `superAdminOnly`, `seniority`.
        public var name: String {
            switch self {
            case .actingMember: "actingMember"
            case .slotPolicy: "slotPolicy"
            case .fieldPolicy: "fieldPolicy"
            case .fieldRegistered: "fieldRegistered"
            case .superAdminOnly: "superAdminOnly"
            case .seniority: "seniority"
            case .observerReadOnly: "observerReadOnly"
            case .completesRemovalRequest: "completesRemovalRequest"
            case .dmMetadata: "dmMetadata"
            case .join: "join"
            case .invitation: "invitation"
            case .leaving: "leaving"
            case .ownChoice: "ownChoice"
            case .create: "create"
            }
        }
    }

    /// The rule judged.
    public let rule: Rule
    /// The actor as the state before the commit knew it.
    public let actor: InboxFacts
    /// The inbox the check is about, as the state before the commit knew it; nil when none.
    public let subject: InboxFacts?
    /// Who inserted the field entry being written, before the commit; nil when none.
    public let entryAuthor: InboxID?
    /// How the policy was judged, for a slot or field policy; nil for the other rules.
    public let evaluation: PolicyEvaluation?
    /// Whether the rule let the change go on.
    public let passed: Bool
    /// A sentence of the facts the verdict turned on.
    public let reason: String

    /// A check as the reducer recorded it.
    public init(
        rule: Rule, actor: InboxFacts, subject: InboxFacts? = nil, entryAuthor: InboxID? = nil,
        evaluation: PolicyEvaluation? = nil, passed: Bool, reason: String
    ) {
        self.rule = rule
        self.actor = actor
        self.subject = subject
        self.entryAuthor = entryAuthor
        self.evaluation = evaluation
        self.passed = passed
        self.reason = reason
    }
}
