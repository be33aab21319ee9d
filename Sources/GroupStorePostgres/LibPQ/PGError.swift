internal import CPostgres
import GroupStore

/// Turning libpq's failures into `StoreError.storage`: the operation, the SQLSTATE packed into
/// the code the way PostgreSQL packs it (`MAKE_SQLSTATE`, six bits a character; 0 when libpq
/// reports none, as for a failed connection), and the message with the SQLSTATE and with any
/// password of the connection URL redacted.
enum PGError {
    /// SQLSTATE 40001 and 40P01: the server gave up the transaction to break a conflict; the
    /// same work may succeed when tried again.
    static let serializationFailure = "40001"
    static let deadlockDetected = "40P01"
    static let uniqueViolation = "23505"
    /// SQLSTATE 23502: a NULL where the column refuses one.
    static let notNullViolation = "23502"
    /// SQLSTATE 26000: no prepared statement of that name in the session.
    static let undefinedPreparedStatement = "26000"
    static let undefinedTable = "42P01"
    /// SQLSTATE 42501: the role lacks a privilege (or does not own the object) for the statement.
    static let insufficientPrivilege = "42501"
    /// SQLSTATE 3F000: no schema on the search path that the role may use (to create in).
    static let invalidSchemaName = "3F000"
    /// SQLSTATE 25006: a write in a read-only transaction, as on a hot standby.
    static let readOnlyTransaction = "25006"

    static func storage(_ operation: String, sqlState: String?, message: String, url: PGConnectionURL) -> StoreError {
        let text = url.redacting(message.trimmingTrailingWhitespace)
        let shown = sqlState.map { "\(text) (SQLSTATE \($0))" } ?? text
        return .storage(operation: url.redacting(operation), code: sqlState.map(code(of:)) ?? 0, message: shown)
    }

    /// The SQLSTATE's five characters packed into 30 bits, as PostgreSQL's `MAKE_SQLSTATE` does.
    static func code(of sqlState: String) -> Int32 {
        var code: Int32 = 0
        for (index, byte) in sqlState.utf8.prefix(5).enumerated() {
            code |= (Int32(byte &- 48) & 0x3F) << (6 * index)
        }
        return code
    }

    /// The SQLSTATE of a failed result, if the server sent one.
    static func sqlState(of result: OpaquePointer) -> String? {
        guard let field = PQresultErrorField(result, Int32(UInt8(ascii: "C"))) else { return nil }
        return String(cString: field)
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var text = self
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
