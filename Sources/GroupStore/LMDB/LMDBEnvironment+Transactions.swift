internal import CLMDB

extension LMDBEnvironment {
    /// How many times one `read` or `write` adopts a map grown by another process before giving up
    /// (each adoption needs that process to have grown the map again in the meantime).
    static let resizeAdoptionLimit = 64

    /// Runs `body` in a read-only transaction: a consistent snapshot of the committed data.
    ///
    /// The transaction is aborted when `body` returns or throws. It and every buffer it hands out
    /// are valid only inside `body`; copy what you keep. Any number of reads may run at once, on
    /// any threads, alongside one write. A read may run inside a `write` body (it does not see
    /// the uncommitted writes), but not the other way round.
    ///
    /// If another process grew the map beyond this process's view (`MDB_MAP_RESIZED`), the map is
    /// adopted (`mdb_env_set_mapsize(env, 0)`, once no other transaction of this environment is
    /// open in the process) and the transaction begun again.
    ///
    /// The transaction's calls throw `Failure`, the error type of `body`, so LMDB's failures and
    /// the body's own reach the caller as one type.
    /// - Throws: an LMDB failure if the transaction cannot begin, or whatever `body` throws.
    package func read<T, Failure: LMDBErrorConvertible>(
        _ body: (borrowing ReadTransaction<Failure>) throws(Failure) -> T
    ) throws(Failure) -> T {
        var adoptions = 0
        while true {
            gate.enterRead()
            var began: OpaquePointer?
            let code = mdb_txn_begin(handle, nil, UInt32(MDB_RDONLY), &began)
            guard code == MDB_SUCCESS, let transaction = began else {
                gate.exitRead()
                let error = LMDBError(code: code == MDB_SUCCESS ? MDB_BAD_TXN : code, operation: "mdb_txn_begin (read) \(path)")
                guard error.isMapResized, adoptions < Self.resizeAdoptionLimit else { throw Failure(error) }
                adoptions += 1
                do throws(LMDBError) {
                    try adoptGrownMapBeforeReading(error)
                } catch {
                    throw Failure(error)
                }
                continue
            }
            defer {
                mdb_txn_abort(transaction)
                gate.exitRead()
            }
            return try body(ReadTransaction(handle: transaction))
        }
    }

    /// Runs `body` in the write transaction, committing when it returns and aborting when it throws.
    ///
    /// One write runs at a time in this process (others wait; LMDB serialises processes). The
    /// transaction and every buffer it hands out are valid only inside `body`.
    ///
    /// **`body` must be safe to run more than once**: when a write fails with `MDB_MAP_FULL`, in
    /// `body` or at commit, the transaction is aborted, the map doubled (up to
    /// `options.maxMapSize`) and `body` run again from the start; when another process grew the
    /// map (`MDB_MAP_RESIZED`), the new size is adopted and the transaction begun again. Keep side
    /// effects outside the database out of `body`, or make them idempotent. Growing the map waits
    /// until no read transaction of this environment is open in this process, and holds new ones
    /// off meanwhile.
    ///
    /// A thread that has a read transaction of this environment open cannot write (the growth
    /// could then never happen): that throws `EDEADLK`, as does a `write` inside a `write`. For
    /// the same reason, never make a `read` body wait for a write on another thread: if that
    /// write has to grow the map, each waits for the other forever.
    ///
    /// The transaction's calls throw `Failure`, the error type of `body`, as `read`'s do.
    /// - Throws: an LMDB failure (`isMapFull` once the map cannot grow any more), or whatever
    ///   `body` throws, after the abort.
    package func write<T, Failure: LMDBErrorConvertible>(
        _ body: (borrowing WriteTransaction<Failure>) throws(Failure) -> T
    ) throws(Failure) -> T {
        do throws(LMDBError) {
            try gate.enterWrite("write \(path)")
        } catch {
            throw Failure(error)
        }
        defer { gate.exitWrite() }
        return try writeHoldingGate(body)
    }

    /// Throws the `EDEADLK` that `write` would throw on this thread (it is already writing, or
    /// has a read transaction open), without writing: for a caller about to wait for a write made
    /// for it on another thread, which would then never end.
    package func ensureCanWrite(_ purpose: @autoclosure () -> String) throws(LMDBError) {
        try gate.ensureCanWrite(purpose())
    }

    /// The body of `write`, for a caller that already holds the write slot.
    func writeHoldingGate<T, Failure: LMDBErrorConvertible>(
        _ body: (borrowing WriteTransaction<Failure>) throws(Failure) -> T
    ) throws(Failure) -> T {
        var adoptions = 0
        while true {
            var began: OpaquePointer?
            let code = mdb_txn_begin(handle, nil, 0, &began)
            guard code == MDB_SUCCESS, let transaction = began else {
                let error = LMDBError(code: code == MDB_SUCCESS ? MDB_BAD_TXN : code, operation: "mdb_txn_begin (write) \(path)")
                guard error.isMapResized, adoptions < Self.resizeAdoptionLimit else { throw Failure(error) }
                adoptions += 1
                try resizeMap(to: 0, as: Failure.self)
                continue
            }
            var mapFull = false
            let result: T
            do throws(Failure) {
                result = try withUnsafeMutablePointer(to: &mapFull) { mapFull throws(Failure) in
                    try body(WriteTransaction(handle: transaction, mapFull: mapFull))
                }
            } catch {
                mdb_txn_abort(transaction)
                guard mapFull else { throw error }
                try growMap(as: Failure.self)
                continue
            }
            if mapFull {
                // The body caught the error and returned anyway; the transaction is spoiled all the same.
                mdb_txn_abort(transaction)
                try growMap(as: Failure.self)
                continue
            }
            // mdb_txn_commit frees the transaction even when it fails: never abort after it.
            let committed = mdb_txn_commit(transaction)
            if committed == MDB_MAP_FULL {
                try growMap(as: Failure.self)
                continue
            }
            try check(committed, "mdb_txn_commit \(path)", as: Failure.self)
            return result
        }
    }

    /// Doubles the map, up to `options.maxMapSize`. The caller holds the write slot and has no
    /// transaction open.
    private func growMap<Failure: LMDBErrorConvertible>(as _: Failure.Type) throws(Failure) {
        let current = mapSize
        guard current < options.maxMapSize else {
            throw Failure(LMDBError(
                code: MDB_MAP_FULL,
                operation: "write \(path): the map is already at maxMapSize (\(options.maxMapSize) bytes)"
            ))
        }
        let doubled = current.multipliedReportingOverflow(by: 2)
        try resizeMap(to: doubled.overflow ? options.maxMapSize : min(doubled.partialValue, options.maxMapSize), as: Failure.self)
    }

    /// Sets the map size (0: adopt the size another process set) once no read transaction of this
    /// environment is open in this process. The caller holds the write slot and has no
    /// transaction open, so then none is open at all, as `mdb_env_set_mapsize` requires.
    func resizeMap<Failure: LMDBErrorConvertible>(to size: Int, as _: Failure.Type) throws(Failure) {
        try gate.exclusively { () throws(Failure) in
            try check(mdb_env_set_mapsize(handle, size), "mdb_env_set_mapsize \(size) \(path)", as: Failure.self)
        }
    }

    /// Adopts the map size another process set, for a read that was refused with `MDB_MAP_RESIZED`.
    private func adoptGrownMapBeforeReading(_ refusal: LMDBError) throws(LMDBError) {
        do throws(LMDBError) {
            try gate.enterWrite("adopt the grown map")
        } catch {
            // This thread holds a transaction of this environment, so the map cannot be remapped now.
            throw refusal
        }
        defer { gate.exitWrite() }
        try resizeMap(to: 0, as: LMDBError.self)
    }
}
