/// The store's transactions: their bodies and every call on them throw `StoreError`, LMDB's
/// own failures arriving as `.storage` (`StoreError+LMDB.swift`).
extension GroupStore {
    /// Runs `body` in a read transaction (`LMDBEnvironment.read`).
    func reading<T>(_ body: (borrowing ReadTransaction<StoreError>) throws(StoreError) -> T) throws(StoreError) -> T {
        try environment.read(body)
    }

    /// Runs `body` in the write transaction (`LMDBEnvironment.write`): committed when it
    /// returns, aborted when it throws, and run again from the start when the map had to grow.
    func writing<T>(_ body: (borrowing WriteTransaction<StoreError>) throws(StoreError) -> T) throws(StoreError) -> T {
        try environment.write(body)
    }
}
