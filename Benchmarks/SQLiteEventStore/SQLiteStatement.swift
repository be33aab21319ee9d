import CSQLite

/// SQLite's `SQLITE_TRANSIENT`, which the C macro defines and Swift cannot import: SQLite copies
/// the bound bytes before the bind returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared statement, compiled once and reused for every call (reset and rebound), and
/// finalized when it goes away.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    let sql: String

    init(_ sql: String, on connection: OpaquePointer) throws(SQLiteError) {
        var handle: OpaquePointer?
        try check(sqlite3_prepare_v2(connection, sql, -1, &handle, nil), connection, "prepare \(sql.debugDescription)")
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement", operation: "prepare \(sql.debugDescription)") }
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to its parameters, in order.
    func reset(binding values: SQLiteValue...) throws(SQLiteError) {
        try bind(values)
    }

    /// Steps once: true when a row is ready to read, false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(code: code, connection: connection, operation: "step \(sql.debugDescription)")
        }
    }

    /// Ends the statement's current run. A statement left on a row keeps its read transaction
    /// open, and a connection reading an old snapshot cannot then start a write.
    func finish() {
        sqlite3_reset(handle)
    }

    /// Runs a statement that returns no rows.
    func run(_ values: SQLiteValue...) throws(SQLiteError) {
        try bind(values)
        while try step() {}
    }

    private func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code = switch value {
            case let .text(text): sqlite3_bind_text(handle, index, text, -1, transient)
            case let .integer(number): sqlite3_bind_int64(handle, index, number)
            }
            try check(code, connection, "bind parameter \(index) of \(sql.debugDescription)")
        }
    }

    /// Whether column `index` of the current row is NULL.
    func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` of the current row as an integer.
    func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Hands the bytes of text column `index` of the current row to `body`, valid only inside it.
    func withText<T>(_ index: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        // The text first, then its length: SQLite's documented order.
        let start = sqlite3_column_text(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : count))
    }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case text(String)
    case integer(Int64)
}
