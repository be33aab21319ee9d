import GroupCodec
import GroupCore

/// The identity directory kept in the store: which inbox claims which handles and accounts,
/// in claim order (SPEC sections 1 and 6).
extension GroupStore {
    /// Records that `inbox` claims `identity`; claiming one it already holds changes nothing.
    /// - Throws: `StoreError.identityClaimed` when another inbox holds it (nothing written).
    public func claim(_ identity: PublicIdentity, for inbox: InboxID) throws(StoreError) {
        try writing { txn throws(StoreError) in try record(identity, for: inbox, in: txn) }
        waiters.journal.claimed([inbox])
    }

    /// The identities `inbox` claims, oldest first.
    public func identities(of inbox: InboxID) throws(StoreError) -> [PublicIdentity] {
        try reading { txn throws(StoreError) in try identities(of: inbox, in: txn) }
    }

    /// The inbox that claims `identity`, if any.
    public func inbox(claiming identity: PublicIdentity) throws(StoreError) -> InboxID? {
        try reading { txn throws(StoreError) in try owner(of: identity, in: txn) }
    }

    /// A directory holding the claims of `inboxes`, for reads that show handles.
    public func directory(for inboxes: [InboxID]) throws(StoreError) -> IdentityDirectory {
        try reading { txn throws(StoreError) in
            var directory = IdentityDirectory()
            for inbox in inboxes {
                for identity in try identities(of: inbox, in: txn) {
                    do throws(IdentityDirectory.ClaimError) {
                        try directory.claim(identity, for: inbox)
                    } catch {
                        // The store's claims contradict each other: the reverse index was changed.
                        throw .corrupt(nil, sequence: nil, reason: "the directory's claims of \(inbox): \(error)")
                    }
                }
            }
            return directory
        }
    }

    /// Every inbox with claims, in inbox ID order (the claims database's key order: an inbox
    /// ID is printable ASCII, so its bytes sort as the ID does), `limit` after `after`.
    public func claims(after: InboxID?, limit: Int) throws(StoreError) -> [IdentityClaims] {
        try reading { txn throws(StoreError) in
            var page: [IdentityClaims] = []
            guard limit > 0 else { return page }
            try txn.withCursor(databases.claims) { cursor throws(StoreError) in
                var entry = if let after { try cursor.seek(atOrAfter: StoreKeys.inbox(after)) } else { try cursor.first() }
                while let (key, value) = entry, page.count < limit {
                    guard let text = String(validating: key, as: UTF8.self), let inbox = try? InboxID(text) else {
                        throw .corrupt(nil, sequence: nil, reason: "the directory holds claims filed under a key that is not an inbox ID")
                    }
                    if inbox != after { page.append(IdentityClaims(inbox: inbox, claims: try Self.decodeClaims(value, of: inbox))) }
                    entry = try cursor.next()
                }
            }
            return page
        }
    }

    func record(_ identity: PublicIdentity, for inbox: InboxID, in txn: borrowing WriteTransaction<StoreError>) throws(StoreError) {
        if let owner = try owner(of: identity, in: txn) {
            if owner == inbox { return }
            throw .identityClaimed(identity, owner: owner)
        }
        try txn.put(databases.claimOwners, key: StoreKeys.identity(identity), value: StoreKeys.inbox(inbox))
        let claims = try identities(of: inbox, in: txn) + [identity]
        try txn.put(databases.claims, key: StoreKeys.inbox(inbox), value: Self.encode(claims))
    }

    func owner(of identity: PublicIdentity, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> InboxID? {
        guard let bytes = try txn.get(databases.claimOwners, key: StoreKeys.identity(identity)) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self), let inbox = try? InboxID(text) else {
            throw .corrupt(nil, sequence: nil, reason: "the directory's owner of the \(identity) is not an inbox ID")
        }
        return inbox
    }

    func identities(of inbox: InboxID, in txn: borrowing some ReadableTransaction<StoreError> & ~Copyable) throws(StoreError) -> [PublicIdentity] {
        guard let bytes = try txn.get(databases.claims, key: StoreKeys.inbox(inbox)) else { return [] }
        return try Self.decodeClaims(bytes, of: inbox)
    }

    private static func decodeClaims(_ bytes: UnsafeRawBufferPointer, of inbox: InboxID) throws(StoreError) -> [PublicIdentity] {
        var reader = BinaryReader(bytes)
        do throws(BinaryDecodingError) {
            let count = try reader.readCount("claim count")
            var claims: [PublicIdentity] = []
            for _ in 0..<count { claims.append(try reader.readIdentity("claim")) }
            try reader.expectEnd("claims")
            return claims
        } catch {
            throw .corrupt(nil, sequence: nil, reason: "the directory's claims of \(inbox): \(error)")
        }
    }

    private static func encode(_ claims: [PublicIdentity]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.writeCount(claims.count)
        for identity in claims { writer.writeIdentity(identity) }
        return writer.bytes
    }
}
