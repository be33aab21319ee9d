internal import CPostgres
import GroupStore

/// Bulk loading: `COPY ... FROM STDIN` with the rows sent as copy data (`PQputCopyData`), in
/// the current transaction, so that they are written with everything else it writes or not at all.
extension PGConnection {
    /// Copy data goes to libpq in pieces of this size, so that no one call hands it the whole load.
    private static let copyPiece = 1 << 20

    /// Runs `sql` (a `COPY table (columns) FROM STDIN (FORMAT binary)` of ours; the rows travel
    /// apart from it, as data, never in the statement) and sends it `rows`.
    /// - Throws: `storage` when the server refuses the statement or any row (a duplicate key, a
    ///   value of the wrong type), or the connection fails; nothing of the COPY is written then,
    ///   and the transaction it ran in can only roll back.
    func copy(_ sql: String, _ rows: PGCopyRows, operation: String) throws(StoreError) {
        guard let started = PQexec(handle, sql) else {
            throw PGError.storage(operation, sqlState: nil, message: String(cString: PQerrorMessage(handle)), url: url)
        }
        guard PQresultStatus(started) == PGRES_COPY_IN else {
            let error = PGError.storage(operation, sqlState: PGError.sqlState(of: started),
                                        message: String(cString: PQresultErrorMessage(started)), url: url)
            PQclear(started)
            // A statement that started something other than COPY IN may have results to come.
            while let rest = PQgetResult(handle) { PQclear(rest) }
            throw error
        }
        PQclear(started)
        var sendFailure: String?
        rows.data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let piece = min(Self.copyPiece, raw.count - offset)
                let sent = PQputCopyData(handle, (base + offset).assumingMemoryBound(to: CChar.self), Int32(piece))
                guard sent == 1 else {
                    sendFailure = String(cString: PQerrorMessage(handle))
                    return
                }
                offset += piece
            }
        }
        // A failed send ends the COPY with an error of ours, so the server writes none of it.
        if PQputCopyEnd(handle, sendFailure == nil ? nil : "the client could not send every row") != 1, sendFailure == nil {
            sendFailure = String(cString: PQerrorMessage(handle))
        }
        // The COPY's result, then nil; the server's error, when there is one, is the one to report.
        var failure: StoreError?
        while let result = PQgetResult(handle) {
            if PQresultStatus(result) != PGRES_COMMAND_OK, failure == nil {
                failure = PGError.storage(operation, sqlState: PGError.sqlState(of: result),
                                          message: String(cString: PQresultErrorMessage(result)), url: url)
            }
            PQclear(result)
        }
        if let failure { throw failure }
        if let sendFailure { throw PGError.storage(operation, sqlState: nil, message: sendFailure, url: url) }
    }
}
