/// The identities one inbox claims, in claim order: what a fixture loads into the directory
/// before its log runs, and what the store records with an imported log.
public struct IdentityClaims: Equatable, Sendable {
    public let inbox: InboxID
    public let claims: [PublicIdentity]

    public init(inbox: InboxID, claims: [PublicIdentity]) {
        self.inbox = inbox
        self.claims = claims
    }
}
