import GroupCore

/// Signing and verifying commits (SPEC section 14): what the door does before the reducer sees a
/// commit. The signature covers ``CommitCodec/signedBytes(_:)``, the commit's canonical encoding
/// without the signature; the chain's commit hash covers the signature too, as part of the
/// stored commit.
extension Commit {
    /// This commit signed with `key`, in place of any signature it had. Ed25519 is
    /// deterministic: signing the same commit with the same key gives the same commit.
    public func signed(with key: Ed25519.PrivateKey) -> Commit {
        let bytes = key.sign(CommitCodec.signedBytes(self))
        // A signature from OpenSSL is always 64 bytes.
        return with(signature: CommitSignature(publicKey: key.publicKey, bytes: bytes)!)
    }

    /// The key that signed this commit, once its signature is checked; nil for an unsigned
    /// commit.
    /// - Throws: ``SignatureError`` when the signature is not its key's signature of the commit:
    ///   malformed input, to be refused at the door.
    @discardableResult
    public func verifiedSigner() throws(SignatureError) -> PublicKey? {
        guard let signature else { return nil }
        guard Ed25519.verify(signature.bytes, of: CommitCodec.signedBytes(self), by: signature.publicKey) else {
            throw SignatureError(groupID: groupID, sequence: sequence, actor: actor, publicKey: signature.publicKey)
        }
        return signature.publicKey
    }

    /// Whether the commit is unsigned or carries a signature that verifies.
    public var hasValidSignature: Bool {
        do {
            try verifiedSigner()
            return true
        } catch {
            return false
        }
    }
}

/// A commit whose signature does not verify with the key it names: the commit was changed after
/// it was signed, or the signature was made with another key. Malformed input, never a
/// rejection: the door refuses the commit and writes nothing.
public struct SignatureError: Error, Equatable, Sendable, CustomStringConvertible {
    public let groupID: GroupID
    public let sequence: UInt64
    public let actor: InboxID
    /// The key the commit says signed it.
    public let publicKey: PublicKey

    public init(groupID: GroupID, sequence: UInt64, actor: InboxID, publicKey: PublicKey) {
        self.groupID = groupID
        self.sequence = sequence
        self.actor = actor
        self.publicKey = publicKey
    }

    public var description: String {
        "the signature of commit \(sequence) of group \(groupID) (by \(actor)) does not verify with its key \(publicKey): "
            + "the commit was changed after it was signed, or another key made the signature"
    }
}
