import GroupCodec
import GroupCore
import GroupStore

/// The identity directory and the indexes across groups, kept in the same transactions as the
/// commits that change them.
extension PostgresStore {
    /// Records a claim, first come first served (the primary key decides a race).
    public func claim(_ identity: PublicIdentity, for inbox: InboxID) throws(StoreError) {
        try writing { connection throws(StoreError) in try record(identity, for: inbox, on: connection) }
        waiters.journal.claimed([inbox])
    }

    /// The identities `inbox` claims, oldest claim first.
    public func identities(of inbox: InboxID) throws(StoreError) -> [PublicIdentity] {
        try pool.with { connection throws(StoreError) in try identities(of: inbox, on: connection) }
    }

    /// The inbox that claims `identity`, if any.
    public func inbox(claiming identity: PublicIdentity) throws(StoreError) -> InboxID? {
        try pool.with { connection throws(StoreError) in try owner(of: identity, on: connection) }
    }

    /// Every inbox with claims of identities or signing keys, in inbox ID order (the "C"
    /// collation: byte order, as LMDB's), `limit` after `after`, each with its claims oldest first.
    public func claims(after: InboxID?, limit: Int) throws(StoreError) -> [IdentityClaims] {
        guard limit > 0 else { return [] }
        return try reading { connection throws(StoreError) in
            // Every inbox ID sorts after the empty string, so it stands for "from the first". The
            // first `limit` inboxes of the two tables together are among the first `limit` of each.
            let page = try connection.execute(
                """
                (SELECT DISTINCT inbox FROM grouplog_claims WHERE inbox > $1 ORDER BY inbox LIMIT $2)
                UNION (SELECT DISTINCT inbox FROM grouplog_keys WHERE inbox > $1 ORDER BY inbox LIMIT $2)
                ORDER BY inbox LIMIT $2
                """,
                [.text(after?.rawValue ?? ""), .int64(Int64(limit))], operation: "list the identity directory")
            let inboxes = (0..<page.rowCount).map { page.text($0, 0) }
            var identities: [String: [PublicIdentity]] = [:]
            let claimed = try connection.execute(
                "SELECT inbox, kind, value FROM grouplog_claims WHERE inbox = ANY($1) ORDER BY inbox, claim_order",
                [.textArray(inboxes)], operation: "list the identity directory")
            for row in 0..<claimed.rowCount {
                guard let kind = PublicIdentity.Kind(rawValue: claimed.text(row, 1)) else {
                    throw .corrupt(nil, sequence: nil, reason: "the directory's claims of \(claimed.text(row, 0)): an unknown kind of identity")
                }
                identities[claimed.text(row, 0), default: []].append(PublicIdentity(unchecked: kind, claimed.text(row, 2)))
            }
            var keys: [String: [SigningKeyClaim]] = [:]
            let keyed = try connection.execute(
                "SELECT inbox, signing_key, revoked FROM grouplog_keys WHERE inbox = ANY($1) ORDER BY inbox, claim_order",
                [.textArray(inboxes)], operation: "list the directory's signing keys")
            for row in 0..<keyed.rowCount {
                keys[keyed.text(row, 0), default: []].append(SigningKeyClaim(key: try Self.keyRow(keyed, row).key, isRevoked: keyed.bool(row, 2)))
            }
            return try inboxes.map { text throws(StoreError) in
                guard let inbox = try? InboxID(text) else {
                    throw .corrupt(nil, sequence: nil, reason: "the directory holds a claim by something that is not an inbox ID")
                }
                return IdentityClaims(inbox: inbox, claims: identities[text] ?? [], keys: keys[text] ?? [])
            }
        }
    }

    /// A directory holding the claims of `inboxes`, read in one consistent view.
    public func directory(for inboxes: [InboxID]) throws(StoreError) -> IdentityDirectory {
        try reading { connection throws(StoreError) in
            var directory = IdentityDirectory()
            for inbox in inboxes {
                for identity in try identities(of: inbox, on: connection) {
                    do throws(IdentityDirectory.ClaimError) {
                        try directory.claim(identity, for: inbox)
                    } catch {
                        throw .corrupt(nil, sequence: nil, reason: "the directory's claims of \(inbox): \(error)")
                    }
                }
            }
            return directory
        }
    }

    /// The groups `inbox` is a current member of, in group ID order.
    public func groups(containing inbox: InboxID, after: GroupID?, limit: Int) throws(StoreError) -> GroupPage<GroupID> {
        try reading { connection throws(StoreError) in
            let rows = try connection.execute(
                "SELECT group_id FROM grouplog_memberships WHERE inbox = $1 ORDER BY group_id", [.text(inbox.rawValue)],
                operation: "list the groups of \(inbox)")
            let all = (0..<rows.rowCount).compactMap { try? GroupID(rows.text($0, 0)) }
            return Self.page(all, after: after, limit: limit, id: { $0 })
        }
    }

    /// The groups anyone may find, in group ID order.
    public func directory(after: GroupID?, limit: Int) throws(StoreError) -> GroupPage<DirectoryEntry> {
        try reading { connection throws(StoreError) in
            let rows = try connection.execute("SELECT group_id, entry FROM grouplog_directory ORDER BY group_id", operation: "read the directory")
            var all: [DirectoryEntry] = []
            for row in 0..<rows.rowCount {
                guard let group = try? GroupID(rows.text(row, 0)) else {
                    throw .corrupt(nil, sequence: nil, reason: "a directory entry is filed under a key that is not a group ID")
                }
                do throws(BinaryDecodingError) {
                    all.append(try rows.bytes(row, 1).withBytes { raw throws(BinaryDecodingError) in
                        try DirectoryEntry(group: group, decoding: raw)
                    })
                } catch {
                    throw .corrupt(group, sequence: nil, reason: "its directory entry: \(error); run 'grouplog rebuild'")
                }
            }
            return Self.page(all, after: after, limit: limit, id: \.group)
        }
    }

    /// The DMs between the pair, oldest first.
    public func dms(between one: InboxID, and other: InboxID) throws(StoreError) -> [GroupID] {
        let (first, second) = one <= other ? (one, other) : (other, one)
        return try pool.with { connection throws(StoreError) in
            let rows = try connection.execute(
                "SELECT group_id FROM grouplog_dms WHERE first_inbox = $1 AND second_inbox = $2 ORDER BY filed",
                [.text(first.rawValue), .text(second.rawValue)], operation: "find the DMs of \(first) and \(second)")
            return try (0..<rows.rowCount).map { row throws(StoreError) in
                guard let group = try? GroupID(rows.text(row, 0)) else {
                    throw .corrupt(nil, sequence: nil, reason: "the DM index holds a value that is not a group ID; run 'grouplog rebuild'")
                }
                return group
            }
        }
    }

    func record(_ identity: PublicIdentity, for inbox: InboxID, on connection: PGConnection) throws(StoreError) {
        let inserted = try connection.execute(
            "INSERT INTO grouplog_claims (kind, value, inbox) VALUES ($1, $2, $3) ON CONFLICT (kind, value) DO NOTHING",
            [.text(identity.kind.rawValue), .text(identity.value), .text(inbox.rawValue)], operation: "claim the \(identity)")
        guard inserted.affectedRows == 0 else {
            // Heard by every listener once the transaction commits (a replica copies the claim).
            try connection.notify(PostgresSchema.claimsChannel, payload: inbox.rawValue)
            return
        }
        if let owner = try owner(of: identity, on: connection), owner != inbox { throw .identityClaimed(identity, owner: owner) }
    }

    func owner(of identity: PublicIdentity, on connection: PGConnection) throws(StoreError) -> InboxID? {
        let rows = try connection.execute(
            "SELECT inbox FROM grouplog_claims WHERE kind = $1 AND value = $2", [.text(identity.kind.rawValue), .text(identity.value)],
            operation: "find the owner of the \(identity)")
        guard rows.rowCount == 1 else { return nil }
        guard let inbox = try? InboxID(rows.text(0, 0)) else {
            throw .corrupt(nil, sequence: nil, reason: "the directory's owner of the \(identity) is not an inbox ID")
        }
        return inbox
    }

    func identities(of inbox: InboxID, on connection: PGConnection) throws(StoreError) -> [PublicIdentity] {
        let rows = try connection.execute(
            "SELECT kind, value FROM grouplog_claims WHERE inbox = $1 ORDER BY claim_order", [.text(inbox.rawValue)],
            operation: "list the claims of \(inbox)")
        return try (0..<rows.rowCount).map { row throws(StoreError) in
            guard let kind = PublicIdentity.Kind(rawValue: rows.text(row, 0)) else {
                throw .corrupt(nil, sequence: nil, reason: "the directory's claims of \(inbox): an unknown kind of identity")
            }
            return PublicIdentity(unchecked: kind, rows.text(row, 1))
        }
    }

    static func page<Element>(_ all: [Element], after: GroupID?, limit: Int, id: (Element) -> GroupID) -> GroupPage<Element> {
        let start = after.map { cursor in all.firstIndex { id($0) > cursor } ?? all.count } ?? 0
        let items = Array(all[start..<min(all.count, start + max(0, limit))])
        let more = start + items.count < all.count
        return GroupPage(items: items, total: all.count, next: more ? items.last.map(id) : nil)
    }
}
