/// One change of an explained commit.
public struct ChangeExplanation: Equatable, Sendable {
    /// What became of the change.
    public enum Result: Equatable, Sendable {
        case passed
        case rejected(Rejection)
        /// An earlier change of the commit was rejected, so this one was never judged.
        case notJudged
    }

    /// The change's place in the commit, from 0 (as `CommitRejection.changeIndex` counts).
    public let index: Int
    /// The change as the commit holds it.
    public let change: Change
    /// The inboxes the change names, as the state before the commit knew them.
    public let inboxes: [InboxFacts]
    /// The authority checks judged for this change, in the order the reducer made them.
    public let checks: [AuthorityCheck]
    /// Passed, rejected, or not judged.
    public let result: Result

    /// A change's explanation, as `explain(_:)` makes it.
    public init(index: Int, change: Change, inboxes: [InboxFacts], checks: [AuthorityCheck], result: Result) {
        self.index = index
        self.change = change
        self.inboxes = inboxes
        self.checks = checks
        self.result = result
    }
}
