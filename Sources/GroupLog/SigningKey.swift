import GroupCodec

/// An inbox's private Ed25519 signing key: what signs its commits (SPEC section 14), as an MLS
/// member's signature key signs its commits.
///
/// Make one with ``generate()``, or read one from a key file (``init(contentsOf:)``) that
/// ``write(to:)`` or `grouplog key generate` wrote, or `openssl genpkey -algorithm ed25519`: a
/// PKCS#8 PEM `-----BEGIN PRIVATE KEY-----` block, mode 0600. Give its ``publicKey`` to others
/// (`grouplog identity` records it for the inbox); keep the key itself to its inbox.
///
/// The private half never appears in a description, a debug description or a dump (`dump`,
/// `String(reflecting:)`, a debugger): each shows the public key only.
public struct SigningKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key itself, for the store, which signs commits with it.
    package let privateKey: Ed25519.PrivateKey

    /// Set when the key was read from a file that others than its owner may read or write:
    /// the key was read, but may not be secret any more. The library never prints it; an app
    /// shows it (`"warning: \(warning)"`) or refuses the key.
    public let permissionWarning: KeyFileWarning?

    package init(_ privateKey: Ed25519.PrivateKey, permissionWarning: KeyFileWarning? = nil) {
        self.privateKey = privateKey
        self.permissionWarning = permissionWarning
    }

    /// A new key from OpenSSL's random generator.
    ///
    /// Stops the process if the generator cannot give random bytes, as CryptoKit's
    /// `Curve25519.Signing.PrivateKey()` does: no key could stand in, and a system without
    /// randomness can make no other key either.
    public static func generate() -> SigningKey {
        do {
            return SigningKey(try Ed25519.PrivateKey.generate())
        } catch {
            fatalError("cannot generate a signing key: \(error)")
        }
    }

    /// The key of a 32-byte seed (RFC 8032's private key), such as a fixture's `keys` hold.
    /// - Throws: ``GroupLogError/invalidArgument(_:)`` when the seed is not 32 bytes.
    public init(seed: [UInt8]) throws(GroupLogError) {
        guard seed.count == Ed25519.seedByteCount else {
            // How many bytes came, never which.
            throw .invalidArgument("a signing key's seed is \(Ed25519.seedByteCount) bytes, not \(seed.count)")
        }
        do {
            self.init(try Ed25519.PrivateKey(seed: seed))
        } catch {
            throw .invalidArgument("a signing key's seed: \(error.detail)")
        }
    }

    /// Reads the key file at `path`. A file that others than its owner may read or write is
    /// read, with ``permissionWarning`` set.
    /// - Throws: ``GroupLogError/keyFile(_:)`` naming the path: no such file, not readable, a
    ///   directory, too large, empty, no PEM private key, an encrypted or damaged one, or a key
    ///   that is not Ed25519.
    public init(contentsOf path: String) throws(GroupLogError) {
        do {
            let file = try KeyFile(contentsOf: path)
            self.init(file.key, permissionWarning: file.warning)
        } catch {
            throw .keyFile(error)
        }
    }

    /// Writes the key to a new file at `path`, readable and writable by its owner only (mode
    /// 0600), synced to the disk.
    /// - Throws: ``GroupLogError/keyFile(_:)`` naming the path when something is at it already
    ///   (a key file is never overwritten; what is there is left as it was), or the file cannot
    ///   be created or written (then nothing is left behind).
    public func write(to path: String) throws(GroupLogError) {
        do {
            try KeyFile.write(privateKey, to: path)
        } catch {
            throw .keyFile(error)
        }
    }

    /// The public key that verifies this key's signatures: the one an inbox claims.
    public var publicKey: PublicKey { privateKey.publicKey }

    /// The public key in standard padded base64, as `grouplog` and fixtures write keys.
    public var publicKeyBase64: String { privateKey.publicKey.base64 }

    /// Two keys are equal when they are the same key, wherever they were read from.
    public static func == (lhs: SigningKey, rhs: SigningKey) -> Bool { lhs.privateKey == rhs.privateKey }

    /// `signing key BASE64`: the public key only.
    public var description: String { "signing key \(publicKeyBase64)" }

    /// `SigningKey(publicKey: BASE64)`: the public key only.
    public var debugDescription: String { "SigningKey(publicKey: \(publicKeyBase64))" }

    /// The public key as the only child, so that `dump` and debuggers show nothing secret.
    public var customMirror: Mirror { Mirror(self, children: ["publicKey": publicKeyBase64], displayStyle: .struct) }
}
