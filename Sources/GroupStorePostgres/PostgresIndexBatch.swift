import GroupCore
import GroupStore

/// What a transaction's applied commits change in the cross-group indexes, gathered as the
/// commits are appended and written at the transaction's end in a few statements, rather than in
/// one or more per commit: each index ends as it would had every commit been filed in turn.
///
/// Memberships and directory entries are last-write-wins per inbox and group, so only the last
/// value of each is written; DM pairs keep their filing order (the order of the commits).
struct PostgresIndexBatch {
    private var dms: [(first: InboxID, second: InboxID, group: GroupID)] = []
    /// Per group, each inbox whose membership an applied commit set: whether it is a member after the last.
    private var memberships: [GroupID: [InboxID: Bool]] = [:]
    /// Per group, the directory entry after its last applied commit: nil to unlist it.
    private var directory: [GroupID: DirectoryEntry?] = [:]

    /// Files what `commit`, applied and leaving `state`, changes.
    mutating func add(_ commit: Commit, _ state: GroupState) {
        let group = commit.groupID
        if let (one, other) = CommitIndexing.dmPair(created: commit, state) {
            let (first, second) = one <= other ? (one, other) : (other, one)
            dms.append((first, second, group))
        }
        for (inbox, isMember) in CommitIndexing.memberships(after: commit, state) {
            memberships[group, default: [:]][inbox] = isMember
        }
        // updateValue, since assigning nil through the subscript would remove the key.
        directory.updateValue(CommitIndexing.directoryEntry(state), forKey: group)
    }

    /// Writes the gathered changes in `connection`'s transaction, groups in ID order.
    func write(on connection: PGConnection) throws(StoreError) {
        for (first, second, group) in dms {
            try connection.execute(
                "INSERT INTO grouplog_dms (first_inbox, second_inbox, group_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                [.text(first.rawValue), .text(second.rawValue), .text(group.rawValue)], operation: "file the DM \(group)")
        }
        for (group, inboxes) in memberships.sorted(by: { $0.key < $1.key }) {
            let filed = inboxes.filter(\.value).keys.map(\.rawValue).sorted()
            let unfiled = inboxes.filter { !$0.value }.keys.map(\.rawValue).sorted()
            if !unfiled.isEmpty {
                try connection.execute(
                    "DELETE FROM grouplog_memberships WHERE group_id = $1 AND inbox = ANY($2)",
                    [.text(group.rawValue), .textArray(unfiled)], operation: "unindex \(unfiled.count) inboxes in \(group)")
            }
            if !filed.isEmpty {
                try connection.execute(
                    "INSERT INTO grouplog_memberships (inbox, group_id) SELECT unnest($2::text[]), $1 ON CONFLICT DO NOTHING",
                    [.text(group.rawValue), .textArray(filed)], operation: "index \(filed.count) inboxes in \(group)")
            }
        }
        for (group, entry) in directory.sorted(by: { $0.key < $1.key }) {
            if let entry {
                try connection.execute(
                    "INSERT INTO grouplog_directory (group_id, entry) VALUES ($1, $2) ON CONFLICT (group_id) DO UPDATE SET entry = EXCLUDED.entry",
                    [.text(group.rawValue), .bytes(entry.encoded())], operation: "list \(group) in the directory")
            } else {
                try connection.execute("DELETE FROM grouplog_directory WHERE group_id = $1", [.text(group.rawValue)], operation: "unlist \(group)")
            }
        }
    }
}
