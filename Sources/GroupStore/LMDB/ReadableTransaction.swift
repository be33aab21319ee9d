/// What every transaction can read: lets a helper such as "the head of this log" take either a
/// `ReadTransaction` or the `WriteTransaction` that is about to append.
///
/// Write such a helper as `func head(in txn: borrowing some ReadableTransaction & ~Copyable)`.
public protocol ReadableTransaction: ~Copyable {
    /// The value stored under `key`, or `nil` if there is none.
    ///
    /// The buffer points into LMDB's memory map: it is valid only until the transaction ends (and,
    /// in a write transaction, only until the next write to the database). Copy what you keep.
    /// - Throws: `LMDBError` for anything but a missing key (an empty key is `MDB_BAD_VALSIZE`).
    func get(_ database: LMDBDatabase, key: some LMDBBytes) throws(LMDBError) -> UnsafeRawBufferPointer?

    /// Opens a cursor on `database`, calls `body` with it, and closes it when `body` returns or throws.
    ///
    /// The cursor must not escape `body` (being non-copyable, it cannot be stored).
    /// - Throws: `LMDBError` if the cursor cannot be opened, or whatever `body` throws.
    func withCursor<T>(_ database: LMDBDatabase, _ body: (LMDBCursor) throws -> T) throws -> T

    /// The number of entries in `database` as this transaction sees it (`mdb_stat`).
    func entryCount(_ database: LMDBDatabase) throws(LMDBError) -> Int

    /// LMDB's transaction ID: the ID of the snapshot a read sees, or the ID a write will commit as.
    var transactionID: Int { get }
}
