import GroupCodec
import GroupCore

extension PublicKey {
    /// A key of 32 bytes `byte`, for tests of the reducer, which compares keys and never
    /// verifies a signature: any bytes will do.
    public static func filled(_ byte: UInt8) -> PublicKey {
        PublicKey(bytes: [UInt8](repeating: byte, count: PublicKey.byteCount))!
    }
}

extension CommitSignature {
    /// A signature "made" by `key`, whose bytes prove nothing: for tests of the reducer, which
    /// trusts the door to have verified every signature and reads only the key.
    public static func claimed(by key: PublicKey) -> CommitSignature {
        CommitSignature(publicKey: key, bytes: [UInt8](repeating: 0x5A, count: CommitSignature.byteCount))!
    }
}

extension Ed25519.PrivateKey {
    /// The key of a seed of 32 bytes `byte`: a real key, so that the signatures it makes verify.
    public static func seeded(_ byte: UInt8) -> Ed25519.PrivateKey {
        // 32 bytes always make a key.
        try! Ed25519.PrivateKey(seed: [UInt8](repeating: byte, count: Ed25519.seedByteCount))
    }
}

extension LogBuilder {
    /// The next commit of the log, claiming to be signed by `key` (see ``CommitSignature/claimed(by:)``).
    public mutating func commit(_ actor: InboxID, _ changes: [Change], at time: Milliseconds? = nil, signedBy key: PublicKey?) -> Commit {
        let commit = commit(actor, changes, at: time)
        return key.map { commit.with(signature: .claimed(by: $0)) } ?? commit
    }
}

extension TestGroup {
    /// Makes the next commit, claiming to be signed by `key`, folds it and returns its outcome.
    @discardableResult
    public mutating func commit(_ actor: InboxID, _ changes: [Change], at time: Milliseconds? = nil, signedBy key: PublicKey?) -> CommitOutcome {
        var builder = self.builder
        let commit = builder.commit(actor, changes, at: time, signedBy: key)
        return append(commit, advancing: builder)
    }

    /// Makes the next commit, with its changes listed inline, claiming to be signed by `key`.
    @discardableResult
    public mutating func commit(_ actor: InboxID, _ changes: Change..., at time: Milliseconds? = nil, signedBy key: PublicKey?) -> CommitOutcome {
        commit(actor, changes, at: time, signedBy: key)
    }
}
