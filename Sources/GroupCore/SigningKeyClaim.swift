/// One signing key an inbox claimed in the identity directory (SPEC section 14), and whether it
/// was revoked since. A revoked key stays with its inbox, so that no other inbox can claim it.
public struct SigningKeyClaim: Hashable, Sendable, CustomStringConvertible {
    public let key: PublicKey
    public let isRevoked: Bool

    public init(key: PublicKey, isRevoked: Bool = false) {
        self.key = key
        self.isRevoked = isRevoked
    }

    /// The key in base64, with `(revoked)` after a revoked one.
    public var description: String { isRevoked ? "\(key) (revoked)" : "\(key)" }
}
