/// What `Conversations.syncAllConversations(consentStates:)` synced (XMTPiOS's
/// `GroupSyncSummary`). A GroupLog store is always in sync: both counts are the conversations
/// the acting inbox is a current member of.
public struct GroupSyncSummary: Equatable, Sendable {
    /// The conversations eligible for a sync.
    public var numEligible: UInt64
    /// The conversations synced.
    public var numSynced: UInt64

    /// A summary with these counts.
    public init(numEligible: UInt64, numSynced: UInt64) {
        self.numEligible = numEligible
        self.numSynced = numSynced
    }
}
