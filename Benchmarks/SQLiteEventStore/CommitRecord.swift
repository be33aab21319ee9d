import GroupCore

/// A commit as the SQLite store's JSON payload: the Codable shape a team would write for it,
/// encoded by `JSONEncoder` and read back by `JSONDecoder`.
public struct CommitRecord: Codable, Equatable, Sendable {
    public var groupID: String
    public var sequence: UInt64
    /// Hex; absent when the commit carries none.
    public var previousHash: String?
    public var actor: String
    public var time: UInt64
    public var changes: [ChangeRecord]

    /// The record of `commit`.
    /// - Throws: `unsupportedChange` for a change the payload has no shape for.
    public init(_ commit: Commit) throws(SQLiteEventStoreError) {
        groupID = commit.groupID.rawValue
        sequence = commit.sequence
        previousHash = commit.previousHash?.hex
        actor = commit.actor.rawValue
        time = commit.time
        changes = []
        changes.reserveCapacity(commit.changes.count)
        for change in commit.changes { changes.append(try ChangeRecord(change)) }
    }

    /// The commit the record holds, its identifiers checked as any input's are.
    /// - Throws: `corruptPayload` with what was wrong.
    public func commit() throws(SQLiteEventStoreError) -> Commit {
        do throws(RecordError) {
            var previous: Digest?
            if let previousHash {
                guard let digest = Digest(hex: previousHash) else { throw RecordError("previous hash \(previousHash.debugDescription) is not a digest") }
                previous = digest
            }
            var decoded: [Change] = []
            decoded.reserveCapacity(changes.count)
            for change in changes { decoded.append(try change.change()) }
            return Commit(groupID: try RecordError.group(groupID), sequence: sequence,
                          actor: try RecordError.inbox(actor), time: time, changes: decoded, previousHash: previous)
        } catch {
            throw .corruptPayload(GroupID(unchecked: groupID), sequence: sequence, reason: error.reason)
        }
    }
}

/// What is wrong with a record read back from the database.
struct RecordError: Error {
    let reason: String

    init(_ reason: String) { self.reason = reason }

    /// `text` made into an identifier by its checked initializer.
    static func checked<ID>(_ text: String, _ make: (String) throws(IdentifierProblem) -> ID) throws(RecordError) -> ID {
        do throws(IdentifierProblem) {
            return try make(text)
        } catch {
            throw RecordError("identifier \(text.debugDescription) \(error)")
        }
    }

    /// `text` as an inbox ID.
    static func inbox(_ text: String) throws(RecordError) -> InboxID {
        try checked(text) { text throws(IdentifierProblem) in try InboxID(text) }
    }

    /// `text` as a group ID.
    static func group(_ text: String) throws(RecordError) -> GroupID {
        try checked(text) { text throws(IdentifierProblem) in try GroupID(text) }
    }

    /// The case of `Cases` whose raw value is `text`.
    static func named<Cases: RawRepresentable<String>>(_ text: String, _ what: String) throws(RecordError) -> Cases {
        guard let value = Cases(rawValue: text) else { throw RecordError("unknown \(what) \(text.debugDescription)") }
        return value
    }
}
