import GroupCore
import GroupStore

/// What a transaction's applied commits change in the cross-group indexes, gathered as the
/// commits are appended and written at the transaction's end in at most five statements, however
/// many commits and groups it holds (each table's rows sent as arrays, `unnest`): each index ends
/// as it would had every commit been filed in turn.
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

    /// The statements that write the gathered changes, to run in order in the transaction of
    /// the commits: one for each kind of change there is (DMs filed; memberships dropped, then
    /// filed; directory entries listed, then unlisted), rows in group ID order, then inbox ID order.
    var statements: [PGStatement] {
        var statements: [PGStatement] = []
        if !dms.isEmpty {
            // WITH ORDINALITY and ORDER BY: the `filed` serial is drawn in the commits' order.
            statements.append(PGStatement(
                """
                INSERT INTO grouplog_dms (first_inbox, second_inbox, group_id)
                SELECT first_inbox, second_inbox, group_id
                FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS filed (first_inbox, second_inbox, group_id, position)
                ORDER BY position
                ON CONFLICT DO NOTHING
                """,
                [.textArray(dms.map(\.first.rawValue)), .textArray(dms.map(\.second.rawValue)), .textArray(dms.map(\.group.rawValue))],
                operation: "file \(dms.count) DMs"))
        }
        var filed: (groups: [String], inboxes: [String]) = ([], [])
        var unfiled: (groups: [String], inboxes: [String]) = ([], [])
        for (group, inboxes) in memberships.sorted(by: { $0.key < $1.key }) {
            for (inbox, isMember) in inboxes.sorted(by: { $0.key < $1.key }) {
                if isMember {
                    filed.groups.append(group.rawValue)
                    filed.inboxes.append(inbox.rawValue)
                } else {
                    unfiled.groups.append(group.rawValue)
                    unfiled.inboxes.append(inbox.rawValue)
                }
            }
        }
        if !unfiled.groups.isEmpty {
            statements.append(PGStatement(
                """
                DELETE FROM grouplog_memberships m USING unnest($1::text[], $2::text[]) AS gone (group_id, inbox)
                WHERE m.group_id = gone.group_id AND m.inbox = gone.inbox
                """,
                [.textArray(unfiled.groups), .textArray(unfiled.inboxes)], operation: "unindex \(unfiled.groups.count) memberships"))
        }
        if !filed.groups.isEmpty {
            statements.append(PGStatement(
                "INSERT INTO grouplog_memberships (group_id, inbox) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING",
                [.textArray(filed.groups), .textArray(filed.inboxes)], operation: "index \(filed.groups.count) memberships"))
        }
        let entries = directory.sorted { $0.key < $1.key }
        let listed = entries.compactMap { group, entry in entry.map { (group: group.rawValue, bytes: $0.encoded()) } }
        let unlisted = entries.filter { $0.value == nil }.map(\.key.rawValue)
        if !listed.isEmpty {
            // Each group once (a dictionary's keys), as ON CONFLICT DO UPDATE requires.
            statements.append(PGStatement(
                """
                INSERT INTO grouplog_directory (group_id, entry) SELECT * FROM unnest($1::text[], $2::bytea[])
                ON CONFLICT (group_id) DO UPDATE SET entry = EXCLUDED.entry
                """,
                [.textArray(listed.map(\.group)), .bytesArray(listed.map(\.bytes))], operation: "list \(listed.count) groups in the directory"))
        }
        if !unlisted.isEmpty {
            statements.append(PGStatement(
                "DELETE FROM grouplog_directory WHERE group_id = ANY($1)", [.textArray(unlisted)], operation: "unlist \(unlisted.count) groups"))
        }
        return statements
    }
}
