internal import CLMDB

extension LMDBEnvironment {
    /// The named database `name`, created if it does not exist yet (`MDB_CREATE`).
    ///
    /// Opened once, in a write transaction of its own, then cached: later calls with the same
    /// name return the cached value at once. Keys are compared as byte strings (LMDB's default).
    /// Open your databases up front: a first open takes the write slot, so it cannot happen on a
    /// thread that is inside `read` or `write` (that throws `EDEADLK`). In a read-only environment
    /// the database must exist already (`MDB_NOTFOUND` otherwise).
    /// - Throws: `LMDBError`; `MDB_DBS_FULL` beyond `options.maxDatabases`.
    package func database(_ name: String) throws(LMDBError) -> LMDBDatabase {
        if let cached = gate.locked({ databases[name] }) { return cached }
        // The write slot also keeps mdb_dbi_open from running in two transactions at once, which LMDB forbids.
        try gate.enterWrite("open database \(name)")
        defer { gate.exitWrite() }
        if let cached = gate.locked({ databases[name] }) { return cached }
        let handle = if options.readOnly {
            try openExistingDatabase(name)
        } else {
            try writeHoldingGate { (transaction) throws(LMDBError) in try transaction.openDatabase(name) }
        }
        let database = LMDBDatabase(name: name, handle: handle)
        gate.locked { databases[name] = database }
        return database
    }

    /// The named database `name` if it exists; nil if it does not, and nothing is created.
    /// - Throws: `LMDBError` for anything but a missing database.
    package func existingDatabase(_ name: String) throws(LMDBError) -> LMDBDatabase? {
        if let cached = gate.locked({ databases[name] }) { return cached }
        try gate.enterWrite("open database \(name)")
        defer { gate.exitWrite() }
        if let cached = gate.locked({ databases[name] }) { return cached }
        let handle: MDB_dbi
        do throws(LMDBError) {
            handle = try openExistingDatabase(name)
        } catch {
            if error.isNotFound { return nil }
            throw error
        }
        let database = LMDBDatabase(name: name, handle: handle)
        gate.locked { databases[name] = database }
        return database
    }

    /// The main database, whose keys are the named databases' names and whose values are LMDB's
    /// records of them (`MDB_db`, ``LMDBDatabase/recordSize`` bytes). Opened, and cached, as a
    /// named one is.
    package func mainDatabase() throws(LMDBError) -> LMDBDatabase {
        // No named database has an empty name: LMDB takes a null one as the main database.
        let key = ""
        if let cached = gate.locked({ databases[key] }) { return cached }
        try gate.enterWrite("open the main database")
        defer { gate.exitWrite() }
        if let cached = gate.locked({ databases[key] }) { return cached }
        let database = LMDBDatabase(name: "(main)", handle: try openExistingDatabase(nil))
        gate.locked { databases[key] = database }
        return database
    }

    /// Opens an existing database (the main one for a nil name) in a read-only transaction,
    /// committed so the handle stays open.
    private func openExistingDatabase(_ name: String?) throws(LMDBError) -> MDB_dbi {
        var adoptions = 0
        while true {
            var began: OpaquePointer?
            let code = mdb_txn_begin(self.handle, nil, UInt32(MDB_RDONLY), &began)
            guard code == MDB_SUCCESS, let transaction = began else {
                let error = LMDBError(code: code == MDB_SUCCESS ? MDB_BAD_TXN : code, operation: "mdb_txn_begin (read) \(path)")
                guard error.isMapResized, adoptions < Self.resizeAdoptionLimit else { throw error }
                adoptions += 1
                try resizeMap(to: 0, as: LMDBError.self)
                continue
            }
            var handle = MDB_dbi()
            let opened = mdb_dbi_open(transaction, name, 0, &handle)
            guard opened == MDB_SUCCESS else {
                mdb_txn_abort(transaction)
                throw LMDBError(code: opened, operation: "mdb_dbi_open \(name ?? "(main)")")
            }
            // mdb_txn_commit frees the transaction even when it fails: never abort after it.
            try check(mdb_txn_commit(transaction), "mdb_txn_commit (open \(name ?? "(main)"))")
            return handle
        }
    }
}
