import GroupCore

/// The payload of the NOTIFY that announces a transaction's commits: the IDs of the groups it
/// appended to, one a line. A group ID is printable ASCII without spaces (SPEC section 1), so it
/// never holds the newline that separates them. A transaction announces its groups in one NOTIFY,
/// or in as few as fit PostgreSQL's limit on a payload.
enum PostgresCommitNotice {
    /// PostgreSQL refuses a payload of 8,000 bytes or more.
    static let payloadLimit = 7_999

    /// The payloads announcing `groups`, each group in exactly one, in the order given.
    static func payloads(announcing groups: some Sequence<GroupID>) -> [String] {
        var payloads: [String] = []
        var current = ""
        for group in groups {
            let needed = (current.isEmpty ? 0 : 1) + group.rawValue.utf8.count
            if !current.isEmpty && current.utf8.count + needed > payloadLimit {
                payloads.append(current)
                current = ""
            }
            if !current.isEmpty { current += "\n" }
            current += group.rawValue
        }
        if !current.isEmpty { payloads.append(current) }
        return payloads
    }

    /// The groups a payload announces; a line that is not a group ID (another program's NOTIFY
    /// on the channel) is skipped. A payload of an older GroupLog, one group ID, reads as that group.
    static func groups(in payload: String) -> [GroupID] {
        payload.split(separator: "\n").compactMap { try? GroupID(String($0)) }
    }
}
