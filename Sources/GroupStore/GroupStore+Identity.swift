import GroupCodec
import GroupCore

/// The identity directory kept in the store: which inbox claims which handles and accounts,
/// in claim order (SPEC sections 1 and 6). Its signing keys are in GroupStore+Keys.swift.
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

    /// Every inbox with claims of identities or signing keys, in inbox ID order (the databases'
    /// key order: an inbox ID is printable ASCII, so its bytes sort as the ID does), `limit`
    /// after `after`.
    public func claims(after: InboxID?, limit: Int) throws(StoreError) -> [IdentityClaims] {
        try reading { txn throws(StoreError) in
            guard limit > 0 else { return [] }
            // The first `limit` inboxes of the two databases together are among the first
            // `limit` of each.
            let identityInboxes = try inboxes(in: databases.claims, after: after, limit: limit, in: txn)
            let keyInboxes = try inboxes(in: databases.keyClaims, after: after, limit: limit, in: txn)
            return try Set(identityInboxes + keyInboxes).sorted().prefix(limit).map { inbox throws(StoreError) in
                IdentityClaims(inbox: inbox, claims: try identities(of: inbox, in: txn), keys: try keyClaims(of: inbox, in: txn))
            }
        }
    }

    /// Up to `limit` inboxes filed in `database` after `after`, in order.
    private func inboxes(
        in database: LMDBDatabase, after: InboxID?, limit: Int, in txn: borrowing ReadTransaction<StoreError>
    ) throws(StoreError) -> [InboxID] {
        var found: [InboxID] = []
        try txn.withCursor(database) { cursor throws(StoreError) in
            var entry = if let after { try cursor.seek(atOrAfter: StoreKeys.inbox(after)) } else { try cursor.first() }
            while let (key, _) = entry, found.count < limit {
                guard let text = String(validating: key, as: UTF8.self), let inbox = try? InboxID(text) else {
                    throw .corrupt(nil, sequence: nil, reason: "the directory holds claims filed under a key that is not an inbox ID")
                }
                if inbox != after { found.append(inbox) }
                entry = try cursor.next()
            }
        }
        return found
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
