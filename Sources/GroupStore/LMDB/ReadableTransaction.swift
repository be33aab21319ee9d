/// What every transaction can read: lets a helper such as "the head of this log" take either a
/// `ReadTransaction` or the `WriteTransaction` that is about to append.
///
/// Write such a helper as `func head(in txn: borrowing some ReadableTransaction<MyError> & ~Copyable)`.
/// Every call throws the transaction's `Failure`: the error type its body throws, which also
/// carries LMDB's own failures.
package protocol ReadableTransaction<Failure>: ~Copyable {
    /// The error the transaction's body throws, and so every call on the transaction.
    associatedtype Failure: LMDBErrorConvertible

    /// The value stored under `key`, or `nil` if there is none.
    ///
    /// The buffer points into LMDB's memory map: it is valid only until the transaction ends (and,
    /// in a write transaction, only until the next write to the database). Copy what you keep.
    /// - Throws: an LMDB failure for anything but a missing key (an empty key is `MDB_BAD_VALSIZE`).
    func get(_ database: LMDBDatabase, key: some LMDBBytes) throws(Failure) -> UnsafeRawBufferPointer?

    /// Opens a cursor on `database`, calls `body` with it, and closes it when `body` returns or throws.
    ///
    /// The cursor must not escape `body`.
    /// - Throws: an LMDB failure if the cursor cannot be opened, or whatever `body` throws.
    func withCursor<T>(_ database: LMDBDatabase, _ body: (LMDBCursor<Failure>) throws(Failure) -> T) throws(Failure) -> T

    /// The number of entries in `database` as this transaction sees it (`mdb_stat`).
    func entryCount(_ database: LMDBDatabase) throws(Failure) -> Int

    /// LMDB's transaction ID: the ID of the snapshot a read sees, or the ID a write will commit as.
    var transactionID: Int { get }
}
