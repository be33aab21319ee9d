/// A read-only snapshot of an environment, lent to the body of `LMDBEnvironment.read(_:)`.
///
/// It sees the data committed before it began and nothing written since. It is non-copyable and
/// lent as `borrowing`, so it cannot escape the closure; LMDB aborts it when the closure returns.
/// Every buffer it hands out points into the memory map and is valid only inside that closure.
/// Its calls throw `Failure`, the error type of the closure.
package struct ReadTransaction<Failure: LMDBErrorConvertible>: ~Copyable, ReadableTransaction {
    let core: TransactionCore<Failure>

    init(handle: OpaquePointer) {
        core = TransactionCore(handle: handle)
    }

    /// The value stored under `key`, or `nil` if there is none.
    ///
    /// The buffer points into LMDB's memory map and is valid only until the transaction ends:
    /// copy what you keep.
    /// - Throws: an LMDB failure for anything but a missing key.
    package func get(_ database: LMDBDatabase, key: some LMDBBytes) throws(Failure) -> UnsafeRawBufferPointer? {
        try core.get(database, key: key)
    }

    /// Opens a cursor on `database`, calls `body` with it, and closes it when `body` returns or throws.
    /// - Throws: an LMDB failure if the cursor cannot be opened, or whatever `body` throws.
    package func withCursor<T>(_ database: LMDBDatabase, _ body: (LMDBCursor<Failure>) throws(Failure) -> T) throws(Failure) -> T {
        try core.withCursor(database, body)
    }

    /// The number of entries in `database` in this snapshot.
    package func entryCount(_ database: LMDBDatabase) throws(Failure) -> Int {
        try core.entryCount(database)
    }

    /// The ID of the last transaction committed before this snapshot was taken.
    package var transactionID: Int { core.id }
}
