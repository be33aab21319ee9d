internal import CLMDB

extension LMDBEnvironment {
    /// Sizes and counters of an environment (`mdb_env_info`, `mdb_env_stat`).
    package struct Info: Sendable, Equatable {
        /// The size of the memory map in bytes.
        package let mapSize: Int
        /// The size of a database page in bytes.
        package let pageSize: Int
        /// The number of the last page used: `(lastPageNumber + 1) * pageSize` bytes are in use.
        package let lastPageNumber: Int
        /// The ID of the last committed transaction.
        package let lastTransactionID: Int
        /// How many reader slots the lock file has.
        package let maxReaders: Int
        /// How many reader slots have ever been used (slots are reused, so this is a high-water mark).
        package let readersInUse: Int
    }

    /// The current size of the memory map in bytes: `options.mapSize` until the map grows.
    package var mapSize: Int {
        gate.locked { rawInfo().me_mapsize }
    }

    /// Sizes and counters of the environment, for benchmarks and diagnostics.
    package func info() -> Info {
        let (info, pageSize) = gate.locked { (rawInfo(), rawPageSize()) }
        return Info(
            mapSize: info.me_mapsize,
            pageSize: pageSize,
            lastPageNumber: info.me_last_pgno,
            lastTransactionID: info.me_last_txnid,
            maxReaders: Int(info.me_maxreaders),
            readersInUse: Int(info.me_numreaders)
        )
    }

    private func rawInfo() -> MDB_envinfo {
        var info = MDB_envinfo()
        // mdb_env_info only fails for null arguments, which these are not.
        _ = mdb_env_info(handle, &info)
        return info
    }

    private func rawPageSize() -> Int {
        var stat = MDB_stat()
        // mdb_env_stat only fails for null arguments, which these are not.
        _ = mdb_env_stat(handle, &stat)
        return Int(stat.ms_psize)
    }
}
