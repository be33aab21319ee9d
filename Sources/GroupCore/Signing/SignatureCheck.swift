/// The signature check of one commit as `explain` shows it (SPEC section 14): which key signed
/// it, the keys its actor may sign with, whether the conversation requires signatures, and what
/// the reducer made of it.
///
/// Like the rest of an explanation, the verdict is the fold's by construction: it is read from
/// the commit's outcome, never judged a second time. No cryptography here: whether the signature
/// verifies is for GroupCodec (the audit tools show it beside this check).
public struct SignatureCheck: Equatable, Sendable {
    /// What the reducer made of the commit's signature.
    public enum Verdict: Equatable, Sendable {
        /// The conversation does not require signatures (or there is none): nothing is rejected
        /// for a signature, whatever its key.
        case notRequired
        /// The conversation requires signatures, and the commit is signed with a key recorded for
        /// its actor.
        case passed
        /// The conversation requires signatures and rejected the commit: `unsignedCommit` or
        /// `wrongSigningKey`.
        case rejected(Rejection)
        /// The conversation requires signatures, but the commit was rejected as a whole before its
        /// signature was judged (`groupDeleted`, `invalidCommit`, `timeWentBackwards`).
        case notJudged

        /// `notRequired`, `passed`, `notJudged`, or the rejection's code.
        public var name: String {
            switch self {
            case .notRequired: "notRequired"
            case .passed: "passed"
            case let .rejected(rejection): rejection.code
            case .notJudged: "notJudged"
            }
        }
    }

    /// Unsigned, or signed with a key recorded for the actor or with another.
    public let standing: SignatureStanding
    /// The keys the actor may sign the commit with, in the state before it (for commit 0, those
    /// its `create` records for the creator; for a `join`, those it records).
    public let actorKeys: [PublicKey]
    /// Whether the conversation requires signed commits: for commit 0, whether its `create` asks
    /// for it; false when there is no conversation.
    public let required: Bool
    public let verdict: Verdict

    public init(standing: SignatureStanding, actorKeys: [PublicKey], required: Bool, verdict: Verdict) {
        self.standing = standing
        self.actorKeys = actorKeys
        self.required = required
        self.verdict = verdict
    }

    /// The check of `commit` signed as `standing` says, with the fold's `outcome`.
    init(_ commit: Commit, actorKeys: [PublicKey], required: Bool, outcome: CommitResult) {
        let whole = outcome.rejection.flatMap { $0.changeIndex == nil ? $0.reason : nil }
        let verdict: Verdict = if let whole, whole.isSignatureRejection {
            .rejected(whole)
        } else if !required {
            .notRequired
        } else if whole != nil {
            // The whole-commit checks come before the signature (SPEC section 14).
            .notJudged
        } else {
            .passed
        }
        self.init(standing: SignatureStanding(commit, actorKeys: actorKeys), actorKeys: actorKeys, required: required, verdict: verdict)
    }
}

extension Rejection {
    /// Whether this is one of the rejections a conversation that requires signatures gives a
    /// commit for its signature: `unsignedCommit` or `wrongSigningKey`.
    public var isSignatureRejection: Bool {
        switch self {
        case .unsignedCommit, .wrongSigningKey: true
        default: false
        }
    }
}
