internal import CLMDB

/// The reads both kinds of transaction share, written once over the raw `MDB_txn` pointer.
///
/// Only ever held inside a `ReadTransaction` or `WriteTransaction`, which keep it from escaping.
struct TransactionCore<Failure: LMDBErrorConvertible> {
    let handle: OpaquePointer

    func get(_ database: LMDBDatabase, key: some LMDBBytes) throws(Failure) -> UnsafeRawBufferPointer? {
        var value = MDB_val()
        let code = key.withUnsafeBytes { key in
            var key = MDB_val(key)
            return mdb_get(handle, database.handle, &key, &value)
        }
        if code == MDB_NOTFOUND { return nil }
        try check(code, "mdb_get \(database)", as: Failure.self)
        return UnsafeRawBufferPointer(value)
    }

    func withCursor<T>(_ database: LMDBDatabase, _ body: (LMDBCursor<Failure>) throws(Failure) -> T) throws(Failure) -> T {
        var cursor: OpaquePointer?
        try check(mdb_cursor_open(handle, database.handle, &cursor), "mdb_cursor_open \(database)", as: Failure.self)
        guard let cursor else {
            // mdb_cursor_open sets the pointer whenever it succeeds; this only guards the C contract.
            throw Failure(LMDBError(code: MDB_BAD_TXN, operation: "mdb_cursor_open \(database) returned no cursor"))
        }
        // Closed before the transaction ends: a read transaction's cursors must be closed by hand,
        // and a write transaction's may be closed early.
        defer { mdb_cursor_close(cursor) }
        return try body(LMDBCursor(handle: cursor, database: database))
    }

    func entryCount(_ database: LMDBDatabase) throws(Failure) -> Int {
        var stat = MDB_stat()
        try check(mdb_stat(handle, database.handle, &stat), "mdb_stat \(database)", as: Failure.self)
        return stat.ms_entries
    }

    var id: Int { mdb_txn_id(handle) }
}
