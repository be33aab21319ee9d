/// A user's consent to a conversation (XMTPiOS's `ConsentState`), accepted by the list calls'
/// `consentStates` filter. GroupLog records no consent: every conversation counts as
/// `allowed`, so a filter without `.allowed` lists nothing.
public enum ConsentState: Equatable, Sendable {
    /// The user accepts the conversation.
    case allowed
    /// The user refused it.
    case denied
    /// The user has not decided.
    case unknown
}
