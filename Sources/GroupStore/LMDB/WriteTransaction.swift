import CLMDB

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
/// grows the map and runs the closure again, even if the closure caught the error.
public struct WriteTransaction: ~Copyable, ReadableTransaction {
    let core: TransactionCore
    /// Where a write reports `MDB_MAP_FULL` to `LMDBEnvironment.write`, which owns the storage.
    private let mapFull: UnsafeMutablePointer<Bool>

    init(handle: OpaquePointer, mapFull: UnsafeMutablePointer<Bool>) {
        core = TransactionCore(handle: handle)
        self.mapFull = mapFull
    }

    /// How `put` and `reserve` treat an existing key.
    public struct PutOptions: OptionSet, Sendable, Hashable {
        /// The flags as LMDB spells them.
        public let rawValue: UInt32

        /// Creates options from LMDB's `MDB_*` put flags.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// `MDB_APPEND`: the key sorts after every key in the database, so LMDB skips the search and
        /// packs pages full (fast bulk loading). A key that does not sort last fails with
        /// `LMDBError.isKeyExists`, and the transaction stays usable.
        public static let append = PutOptions(rawValue: UInt32(MDB_APPEND))
        /// `MDB_NOOVERWRITE`: fail with `LMDBError.isKeyExists` if the key is already there, writing nothing.
        public static let noOverwrite = PutOptions(rawValue: UInt32(MDB_NOOVERWRITE))
    }

    /// Stores `value` under `key`, replacing any value there unless `options` says otherwise.
    ///
    /// Neither the key nor the value is copied on the Swift side: LMDB copies them into the map.
    /// - Throws: `LMDBError`; `isKeyExists` for a duplicate under `.noOverwrite` or an out-of-order
    ///   key under `.append`.
    public func put(
        _ database: LMDBDatabase, key: some LMDBBytes, value: some LMDBBytes, options: PutOptions = []
    ) throws(LMDBError) {
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
    /// - Throws: `LMDBError`, as `put` does.
    public func reserve(
        _ database: LMDBDatabase, key: some LMDBBytes, count: Int, options: PutOptions = []
    ) throws(LMDBError) -> UnsafeMutableRawBufferPointer {
        guard count >= 0 else { throw LMDBError(code: EINVAL, operation: "reserve \(count) bytes in \(database)") }
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
    /// - Throws: `LMDBError` for anything but a missing key.
    @discardableResult
    public func delete(_ database: LMDBDatabase, key: some LMDBBytes) throws(LMDBError) -> Bool {
        let code = key.withUnsafeBytes { key in
            var key = MDB_val(key)
            return mdb_del(core.handle, database.handle, &key, nil)
        }
        if code == MDB_NOTFOUND { return false }
        try checkWrite(code, "mdb_del \(database)")
        return true
    }

    /// Removes every entry of `database`, keeping the database itself (`mdb_drop` with 0).
    public func drop(_ database: LMDBDatabase) throws(LMDBError) {
        try checkWrite(mdb_drop(core.handle, database.handle, 0), "mdb_drop \(database)")
    }

    /// The value stored under `key`, or `nil` if there is none, including this transaction's own writes.
    ///
    /// The buffer is valid only until the next write in this transaction: copy what you keep.
    /// - Throws: `LMDBError` for anything but a missing key.
    public func get(_ database: LMDBDatabase, key: some LMDBBytes) throws(LMDBError) -> UnsafeRawBufferPointer? {
        try core.get(database, key: key)
    }

    /// Opens a cursor on `database`, calls `body` with it, and closes it when `body` returns or throws.
    ///
    /// Do not write to the database while iterating: a write may move the pages the cursor's
    /// buffers point into.
    /// - Throws: `LMDBError` if the cursor cannot be opened, or whatever `body` throws.
    public func withCursor<T>(_ database: LMDBDatabase, _ body: (LMDBCursor) throws -> T) throws -> T {
        try core.withCursor(database, body)
    }

    /// The number of entries in `database`, including this transaction's own writes.
    public func entryCount(_ database: LMDBDatabase) throws(LMDBError) -> Int {
        try core.entryCount(database)
    }

    /// The ID this transaction will commit as.
    public var transactionID: Int { core.id }

    /// Opens (creating if needed) a named database inside this transaction.
    func openDatabase(_ name: String) throws(LMDBError) -> MDB_dbi {
        var handle = MDB_dbi()
        try checkWrite(mdb_dbi_open(core.handle, name, UInt32(MDB_CREATE), &handle), "mdb_dbi_open \(name)")
        return handle
    }

    /// `check`, but first tells the environment when the map is full, so it retries after growing
    /// it whatever the body does with the error.
    private func checkWrite(_ code: Int32, _ operation: @autoclosure () -> String) throws(LMDBError) {
        if code == MDB_MAP_FULL { mapFull.pointee = true }
        try check(code, operation())
    }
}
