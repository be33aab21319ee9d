import GroupCodec
import GroupCore
import GroupStore

/// A GroupLog store in a PostgreSQL database: the same seam as LMDB's `GroupStore`, for logs that
/// many processes on many machines write and read.
///
/// Each submit locks its group's head row (`SELECT ... FOR UPDATE`) in the transaction that
/// appends, so writers anywhere serialize per group; submits from this process share
/// transactions (group commit), each written in a fixed handful of statements. A transaction's
/// commits are announced with one NOTIFY in that transaction, so waiters on every connection
/// hear of them once they are visible. On a hot standby the store reads, refuses writes and
/// polls for new commits. States are folded from the nearest snapshot; the state at a group's
/// head is cached, and a cache entry is used only while the stored head still matches it.
public final class PostgresStore: GroupLogStorage {
    /// The URL with its password redacted, for messages.
    public let displayURL: String
    public let options: StoreOptions
    let pool: PGConnectionPool
    let submissions = SubmitQueue<SubmitRequest, Result<SubmittedCommit, StoreError>>()
    let waiters: CommitWaiters
    /// Hears commits made anywhere; nil on a standby, which refuses LISTEN (waits poll there).
    let listener: PostgresListener?
    /// Whether the server is a hot standby (in recovery): reads work, writes are refused, and
    /// waiters fall back to polling, since a standby delivers no notifications.
    public let isStandby: Bool
    /// The state at the head of recently used groups, keyed by group, with the head it is at.
    let heads = HeadStateCache<PostgresHead>()

    /// Opens the store in the database `url` names, creating (or migrating) its schema when
    /// `options.create` is set.
    /// - Throws: `storage` for a URL that is malformed or a server that refuses it (its password
    ///   redacted), or a role that may not create or migrate the schema; `notAStore` for a
    ///   database without a GroupLog schema or with an older one (unless creating), or with a
    ///   newer one.
    public init(url: String, options: StoreOptions = StoreOptions()) throws(StoreError) {
        let first = try PGConnection(url: url)
        displayURL = first.url.redacted
        self.options = options
        pool = PGConnectionPool(url: url, first: first)
        try Self.prepareSchema(on: first, create: options.create, displayURL: displayURL)
        isStandby = try first.execute("SELECT CASE WHEN pg_is_in_recovery() THEN 1 ELSE 0 END::bigint",
                                      operation: "ask whether the server is a standby").int64(0, 0) == 1
        waiters = CommitWaiters(hearsOtherWriters: !isStandby)
        listener = isStandby ? nil : try PostgresListener(url: url, waiters: waiters)
    }

    deinit { listener?.stop() }

    /// `url` as it may be printed: its password, wherever libpq would read one, replaced by `***`.
    public static func displayed(_ url: String) -> String { PGConnectionURL(url).redacted }

    /// Checks the schema's version. With `create`, an empty database gets the schema and an
    /// older one is migrated, under a lock so that two openers do not race; without it, only a
    /// schema of this build's version opens: an older one is refused with a pointer to
    /// `grouplog init`, since this build reads only the current layout.
    private static func prepareSchema(on connection: PGConnection, create: Bool, displayURL: String) throws(StoreError) {
        try connection.transaction { connection throws(StoreError) in
            if create {
                try connection.execute("SELECT pg_advisory_xact_lock($1)", [.int64(PostgresSchema.migrationLock)], operation: "lock the schema")
            }
            let version = try storedVersion(on: connection)
            switch version {
            case PostgresSchema.version?:
                return
            case let version? where version > PostgresSchema.version:
                throw .notAStore(path: displayURL, reason: "schema version \(version) is newer than this build reads (\(PostgresSchema.version)); upgrade GroupLog")
            case let version? where version < 1:
                throw .notAStore(path: displayURL, reason: "schema version \(version) is not one GroupLog ever wrote")
            case nil where !create:
                throw .notAStore(path: displayURL, reason: "no GroupLog store in this database; create one with 'grouplog init'")
            case let version? where !create:
                throw .notAStore(path: displayURL, reason:
                    "schema version \(version) is older than this build's (\(PostgresSchema.version)); run 'grouplog init' (as the role that owns the GroupLog tables) to migrate it")
            default:
                try migrate(from: version, on: connection)
            }
        }
    }

    /// The version the store's schema records; nil when the database holds no GroupLog schema.
    private static func storedVersion(on connection: PGConnection) throws(StoreError) -> Int64? {
        let exists = try connection.execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'grouplog_schema_version'",
            operation: "look for the schema").int64(0, 0) > 0
        guard exists else { return nil }
        let rows = try connection.execute("SELECT max(version) FROM grouplog_schema_version", operation: "read the schema version")
        return rows.isNull(0, 0) ? nil : rows.int64(0, 0)
    }

    /// Creates version 1's tables when there are none, then runs each migration up to this
    /// build's version, recording each step, all in the caller's transaction: a migration that
    /// fails leaves the store as it was. A role refused the DDL (one that does not own the
    /// tables, say) is told which role runs `grouplog init`.
    private static func migrate(from stored: Int64?, on connection: PGConnection) throws(StoreError) {
        var version = stored ?? 0
        var operation = "create the schema"
        do throws(StoreError) {
            if stored == nil {
                for statement in PostgresSchema.createVersion1 { try connection.execute(statement, operation: operation) }
                try connection.execute("INSERT INTO grouplog_schema_version (version) VALUES (1)", operation: "record the schema version")
                version = 1
            }
            while version < PostgresSchema.version {
                if stored != nil { operation = "migrate the schema from version \(version) to \(version + 1)" }
                for statement in PostgresSchema.migrations[Int(version) - 1] { try connection.execute(statement, operation: operation) }
                version += 1
                try connection.execute("UPDATE grouplog_schema_version SET version = $1", [.int64(version)], operation: "record the schema version")
            }
        } catch {
            // 3F000: the role may not even use the schema, so there is nowhere to create in.
            let refusals = [PGError.insufficientPrivilege, PGError.invalidSchemaName]
            guard case let .storage(failed, code, message) = error, let state = PGConnection.sqlState(of: error), refusals.contains(state) else { throw error }
            let who = stored == nil ? "a role that may create tables in this schema" : "the role that owns the GroupLog tables"
            throw .storage(operation: "\(failed) (run 'grouplog init' as \(who); see docs/postgres.md)", code: code, message: message)
        }
    }

    // MARK: Transactions

    /// Runs `body` in one consistent read-only view (REPEATABLE READ).
    func reading<T>(_ body: (PGConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        try pool.with { connection throws(StoreError) in
            try connection.transaction("ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
        }
    }

    /// Runs `body` in a read-write transaction: committed when it returns, rolled back on throw.
    /// - Throws: on a standby, a storage error that says to write to the primary.
    func writing<T>(_ body: (PGConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        do throws(StoreError) {
            return try pool.with { connection throws(StoreError) in try connection.transaction("", body) }
        } catch {
            throw Self.namingThePrimary(error)
        }
    }

    /// `error` as a write reports it: on a standby (a read-only transaction refused the write),
    /// a storage error that says to write to the primary.
    static func namingThePrimary(_ error: StoreError) -> StoreError {
        guard case let .storage(operation, code, message) = error, PGConnection.sqlState(of: error) == PGError.readOnlyTransaction else { return error }
        return .storage(operation: operation + " (the server is a read-only standby: write to the primary)", code: code, message: message)
    }

    /// How many tasks and threads wait for `group`'s next commit (for tests of waking).
    package func waitingCount(of group: GroupID) -> Int { waiters.waitingCount(of: group) }
}
