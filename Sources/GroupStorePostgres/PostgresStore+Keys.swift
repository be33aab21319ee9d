import GroupCore
import GroupStore

/// The signing keys of the identity directory (SPEC section 14), in `grouplog_keys`: a key's
/// first claim wins (its primary key decides a race), and a revocation is final (a trigger
/// refuses taking it back).
extension PostgresStore {
    /// Records that `inbox` signs with `key`; claiming a key it already holds changes nothing.
    public func claim(key: PublicKey, for inbox: InboxID) throws(StoreError) {
        try writing { connection throws(StoreError) in try record(SigningKeyClaim(key: key), for: inbox, on: connection, strictly: true) }
        waiters.journal.claimed([inbox])
    }

    /// Revokes `inbox`'s `key`; revoking a key already revoked changes nothing.
    public func revoke(key: PublicKey, of inbox: InboxID) throws(StoreError) {
        try writing { connection throws(StoreError) in
            guard try keyOwner(of: key, on: connection)?.inbox == inbox else { throw .signingKey(.keyNotClaimed(key, by: inbox)) }
            try record(SigningKeyClaim(key: key, isRevoked: true), for: inbox, on: connection, strictly: false)
        }
        waiters.journal.claimed([inbox])
    }

    /// Every signing key `inbox` claimed, revoked ones included, oldest first.
    public func keyClaims(of inbox: InboxID) throws(StoreError) -> [SigningKeyClaim] {
        try pool.with { connection throws(StoreError) in try keyClaims(of: inbox, on: connection) }
    }

    /// The inbox that holds or held `key`, if any.
    public func inbox(holding key: PublicKey) throws(StoreError) -> InboxID? {
        try pool.with { connection throws(StoreError) in try keyOwner(of: key, on: connection)?.inbox }
    }

    /// Records `claim` for `inbox`, as `GroupStore` does: a claim of a key the inbox holds
    /// changes nothing, a revoked claim revokes it; strictly, claiming a revoked key is refused.
    /// - Throws: `signingKey` when another inbox holds or held the key.
    func record(_ claim: SigningKeyClaim, for inbox: InboxID, on connection: PGConnection, strictly: Bool) throws(StoreError) {
        let inserted = try connection.execute(
            "INSERT INTO grouplog_keys (signing_key, inbox, revoked) VALUES ($1, $2, $3::boolean) ON CONFLICT (signing_key) DO NOTHING",
            [.bytes(claim.key.bytes), .text(inbox.rawValue), .text(claim.isRevoked ? "true" : "false")],
            operation: "claim the signing key \(claim.key)")
        if inserted.affectedRows == 0 {
            guard let (owner, revoked) = try keyOwner(of: claim.key, on: connection) else {
                throw .corrupt(nil, sequence: nil, reason: "the signing key \(claim.key) was neither claimed nor found")
            }
            guard owner == inbox else { throw .signingKey(.keyClaimedByAnother(claim.key, owner: owner)) }
            if revoked {
                if strictly && !claim.isRevoked { throw .signingKey(.keyRevoked(claim.key, owner: inbox)) }
                return
            }
            guard claim.isRevoked else { return }
            try connection.execute(
                "UPDATE grouplog_keys SET revoked = true WHERE signing_key = $1", [.bytes(claim.key.bytes)],
                operation: "revoke the signing key \(claim.key)")
        }
        // Heard by every listener once the transaction commits (a replica copies the claim).
        try connection.notify(PostgresSchema.claimsChannel, payload: inbox.rawValue)
    }

    /// The keys in force of each of `inboxes` that has any, oldest first: what a commit records.
    func keys(of inboxes: [InboxID], on connection: PGConnection) throws(StoreError) -> [InboxID: [PublicKey]] {
        let statement = Self.keysStatement(inboxes)
        return try Self.keys(from: try connection.execute(statement.sql, statement.parameters, operation: statement.operation))
    }

    /// The statement that reads the keys in force of `inboxes`, for a pipeline.
    static func keysStatement(_ inboxes: some Collection<InboxID>) -> PGStatement {
        PGStatement(
            "SELECT inbox, signing_key FROM grouplog_keys WHERE inbox = ANY($1) AND NOT revoked ORDER BY inbox, claim_order",
            [.textArray(inboxes.map(\.rawValue))], operation: "read the signing keys of \(inboxes.count) inboxes")
    }

    /// The keys `keysStatement` read, by inbox.
    static func keys(from rows: PGResult) throws(StoreError) -> [InboxID: [PublicKey]] {
        var found: [InboxID: [PublicKey]] = [:]
        for row in 0..<rows.rowCount {
            let (inbox, key) = try keyRow(rows, row)
            found[inbox, default: []].append(key)
        }
        return found
    }

    func keyClaims(of inbox: InboxID, on connection: PGConnection) throws(StoreError) -> [SigningKeyClaim] {
        let rows = try connection.execute(
            "SELECT inbox, signing_key, revoked FROM grouplog_keys WHERE inbox = $1 ORDER BY claim_order", [.text(inbox.rawValue)],
            operation: "list the signing keys of \(inbox)")
        return try (0..<rows.rowCount).map { row throws(StoreError) in
            SigningKeyClaim(key: try Self.keyRow(rows, row).key, isRevoked: rows.bool(row, 2))
        }
    }

    private func keyOwner(of key: PublicKey, on connection: PGConnection) throws(StoreError) -> (inbox: InboxID, revoked: Bool)? {
        let rows = try connection.execute(
            "SELECT inbox, signing_key, revoked FROM grouplog_keys WHERE signing_key = $1", [.bytes(key.bytes)],
            operation: "find the owner of the signing key \(key)")
        guard rows.rowCount == 1 else { return nil }
        return (try Self.keyRow(rows, 0).inbox, rows.bool(0, 2))
    }

    /// A row's inbox (column 0) and key (column 1).
    static func keyRow(_ rows: PGResult, _ row: Int) throws(StoreError) -> (inbox: InboxID, key: PublicKey) {
        guard let inbox = try? InboxID(rows.text(row, 0)) else {
            throw .corrupt(nil, sequence: nil, reason: "the directory holds a signing key of something that is not an inbox ID")
        }
        guard let key = PublicKey(bytes: rows.bytes(row, 1)) else {
            throw .corrupt(nil, sequence: nil, reason: "the directory holds a signing key of \(inbox) that is not 32 bytes")
        }
        return (inbox, key)
    }
}
