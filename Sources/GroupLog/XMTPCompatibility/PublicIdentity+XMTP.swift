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
    /// The text is checked where the identity is used: a call given one that is not 1 to 256
    /// bytes throws `GroupLogError.invalidArgument`, nothing written. `init(_:_:)` checks at once.
    public init(kind: Kind, identifier: String) {
        self.init(unchecked: kind, identifier)
    }

    /// The identity's text (XMTPiOS's `PublicIdentity.identifier`), as given: GroupLog does not
    /// lowercase it.
    public var identifier: String { value }
}

extension PublicIdentity {
    /// This identity, once its text is checked (SPEC section 1: 1 to 256 bytes).
    /// - Throws: `GroupLogError.invalidArgument` naming the identity and the problem.
    func checked() throws(GroupLogError) -> PublicIdentity {
        do throws(IdentifierProblem) {
            return try PublicIdentity(kind, value)
        } catch {
            throw .invalidArgument("public identity \(value.debugDescription): it \(error)")
        }
    }
}
