import GroupStore

/// The store's rival: one plain LMDB database of commit records under 16-byte big-endian
/// (group number, sequence) keys, the store's key layout, written and read with nothing on top:
/// no validation, no encoding, no outcomes, snapshots, heads or index.
final class RawLog {
    let environment: LMDBEnvironment
    let database: LMDBDatabase

    /// Opens (creating if needed) the environment at `path` and its database `name`; `commits`
    /// is the store's own log database.
    init(path: String, database name: String = "commits", mapSize: Int, noMetaSync: Bool = false) {
        let environment = orExit("open LMDB at \(path)") {
            try LMDBEnvironment(path: path, options: LMDBEnvironment.Options(mapSize: mapSize, noMetaSync: noMetaSync))
        }
        self.environment = environment
        database = orExit("open database \(name)") { try environment.database(name) }
    }

    /// Puts `records` under group number 0 and their index as sequence, `perTransaction` to a
    /// transaction, each with `MDB_APPEND`.
    func append(_ records: ArraySlice<[UInt8]>, perTransaction: Int) {
        var start = records.startIndex
        while start < records.endIndex {
            let end = min(start + perTransaction, records.endIndex)
            orExit("append records \(start)..<\(end)") {
                try environment.write { txn in
                    for sequence in start..<end {
                        try withUnsafeBytes(of: (UInt64(0).bigEndian, UInt64(sequence).bigEndian)) { key in
                            try txn.put(database, key: key, value: records[sequence], options: .append)
                        }
                    }
                }
            }
            start = end
        }
    }

    /// Hands every value to `body` in key order, zero-copy: the buffer points into the map.
    func scan(_ body: (UnsafeRawBufferPointer) throws -> Void) {
        orExit("scan \(database)") {
            try environment.read { txn in
                try txn.withCursor(database) { cursor in
                    while let entry = try cursor.next() { try body(entry.value) }
                }
            }
        }
    }
}
