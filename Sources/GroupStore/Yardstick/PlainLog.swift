/// The store's yardstick for the benchmarks: one plain LMDB database of records under 16-byte
/// big-endian (group number, sequence) keys, the store's own key layout, written with
/// `MDB_APPEND` puts and read with a cursor scan, with nothing on top: no validation, no
/// encoding, no outcomes, snapshots, heads or index.
///
/// It lives here so that the benchmarks measure the store against the same I/O without naming
/// an LMDB type themselves. LMDB's failures arrive as `StoreError.storage`.
package final class PlainLog {
    private let environment: LMDBEnvironment
    private let database: LMDBDatabase

    /// Opens (creating if needed) the environment in the existing directory `path`, and its
    /// database `name` (`commits` is the store's own log database, for scanning a store's log).
    package init(path: String, database name: String = "commits", mapSize: Int, noMetaSync: Bool = false) throws(StoreError) {
        do throws(LMDBError) {
            environment = try LMDBEnvironment(path: path, options: LMDBEnvironment.Options(mapSize: mapSize, noMetaSync: noMetaSync))
            database = try environment.database(name)
        } catch {
            throw StoreError(error)
        }
    }

    /// Puts `records` under group number 0 with each record's index as its sequence,
    /// `perTransaction` to a write transaction, each with `MDB_APPEND`.
    package func append(_ records: ArraySlice<[UInt8]>, perTransaction: Int) throws(StoreError) {
        var start = records.startIndex
        while start < records.endIndex {
            let end = min(start + max(1, perTransaction), records.endIndex)
            try environment.write { (txn: borrowing WriteTransaction<StoreError>) throws(StoreError) in
                for sequence in start..<end {
                    try withUnsafeBytes(of: (UInt64(0).bigEndian, UInt64(sequence).bigEndian)) { key throws(StoreError) in
                        try txn.put(database, key: key, value: records[sequence], options: .append)
                    }
                }
            }
            start = end
        }
    }

    /// Hands every value to `body` in key order, zero-copy: the buffer points into the map and
    /// is valid only until `body` returns.
    package func scan(_ body: (UnsafeRawBufferPointer) -> Void) throws(StoreError) {
        try environment.read { (txn: borrowing ReadTransaction<StoreError>) throws(StoreError) in
            try txn.withCursor(database) { cursor throws(StoreError) in
                while let entry = try cursor.next() { body(entry.value) }
            }
        }
    }
}
