import GroupStore

/// Scoped transactions: committed when the body returns, rolled back when it throws.
extension PGConnection {
    /// Runs `body` between `BEGIN` (with `mode`, e.g. "ISOLATION LEVEL REPEATABLE READ READ
    /// ONLY") and `COMMIT`; a body that throws gets a `ROLLBACK`, and its error. A failed
    /// `COMMIT` has already ended the transaction on the server, so nothing is rolled back then.
    func transaction<T>(_ mode: String = "", _ body: (PGConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        try execute(mode.isEmpty ? "BEGIN" : "BEGIN " + mode, operation: "begin a transaction")
        let value: T
        do throws(StoreError) {
            value = try body(self)
        } catch {
            // The connection may be gone; the body's error is the one to report.
            _ = try? execute("ROLLBACK", operation: "roll back a transaction")
            throw error
        }
        try execute("COMMIT", operation: "commit a transaction")
        return value
    }
}
