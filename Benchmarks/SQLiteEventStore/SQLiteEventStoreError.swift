import GroupCore

/// Why the SQLite event store refused or failed an operation.
public enum SQLiteEventStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite itself failed.
    case sqlite(SQLiteError)
    /// The reducer rejected a submitted commit; nothing was written.
    case rejected(CommitRejection)
    /// A submit to a group with no log that does not start with `create`.
    case groupNotFound(GroupID)
    /// An ingested commit is not the next of its group's log; nothing of its batch was written.
    case outOfSequence(GroupID, expected: UInt64, found: UInt64)
    /// A change the JSON payload has no shape for (a full field descriptor; see `ChangeRecord`).
    case unsupportedChange(String)
    /// A stored payload that does not decode into a commit.
    case corruptPayload(GroupID, sequence: UInt64?, reason: String)

    public var description: String {
        switch self {
        case let .sqlite(error): "SQLite: \(error)"
        case let .rejected(rejection): "rejected: \(rejection)"
        case let .groupNotFound(group): "no group \(group)"
        case let .outOfSequence(group, expected, found): "group \(group) expects commit \(expected) next, not \(found)"
        case let .unsupportedChange(what): "the JSON payload cannot hold \(what)"
        case let .corruptPayload(group, sequence, reason):
            "group \(group)\(sequence.map { " commit \($0)" } ?? ""): unreadable payload: \(reason)"
        }
    }
}
