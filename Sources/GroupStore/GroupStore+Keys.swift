import GroupCodec
import GroupCore

/// The signing keys of the identity directory (SPEC section 14): which inbox signs with which
/// Ed25519 keys, in claim order, and which of them were revoked.
extension GroupStore {
    /// Records that `inbox` signs with `key`; claiming a key it already holds changes nothing.
    /// - Throws: `StoreError.signingKey` when another inbox holds or held the key, or it was
    ///   revoked (nothing written).
    public func claim(key: PublicKey, for inbox: InboxID) throws(StoreError) {
        try writing { txn throws(StoreError) in try record(SigningKeyClaim(key: key), for: inbox, in: txn, strictly: true) }
        waiters.journal.claimed([inbox])
    }

    /// Revokes `inbox`'s `key`; revoking a key already revoked changes nothing.
    /// - Throws: `StoreError.signingKey` when the inbox never held the key (nothing written).
    public func revoke(key: PublicKey, of inbox: InboxID) throws(StoreError) {
        try writing { txn throws(StoreError) in
            guard try keyOwner(of: key, in: txn) == inbox else { throw .signingKey(.keyNotClaimed(key, by: inbox)) }
            try record(SigningKeyClaim(key: key, isRevoked: true), for: inbox, in: txn, strictly: false)
        }
        waiters.journal.claimed([inbox])
    }

    /// Every signing key `inbox` claimed, revoked ones included, oldest first.
    public func keyClaims(of inbox: InboxID) throws(StoreError) -> [SigningKeyClaim] {
        try reading { txn throws(StoreError) in try keyClaims(of: inbox, in: txn) }
    }

    /// The inbox that holds or held `key`, if any.
    public func inbox(holding key: PublicKey) throws(StoreError) -> InboxID? {
        try reading { txn throws(StoreError) in try keyOwner(of: key, in: txn) }
    }

    /// Records `claim` for `inbox`. A claim of a key the inbox holds changes nothing, and a
    /// revoked claim revokes it. Strictly (a new claim by hand), claiming a revoked key is
    /// refused; otherwise (a copy bringing claims), a revocation already recorded stands.
    /// - Throws: `signingKey` when another inbox holds or held the key.
    func record(_ claim: SigningKeyClaim, for inbox: InboxID, in txn: borrowing WriteTransaction<StoreError>, strictly: Bool) throws(StoreError) {
        var claims = try keyClaims(of: inbox, in: txn)
        if let owner = try keyOwner(of: claim.key, in: txn) {
            guard owner == inbox else { throw .signingKey(.keyClaimedByAnother(claim.key, owner: owner)) }
            guard let index = claims.firstIndex(where: { $0.key == claim.key }) else {
                throw .corrupt(nil, sequence: nil, reason: "the directory files the signing key \(claim.key) under \(inbox), whose keys lack it")
            }
            if claims[index].isRevoked {
                if strictly && !claim.isRevoked { throw .signingKey(.keyRevoked(claim.key, owner: inbox)) }
                return
            }
            guard claim.isRevoked else { return }
            claims[index] = claim
        } else {
            try txn.put(databases.keyOwners, key: claim.key.bytes, value: StoreKeys.inbox(inbox))
            claims.append(claim)
        }
        try txn.put(databases.keyClaims, key: StoreKeys.inbox(inbox), value: KeyClaimsCodec.encode(claims))
    }

    /// The keys in force of each of `inboxes` that has any, oldest first: what a commit records.
    func keys(of inboxes: [InboxID], in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> [InboxID: [PublicKey]] {
        var found: [InboxID: [PublicKey]] = [:]
        for inbox in inboxes where found[inbox] == nil {
            let keys = try keyClaims(of: inbox, in: txn).filter { !$0.isRevoked }.map(\.key)
            if !keys.isEmpty { found[inbox] = keys }
        }
        return found
    }

    func keyClaims(of inbox: InboxID, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> [SigningKeyClaim] {
        guard let bytes = try txn.get(databases.keyClaims, key: StoreKeys.inbox(inbox)) else { return [] }
        return try Self.decodeKeyClaims(bytes, of: inbox)
    }

    static func decodeKeyClaims(_ bytes: UnsafeRawBufferPointer, of inbox: InboxID) throws(StoreError) -> [SigningKeyClaim] {
        do throws(BinaryDecodingError) {
            return try KeyClaimsCodec.decode(bytes)
        } catch {
            throw .corrupt(nil, sequence: nil, reason: "the directory's signing keys of \(inbox): \(error)")
        }
    }

    private func keyOwner(of key: PublicKey, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> InboxID? {
        guard let bytes = try txn.get(databases.keyOwners, key: key.bytes) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self), let inbox = try? InboxID(text) else {
            throw .corrupt(nil, sequence: nil, reason: "the directory's owner of the signing key \(key) is not an inbox ID")
        }
        return inbox
    }
}
