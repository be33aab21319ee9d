import CSQLite

/// A failed SQLite call: its result code, SQLite's message and the operation it was part of.
///
/// An open struct rather than a closed enum, so that any code SQLite returns survives (the way
/// `LMDBError` and GRDB's `DatabaseError` are built).
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The (extended) result code, such as `SQLITE_BUSY` (5) or `SQLITE_CONSTRAINT_PRIMARYKEY` (1555).
    public let code: Int32
    public let message: String
    /// What was being done, such as `prepare "SELECT ..."` or `step INSERT`.
    public let operation: String

    public init(code: Int32, message: String, operation: String) {
        self.code = code
        self.message = message
        self.operation = operation
    }

    /// The error of the last call on `connection`, which returned `code`.
    init(code: Int32, connection: OpaquePointer?, operation: String) {
        let text = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: text, operation: operation)
    }

    public var description: String { "\(operation): \(message) (SQLite code \(code))" }
}

/// Throws a `SQLiteError` unless `code` is `SQLITE_OK` (or one of `accepted`).
func check(_ code: Int32, _ connection: OpaquePointer?, _ operation: @autoclosure () -> String, accepting accepted: Int32...) throws(SQLiteError) {
    guard code != SQLITE_OK && !accepted.contains(code) else { return }
    throw SQLiteError(code: code, connection: connection, operation: operation())
}
