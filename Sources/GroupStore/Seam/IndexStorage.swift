import GroupCore

/// What a store indexes across its groups: the identity directory, which groups each inbox is
/// in, the directory of groups anyone may find, and the DM between each pair of inboxes.
///
/// The indexes follow the logs: a backend updates them in the same atomic write as the commit
/// that changes them, so a reader never sees an index ahead of or behind the logs, and
/// `rebuild()` makes them again from the logs (the identity directory excepted: claims are not
/// derived from commits).
public protocol IndexStorage: Sendable {
    /// Records that `inbox` claims `identity`, first come first served; claiming one it already
    /// holds changes nothing. A claim is never taken back.
    /// - Throws: `identityClaimed` when another inbox holds it (nothing written).
    func claim(_ identity: PublicIdentity, for inbox: InboxID) throws(StoreError)

    /// The identities `inbox` claims, oldest claim first.
    func identities(of inbox: InboxID) throws(StoreError) -> [PublicIdentity]

    /// The inbox that claims `identity`, if any.
    func inbox(claiming identity: PublicIdentity) throws(StoreError) -> InboxID?

    /// Records that `inbox` signs with `key` (SPEC section 14); claiming a key it already holds
    /// changes nothing. A key belongs to one inbox for ever.
    /// - Throws: `signingKey` when another inbox holds or held the key, or it was revoked
    ///   (nothing written).
    func claim(key: PublicKey, for inbox: InboxID) throws(StoreError)

    /// Revokes `inbox`'s `key`: commits no longer record it for the inbox, and no inbox may claim
    /// it again. Revoking a key already revoked changes nothing. Groups that recorded the key
    /// keep it until the member changes its keys (`updateKeys`): a log never consults the
    /// directory.
    /// - Throws: `signingKey` when the inbox never held the key (nothing written).
    func revoke(key: PublicKey, of inbox: InboxID) throws(StoreError)

    /// Every signing key `inbox` claimed, revoked ones included, oldest claim first.
    func keyClaims(of inbox: InboxID) throws(StoreError) -> [SigningKeyClaim]

    /// The inbox that holds or held `key`, revoked or not.
    func inbox(holding key: PublicKey) throws(StoreError) -> InboxID?

    /// The identity directory itself: every inbox that claims an identity or a signing key, in
    /// inbox ID order, each with its claims oldest first; a page of at most `limit` inboxes after the inbox
    /// `after` (a page shorter than `limit` is the last). Claims are not derived from the logs,
    /// so a copy of a store reads them here: they include claims no commit names.
    func claims(after: InboxID?, limit: Int) throws(StoreError) -> [IdentityClaims]

    /// A directory holding the claims of `inboxes`, read in one consistent view, for reads that
    /// show handles.
    func directory(for inboxes: [InboxID]) throws(StoreError) -> IdentityDirectory

    /// The groups `inbox` is a current member of (pending removal included), in group ID order,
    /// a page of at most `limit` after the group `after`.
    func groups(containing inbox: InboxID, after: GroupID?, limit: Int) throws(StoreError) -> GroupPage<GroupID>

    /// The groups anyone may find (kind group, join rule open or approval, not deleted) with
    /// their names and member counts at their heads, in group ID order, a page of at most
    /// `limit` after the group `after`.
    func directory(after: GroupID?, limit: Int) throws(StoreError) -> GroupPage<DirectoryEntry>

    /// The DMs between `one` and `other` (in either order), oldest first. A DM is filed under
    /// its pair once its `create` applied; its participants never change, so it stays there.
    func dms(between one: InboxID, and other: InboxID) throws(StoreError) -> [GroupID]
}
