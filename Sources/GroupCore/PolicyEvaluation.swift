/// How a policy was judged against the facts of one change: the verdict, the facts it turned on,
/// and for `any` and `all` the judgement of every branch.
///
/// Every branch is judged, even those `permits(_:)` never reaches once the verdict is known, so
/// that an audit shows why each branch passed or failed; the combined verdict is always what
/// `permits(_:)` answers.
public struct PolicyEvaluation: Equatable, Sendable {
    /// The policy judged.
    public let policy: Policy
    /// Whether it lets the actor act: always what `permits(_:)` answers.
    public let passed: Bool
    /// A short sentence of the facts the verdict turned on: `bo is admin, adminOnly needs admin
    /// or above`; for a combinator, how many branches passed.
    public let reason: String
    /// For `any` and `all`, the evaluation of each branch in order; empty for a base policy.
    public let branches: [PolicyEvaluation]

    /// An evaluation with its branches (none for a base policy).
    public init(policy: Policy, passed: Bool, reason: String, branches: [PolicyEvaluation] = []) {
        self.policy = policy
        self.passed = passed
        self.reason = reason
        self.branches = branches
    }
}

extension Policy {
    /// Judges this policy against `context`, recording why, branch by branch.
    public func evaluate(_ context: PolicyContext) -> PolicyEvaluation {
        let actor = context.actor
        let role = context.actorRole
        func ranked(_ needed: String, _ passes: Bool) -> PolicyEvaluation {
            PolicyEvaluation(policy: self, passed: passes, reason: "\(actor) is \(role), \(self) needs \(needed)")
        }
        switch self {
        case .allowAll:
            let passes = permits(context)
            let reason: String
            if role < .member {
                reason = "\(actor) is \(role), allowAll needs member or above"
            } else if !context.actorIsActive {
                reason = "\(actor) is \(role) but not active, allowAll needs an active member"
            } else {
                reason = "\(actor) is \(role) and active, allowAll needs an active member or above"
            }
            return PolicyEvaluation(policy: self, passed: passes, reason: reason)
        case .denyAll:
            return PolicyEvaluation(policy: self, passed: false, reason: "denyAll lets nobody act, super admins included")
        case .moderatorOnly:
            return ranked("moderator or above", permits(context))
        case .adminOnly:
            return ranked("admin or above", permits(context))
        case .superAdminOnly:
            return ranked("superAdmin", permits(context))
        case .selfOnly:
            let passes = permits(context)
            let reason = switch context.subject {
            case nil: "the change has no subject, and self needs the subject to be the actor"
            case let subject? where passes: "the subject \(subject) is the actor"
            case let subject?: "the subject \(subject) is not the actor \(actor)"
            }
            return PolicyEvaluation(policy: self, passed: passes, reason: reason)
        case .formerMember:
            let passes = permits(context)
            let reason = switch context.subject {
            case nil: "the change has no subject, and formerMember needs one that is not a current member"
            case let subject? where passes: "the subject \(subject) is not a current member"
            case let subject?: "the subject \(subject) is a current member"
            }
            return PolicyEvaluation(policy: self, passed: passes, reason: reason)
        case .author:
            let passes = permits(context)
            let reason = switch context.entryAuthor {
            case nil: "there is no entry with an author, and author needs the actor to have inserted it"
            case let author? where passes: "the entry's author is \(author), the actor"
            case let author?: "the entry's author is \(author), not \(actor)"
            }
            return PolicyEvaluation(policy: self, passed: passes, reason: reason)
        case let .all(policies):
            let branches = policies.map { $0.evaluate(context) }
            let passing = branches.filter(\.passed).count
            let passes = !branches.isEmpty && passing == branches.count
            let reason = branches.isEmpty
                ? "an empty all passes nothing"
                : "\(passing) of \(branches.count) branches pass, all needs every one"
            return PolicyEvaluation(policy: self, passed: passes, reason: reason, branches: branches)
        case let .any(policies):
            let branches = policies.map { $0.evaluate(context) }
            let passing = branches.filter(\.passed).count
            let reason = "\(passing) of \(branches.count) branches pass, any needs at least one"
            return PolicyEvaluation(policy: self, passed: passing > 0, reason: reason, branches: branches)
        }
    }
}
