import GroupCodec
import GroupCore

/// Reads across groups, from indexes kept in the same transaction as each commit (SPEC section 9).
extension GroupStore {
    /// The groups `inbox` is a current member of, in group ID order, `limit` after `after`.
    public func groups(containing inbox: InboxID, after: GroupID? = nil, limit: Int) throws(StoreError) -> GroupPage<GroupID> {
        try reading { txn throws(StoreError) in
            let prefix = StoreKeys.membershipPrefix(inbox)
            var all: [GroupID] = []
            try txn.withCursor(databases.memberships) { cursor throws(StoreError) in
                try cursor.forEach(withPrefix: prefix) { entry throws(StoreError) in
                    let name = UnsafeRawBufferPointer(rebasing: entry.key[prefix.count...])
                    if let text = String(validating: name, as: UTF8.self), let group = try? GroupID(text) { all.append(group) }
                    return .next
                }
            }
            return Self.page(all, after: after, limit: limit, id: { $0 })
        }
    }

    /// The groups anyone may find (join rule open or approval, not deleted), in group ID order.
    public func directory(after: GroupID? = nil, limit: Int) throws(StoreError) -> GroupPage<DirectoryEntry> {
        try reading { txn throws(StoreError) in
            var all: [DirectoryEntry] = []
            try txn.withCursor(databases.directory) { cursor throws(StoreError) in
                try cursor.forEach { entry throws(StoreError) in
                    guard let text = String(validating: entry.key, as: UTF8.self), let group = try? GroupID(text) else {
                        throw .corrupt(nil, sequence: nil, reason: "a directory entry is filed under a key that is not a group ID")
                    }
                    do throws(BinaryDecodingError) {
                        all.append(try DirectoryEntry(group: group, decoding: entry.value))
                    } catch {
                        throw .corrupt(group, sequence: nil, reason: "its directory entry: \(error); run 'grouplog rebuild'")
                    }
                    return .next
                }
            }
            return Self.page(all, after: after, limit: limit, id: \.group)
        }
    }

    private static func page<Element>(_ all: [Element], after: GroupID?, limit: Int, id: (Element) -> GroupID) -> GroupPage<Element> {
        let start = after.map { cursor in all.firstIndex { id($0) > cursor } ?? all.count } ?? 0
        let items = Array(all[start..<min(all.count, start + max(0, limit))])
        let more = start + items.count < all.count
        return GroupPage(items: items, total: all.count, next: more ? items.last.map(id) : nil)
    }
}
