import GroupCodec
import GroupCore

/// Finding the DM between two inboxes (XMTP's `findDmByInboxId`, `findOrCreateDm`), from an
/// index kept in the same transaction as each DM's first commit.
extension GroupStore {
    /// The DMs between `one` and `other`, oldest first: a DM's participants never change, so a
    /// DM filed under a pair stays between them. Only a DM whose `create` applied is filed.
    public func dms(between one: InboxID, and other: InboxID) throws(StoreError) -> [GroupID] {
        try reading { txn throws(StoreError) in
            let prefix = StoreKeys.dmPrefix(one, other)
            var found: [GroupID] = []
            try txn.withCursor(databases.dms) { cursor throws(StoreError) in
                try cursor.forEach(withPrefix: prefix) { entry throws(StoreError) in
                    guard let text = String(validating: entry.value, as: UTF8.self), let group = try? GroupID(text) else {
                        throw .corrupt(nil, sequence: nil, reason: "the DM index holds a value that is not a group ID; run 'grouplog rebuild'")
                    }
                    found.append(group)
                    return .next
                }
            }
            return found
        }
    }

    /// Files a DM created by commit 0 under the pair of its participants.
    func indexDM(_ state: GroupState, number: UInt64, in txn: borrowing WriteTransaction<StoreError>) throws(StoreError) {
        let participants = state.allMembers.map(\.inbox)
        guard participants.count == 2 else { return }
        try txn.put(databases.dms, key: StoreKeys.dm(between: participants[0], and: participants[1], number: number),
                    value: StoreKeys.group(state.groupID))
    }

    /// A store written before the DM index existed has its DMs filed once, when first opened:
    /// each group's commit 0 says whether it created a DM, and its outcome whether it applied.
    func indexDMsOfOlderStore() throws(StoreError) {
        let complete = try reading { txn throws(StoreError) in try txn.get(databases.meta, key: StoreKeys.dmIndexComplete) != nil }
        guard !complete else { return }
        try writing { txn throws(StoreError) in
            var numbers: [UInt64] = []
            try txn.withCursor(databases.groups) { cursor throws(StoreError) in
                try cursor.forEach { entry throws(StoreError) in
                    if let head = try? GroupHead(decoding: entry.value) { numbers.append(head.number) }
                    return .next
                }
            }
            // A record that does not decode is verify's to report; it files no DM here.
            for number in numbers {
                let key = StoreKeys.entry(number, 0)
                guard let bytes = try txn.get(databases.commits, key: key), let outcome = try txn.get(databases.outcomes, key: key),
                      (try? OutcomeCodec.decode(outcome))?.isApplied == true,
                      let commit = try? CommitCodec.decode(bytes), let state = try? GroupState.created(by: commit),
                      state.kind == .dm else { continue }
                try indexDM(state, number: number, in: txn)
            }
            try txn.put(databases.meta, key: StoreKeys.dmIndexComplete, value: [1])
        }
    }
}
