/// The Ed25519 signature a commit carries, with the public key that made it (SPEC section 14).
///
/// The reducer never checks a signature: the door (submit, ingest, the fixture runner) verifies
/// it before the commit reaches the log, so a commit the reducer sees is either unsigned or
/// "signed with key K". GroupCodec makes and verifies signatures.
public struct CommitSignature: Hashable, Sendable, CustomStringConvertible {
    /// The number of bytes of an Ed25519 signature.
    public static let byteCount = 64

    /// The key that made the signature; the reducer compares it with the actor's recorded keys.
    public let publicKey: PublicKey
    /// Exactly 64 bytes.
    public let bytes: [UInt8]

    /// Nil unless `bytes` holds exactly 64 bytes.
    public init?(publicKey: PublicKey, bytes: [UInt8]) {
        guard bytes.count == CommitSignature.byteCount else { return nil }
        self.publicKey = publicKey
        self.bytes = bytes
    }

    /// `signed by KEY`: the key in base64; the signature itself says nothing to a reader.
    public var description: String { "signed by \(publicKey)" }
}
