internal import CLMDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The single write transaction of an environment, lent to the body of `LMDBEnvironment.write(_:)`.
///
/// It sees its own writes. It is non-copyable and lent as `borrowing`, so it cannot escape the
/// closure; the environment commits it when the closure returns and aborts it when the closure
/// throws. Every buffer it hands out points into LMDB's memory and is valid only until the next
/// write in this transaction, and never after the closure returns.
///
/// If a write fails with `MDB_MAP_FULL`, the transaction is spoiled: the environment aborts it,
/// grows the map and runs the closure again, even if the closure caught the error. Its calls
/// throw `Failure`, the error type of the closure.
package struct WriteTransaction<Failure: LMDBErrorConvertible>: ~Copyable, ReadableTransaction {
    let core: TransactionCore<Failure>
    /// Where a write reports `MDB_MAP_FULL` to `LMDBEnvironment.write`, which owns the storage.
    private let mapFull: UnsafeMutablePointer<Bool>

    init(handle: OpaquePointer, mapFull: UnsafeMutablePointer<Bool>) {
        core = TransactionCore(handle: handle)
        self.mapFull = mapFull
    }

    /// Stores `value` under `key`, replacing any value there unless `options` says otherwise.
    ///
    /// Neither the key nor the value is copied on the Swift side: LMDB copies them into the map.
    /// - Throws: an LMDB failure; `isKeyExists` for a duplicate under `.noOverwrite` or an out-of-order
    ///   key under `.append`.
    package func put(
        _ database: LMDBDatabase, key: some LMDBBytes, value: some LMDBBytes, options: LMDBPutOptions = []
    ) throws(Failure) {
        let code = key.withUnsafeBytes { key in
            value.withUnsafeBytes { value in
                var key = MDB_val(key)
                var value = MDB_val(value)
                return mdb_put(core.handle, database.handle, &key, &value, options.rawValue)
            }
        }
        try checkWrite(code, "mdb_put \(database)")
    }

    /// Makes room for a `count`-byte value under `key` (`MDB_RESERVE`) and returns it to be filled in.
    ///
    /// This writes a value straight into the map with no intermediate buffer. The space holds
    /// garbage until you fill it, and is valid only until the next write in this transaction:
    /// fill it at once.
    /// - Throws: an LMDB failure, as `put` does.
    package func reserve(
        _ database: LMDBDatabase, key: some LMDBBytes, count: Int, options: LMDBPutOptions = []
    ) throws(Failure) -> UnsafeMutableRawBufferPointer {
        guard count >= 0 else { throw Failure(LMDBError(code: EINVAL, operation: "reserve \(count) bytes in \(database)")) }
        var value = MDB_val(mv_size: count, mv_data: nil)
        let code = key.withUnsafeBytes { key in
            var key = MDB_val(key)
            return mdb_put(core.handle, database.handle, &key, &value, options.rawValue | UInt32(MDB_RESERVE))
        }
        try checkWrite(code, "mdb_put (reserve) \(database)")
        return UnsafeMutableRawBufferPointer(start: value.mv_data, count: count)
    }

    /// Removes `key` and its value.
    /// - Returns: whether the key was there.
    /// - Throws: an LMDB failure for anything but a missing key.
    @discardableResult
    package func delete(_ database: LMDBDatabase, key: some LMDBBytes) throws(Failure) -> Bool {
        let code = key.withUnsafeBytes { key in
            var key = MDB_val(key)
            return mdb_del(core.handle, database.handle, &key, nil)
        }
        if code == MDB_NOTFOUND { return false }
        try checkWrite(code, "mdb_del \(database)")
        return true
    }

    /// Removes every entry of `database`, keeping the database itself (`mdb_drop` with 0).
    package func drop(_ database: LMDBDatabase) throws(Failure) {
        try checkWrite(mdb_drop(core.handle, database.handle, 0), "mdb_drop \(database)")
    }

    /// The value stored under `key`, or `nil` if there is none, including this transaction's own writes.
    ///
    /// The buffer is valid only until the next write in this transaction: copy what you keep.
    /// - Throws: an LMDB failure for anything but a missing key.
    package func get(_ database: LMDBDatabase, key: some LMDBBytes) throws(Failure) -> UnsafeRawBufferPointer? {
        try core.get(database, key: key)
    }

    /// Opens a cursor on `database`, calls `body` with it, and closes it when `body` returns or throws.
    ///
    /// Do not write to the database while iterating: a write may move the pages the cursor's
    /// buffers point into.
    /// - Throws: an LMDB failure if the cursor cannot be opened, or whatever `body` throws.
    package func withCursor<T>(_ database: LMDBDatabase, _ body: (LMDBCursor<Failure>) throws(Failure) -> T) throws(Failure) -> T {
        try core.withCursor(database, body)
    }

    /// The number of entries in `database`, including this transaction's own writes.
    package func entryCount(_ database: LMDBDatabase) throws(Failure) -> Int {
        try core.entryCount(database)
    }

    /// The ID this transaction will commit as.
    package var transactionID: Int { core.id }

    /// Opens (creating if needed) a named database inside this transaction.
    func openDatabase(_ name: String) throws(Failure) -> MDB_dbi {
        var handle = MDB_dbi()
        try checkWrite(mdb_dbi_open(core.handle, name, UInt32(MDB_CREATE), &handle), "mdb_dbi_open \(name)")
        return handle
    }

    /// `check`, but first tells the environment when the map is full, so it retries after growing
    /// it whatever the body does with the error.
    private func checkWrite(_ code: Int32, _ operation: @autoclosure () -> String) throws(Failure) {
        if code == MDB_MAP_FULL { mapFull.pointee = true }
        try check(code, operation(), as: Failure.self)
    }
}
