/// XMTPiOS's `IdentityKind`: GroupCore's identity kinds (`handle`, `account`), with XMTP's
/// `ethereum` and `passkey` both naming an account.
public typealias IdentityKind = PublicIdentity.Kind

extension PublicIdentity.Kind {
    /// An Ethereum address: an account (XMTPiOS's `IdentityKind.ethereum`).
    public static var ethereum: PublicIdentity.Kind { .account }
    /// A passkey: an account (XMTPiOS's `IdentityKind.passkey`).
    public static var passkey: PublicIdentity.Kind { .account }
}

extension PublicIdentity {
    /// An identity of `kind` with the text `identifier` (XMTPiOS's
    /// `PublicIdentity(kind:identifier:)`, which cannot fail).
    ///
    /// - Precondition: `identifier` is 1 to 256 bytes; use `init(_:_:)` to get a typed error
    ///   instead.
    public init(kind: Kind, identifier: String) {
        do throws(IdentifierProblem) {
            try self.init(kind, identifier)
        } catch {
            preconditionFailure("public identity \(identifier.debugDescription) \(error)")
        }
    }

    /// The identity's text (XMTPiOS's `PublicIdentity.identifier`), as given: GroupLog does not
    /// lowercase it.
    public var identifier: String { value }
}
