/// The order of the list calls (XMTPiOS's `ConversationsOrderBy`), newest first either way.
///
/// GroupLog carries no messages, so a conversation's last activity is its creation, as XMTP
/// reports for a conversation without messages: both orders are the same.
public enum ConversationsOrderBy: Equatable, Sendable {
    /// By creation time.
    case createdAt
    /// By last activity, which is the creation time.
    case lastActivity
}
