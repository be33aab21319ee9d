import GroupCore

/// The index reads with their usual arguments.
extension IndexStorage {
    /// Every group `inbox` is a current member of, in group ID order.
    public func groups(containing inbox: InboxID) throws(StoreError) -> [GroupID] {
        try groups(containing: inbox, after: nil, limit: .max).items
    }

    /// The first page of at most `limit` groups `inbox` is a current member of.
    public func groups(containing inbox: InboxID, limit: Int) throws(StoreError) -> GroupPage<GroupID> {
        try groups(containing: inbox, after: nil, limit: limit)
    }

    /// The first page of at most `limit` groups anyone may find.
    public func directory(limit: Int) throws(StoreError) -> GroupPage<DirectoryEntry> {
        try directory(after: nil, limit: limit)
    }
}
