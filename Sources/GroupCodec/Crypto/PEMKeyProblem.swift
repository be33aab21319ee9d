/// Why bytes are not an Ed25519 private key in PEM: the reasons a key file reports, none of
/// which quotes the bytes.
enum PEMKeyProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing at all.
    case empty
    /// No PEM block of a private key, nor of a public key.
    case noPrivateKey
    /// A PEM public key: the other half of what was wanted.
    case publicKeyOnly
    /// A private key encrypted with a passphrase, which nothing here asks for.
    case encrypted
    /// A private key block OpenSSL cannot read (truncated, damaged), with OpenSSL's reason.
    case damaged(String)
    /// A key of another algorithm, as OpenSSL names it: `RSA`, `EC`, `ED448`.
    case notEd25519(String)

    /// What the text is, as a predicate: `holds a public key, not a private key`.
    var description: String {
        switch self {
        case .empty: "is empty"
        case .noPrivateKey:
            "holds no PEM private key (a \"-----BEGIN PRIVATE KEY-----\" block, as grouplog key generate "
                + "and openssl genpkey -algorithm ed25519 write)"
        case .publicKeyOnly: "holds a public key, not a private key"
        case .encrypted:
            "holds a private key encrypted with a passphrase; only unencrypted keys are read "
                + "(openssl pkey -in FILE -out NEWFILE decrypts one)"
        case let .damaged(reason): "holds a PEM private key that cannot be read (truncated or damaged: \(reason))"
        case let .notEd25519(type): "holds a key of type \(type), not an Ed25519 key"
        }
    }
}
