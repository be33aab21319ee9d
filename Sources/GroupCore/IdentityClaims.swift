/// The identities and signing keys one inbox claims, in claim order: what a fixture loads into
/// the directory before its log runs, and what a copy or an import records with the logs.
public struct IdentityClaims: Equatable, Sendable {
    public let inbox: InboxID
    public let claims: [PublicIdentity]
    /// Its signing keys, revoked ones included, oldest claim first.
    public let keys: [SigningKeyClaim]

    public init(inbox: InboxID, claims: [PublicIdentity], keys: [SigningKeyClaim] = []) {
        self.inbox = inbox
        self.claims = claims
        self.keys = keys
    }
}
