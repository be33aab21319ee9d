internal import CLMDB

extension LMDBEnvironment {
    /// How to open an environment.
    package struct Options: Sendable, Equatable {
        /// The initial size of the memory map in bytes (default 64 MiB). It doubles whenever a
        /// write runs out of room, up to `maxMapSize`.
        package var mapSize: Int
        /// The largest size the map may grow to in bytes (default 1 TiB). A write that needs more
        /// fails with `LMDBError.isMapFull`.
        package var maxMapSize: Int
        /// How many named databases the environment can hold (default 16).
        package var maxDatabases: Int
        /// How many read transactions may be open at once across all processes (default 126).
        package var maxReaders: Int
        /// `MDB_NOMETASYNC`: skip the flush of the meta page at commit. A crash may lose the last
        /// transaction but never corrupts the data (default false).
        package var noMetaSync: Bool
        /// `MDB_NOSYNC`: skip flushing at commit. A crash of the machine may lose recent transactions
        /// (a crash of the process loses nothing); call `sync(force:)` yourself (default false).
        package var noSync: Bool
        /// `MDB_RDONLY`: open without writing; `write` then fails with `EACCES` (default false).
        package var readOnly: Bool

        /// Options with LMDB's usual defaults and a 64 MiB map that grows to at most 1 TiB.
        package init(
            mapSize: Int = 64 << 20,
            maxMapSize: Int = 1 << 40,
            maxDatabases: Int = 16,
            maxReaders: Int = 126,
            noMetaSync: Bool = false,
            noSync: Bool = false,
            readOnly: Bool = false
        ) {
            self.mapSize = mapSize
            self.maxMapSize = maxMapSize
            self.maxDatabases = maxDatabases
            self.maxReaders = maxReaders
            self.noMetaSync = noMetaSync
            self.noSync = noSync
            self.readOnly = readOnly
        }

        /// The `mdb_env_open` flags: always `MDB_NOTLS`, so a read transaction is not tied to a
        /// thread's slot and Swift code may begin and end it wherever it runs.
        var openFlags: UInt32 {
            var flags = UInt32(MDB_NOTLS)
            if noMetaSync { flags |= UInt32(MDB_NOMETASYNC) }
            if noSync { flags |= UInt32(MDB_NOSYNC) }
            if readOnly { flags |= UInt32(MDB_RDONLY) }
            return flags
        }
    }
}
