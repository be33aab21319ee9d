import CSQLite
import Foundation
import GroupCore

/// The event store a team would write for GroupLog's job with the usual tools: the system
/// SQLite, one table of commits keyed by (group, sequence) holding each commit as JSON, WAL,
/// prepared statements, and the same reducer folding what `JSONDecoder` reads back. It is
/// grouplog-bench's rival, not part of GroupLog.
///
/// No snapshots: a store written the usual way keeps the events and rebuilds state by replaying
/// them; the head state of each group it wrote is kept in memory, as GroupLog's store keeps it,
/// so a submit judges against it without a replay. One connection, used from one thread at a
/// time (share it behind a lock, or open one per thread with a busy timeout).
public final class SQLiteEventStore {
    /// How durable a commit is once `COMMIT` returns.
    public enum Synchronous: String, Sendable {
        /// Each commit fsyncs the WAL: durable through a power loss.
        case full = "FULL"
        /// The WAL is fsynced only at checkpoints: a power loss may lose the last commits.
        case normal = "NORMAL"
    }

    /// How a store is opened.
    public struct Options: Sendable, Equatable {
        public var synchronous: Synchronous
        /// How long a write waits for another connection's write lock before `SQLITE_BUSY`.
        public var busyTimeoutMilliseconds: Int32
        /// The member limit for a `create` that gives none, as the reducer's `Replica` takes it.
        public var defaultMemberLimit: Int

        public init(synchronous: Synchronous = .full, busyTimeoutMilliseconds: Int32 = 10_000,
                    defaultMemberLimit: Int = GroupSettings.defaultMemberLimit) {
            self.synchronous = synchronous
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.defaultMemberLimit = defaultMemberLimit
        }
    }

    /// The state after a group's last commit, and the sequence of the commit to come.
    struct Head {
        var next: UInt64
        var replica: Replica
    }

    public let path: String
    public let options: Options
    let connection: OpaquePointer
    let insert: SQLiteStatement
    let selectHead: SQLiteStatement
    let selectLog: SQLiteStatement
    let selectLogThrough: SQLiteStatement
    let begin: SQLiteStatement
    let beginImmediate: SQLiteStatement
    let commit: SQLiteStatement
    let rollback: SQLiteStatement
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    /// The head state of each group this connection wrote or read to its end.
    var heads: [GroupID: Head] = [:]

    /// Opens (creating when missing) the database file at `path`, in WAL mode.
    public init(path: String, options: Options = Options()) throws(SQLiteError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let opened = sqlite3_open_v2(path, &handle, flags, nil)
        guard opened == SQLITE_OK, let handle else {
            let error = SQLiteError(code: opened, connection: handle, operation: "open \(path)")
            sqlite3_close_v2(handle)
            throw error
        }
        do throws(SQLiteError) {
            sqlite3_busy_timeout(handle, options.busyTimeoutMilliseconds)
            try Self.execute("PRAGMA journal_mode=WAL", on: handle)
            try Self.execute("PRAGMA synchronous=\(options.synchronous.rawValue)", on: handle)
            try Self.execute("""
                CREATE TABLE IF NOT EXISTS commits (
                    group_id TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    payload TEXT NOT NULL,
                    PRIMARY KEY (group_id, sequence)
                )
                """, on: handle)
            insert = try SQLiteStatement("INSERT INTO commits (group_id, sequence, payload) VALUES (?, ?, ?)", on: handle)
            selectHead = try SQLiteStatement("SELECT MAX(sequence) FROM commits WHERE group_id = ?", on: handle)
            selectLog = try SQLiteStatement("SELECT payload FROM commits WHERE group_id = ? ORDER BY sequence", on: handle)
            selectLogThrough = try SQLiteStatement(
                "SELECT payload FROM commits WHERE group_id = ? AND sequence <= ? ORDER BY sequence", on: handle)
            begin = try SQLiteStatement("BEGIN", on: handle)
            // A submit reads the head and then writes: taking the write lock first means it
            // never has to upgrade a read into a write (which fails with SQLITE_BUSY at once).
            beginImmediate = try SQLiteStatement("BEGIN IMMEDIATE", on: handle)
            commit = try SQLiteStatement("COMMIT", on: handle)
            rollback = try SQLiteStatement("ROLLBACK", on: handle)
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
        connection = handle
        self.path = path
        self.options = options
    }

    deinit {
        // The statements are finalized first: `close_v2` then closes the connection at once.
        sqlite3_close_v2(connection)
    }

    /// Runs SQL with no parameters and no rows to read (pragmas, schema).
    private static func execute(_ sql: String, on connection: OpaquePointer) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(connection, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, message: message.map { String(cString: $0) } ?? "", operation: sql)
        }
    }

    /// Runs `body` inside a transaction: committed when it returns, rolled back when it throws.
    /// - Parameter immediate: take the write lock at `BEGIN` rather than at the first write.
    func transaction<T>(immediate: Bool, _ body: () throws(SQLiteEventStoreError) -> T) throws(SQLiteEventStoreError) -> T {
        try wrap { () throws(SQLiteError) in try (immediate ? beginImmediate : begin).run() }
        let value: T
        do throws(SQLiteEventStoreError) {
            value = try body()
            try wrap { () throws(SQLiteError) in try commit.run() }
        } catch {
            // A failed COMMIT leaves the transaction open (SQLITE_BUSY) or already rolled back;
            // ROLLBACK then either ends it or finds none, which is harmless.
            try? rollback.run()
            throw error
        }
        return value
    }
}

/// Runs a SQLite call, its error wrapped as the store's.
func wrap<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteEventStoreError) -> T {
    do throws(SQLiteError) {
        return try body()
    } catch {
        throw .sqlite(error)
    }
}
