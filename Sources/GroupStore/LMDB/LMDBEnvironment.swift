internal import CLMDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open LMDB environment: one directory holding `data.mdb` and `lock.mdb`, with any number of
/// named databases inside. Closed when the last reference goes away.
///
/// Use it from any thread: LMDB environments are thread-safe, it is opened with `MDB_NOTLS` so a
/// read transaction is not tied to a thread's slot, and the write path (and every resize of the
/// map) is serialised by a lock inside this class. That is why it is `@unchecked Sendable`.
///
/// `read` and `write` block the calling thread (a writer waits for the current writer, a resize
/// waits for open reads); keep their bodies short and synchronous.
///
/// Open each directory once per process: LMDB forbids a second `MDB_env` on the same files in
/// one process (closing it would release the first one's locks), so a second `init` on a path
/// that is already open throws `EBUSY` instead. Share the one environment.
package final class LMDBEnvironment: @unchecked Sendable {
    /// The directory, as given to `init`.
    package let path: String
    /// The options the environment was opened with. The live map size is `mapSize`.
    package let options: Options
    /// How many reader slots of dead processes `mdb_reader_check` cleared when the environment opened.
    package let staleReadersCleared: Int

    let handle: OpaquePointer
    let gate: TransactionGate
    private let identity: OpenEnvironmentRegistry.Identity?
    /// Databases opened so far, by name. Guarded by the gate's mutex.
    var databases: [String: LMDBDatabase] = [:]

    /// Opens the environment in the existing directory `path`, creating its files if there are none.
    ///
    /// Then clears reader slots left by dead processes (`staleReadersCleared`).
    /// - Throws: `LMDBError`: `ENOENT` if the directory does not exist, `ENOTDIR` if it is a file,
    ///   `MDB_INVALID` (`isInvalidFile`) if `data.mdb` is not an LMDB file, `EBUSY` if this process
    ///   already has it open, `EACCES` without permission, `EINVAL` for options out of range.
    package init(path: String, options: Options = Options()) throws(LMDBError) {
        var created: OpaquePointer?
        try check(mdb_env_create(&created), "mdb_env_create")
        guard let environment = created else {
            // mdb_env_create sets the pointer whenever it succeeds; this only guards the C contract.
            throw LMDBError(code: ENOMEM, operation: "mdb_env_create returned no environment")
        }
        let identity = OpenEnvironmentRegistry.identity(of: path)
        var claimed = false
        do throws(LMDBError) {
            try Self.configure(environment, options)
            if let identity {
                guard OpenEnvironmentRegistry.shared.claim(identity) else {
                    throw LMDBError(
                        code: EBUSY,
                        operation: "mdb_env_open \(path): already open in this process "
                            + "(LMDB forbids a second environment on the same files; share the open one)"
                    )
                }
                claimed = true
            }
            try check(mdb_env_open(environment, path, options.openFlags, 0o664), "mdb_env_open \(path)")
            var dead: Int32 = 0
            try check(mdb_reader_check(environment, &dead), "mdb_reader_check \(path)")
            staleReadersCleared = Int(dead)
        } catch {
            // After a failed mdb_env_open the handle must still be closed, and nothing else done with it.
            mdb_env_close(environment)
            if claimed, let identity { OpenEnvironmentRegistry.shared.release(identity) }
            throw error
        }
        self.path = path
        self.options = options
        self.handle = environment
        self.identity = claimed ? identity : nil
        self.gate = TransactionGate(expectedReaders: options.maxReaders)
    }

    deinit {
        // No transaction can be open: `read` and `write` keep `self` alive while theirs are.
        mdb_env_close(handle)
        if let identity { OpenEnvironmentRegistry.shared.release(identity) }
    }

    private static func configure(_ environment: OpaquePointer, _ options: Options) throws(LMDBError) {
        guard options.mapSize > 0, options.maxMapSize >= options.mapSize else {
            throw LMDBError(code: EINVAL, operation: "mapSize \(options.mapSize) with maxMapSize \(options.maxMapSize)")
        }
        guard let readers = UInt32(exactly: options.maxReaders), readers > 0 else {
            throw LMDBError(code: EINVAL, operation: "mdb_env_set_maxreaders \(options.maxReaders)")
        }
        guard let databases = MDB_dbi(exactly: options.maxDatabases) else {
            throw LMDBError(code: EINVAL, operation: "mdb_env_set_maxdbs \(options.maxDatabases)")
        }
        try check(mdb_env_set_mapsize(environment, options.mapSize), "mdb_env_set_mapsize \(options.mapSize)")
        try check(mdb_env_set_maxreaders(environment, readers), "mdb_env_set_maxreaders \(readers)")
        try check(mdb_env_set_maxdbs(environment, databases), "mdb_env_set_maxdbs \(databases)")
    }

    /// Flushes written data to disk (`mdb_env_sync`).
    ///
    /// Only needed with `noSync` or `noMetaSync`: otherwise every commit is already durable.
    /// - Parameter force: flush even if the environment was opened with `noSync`, which otherwise
    ///   makes this call a no-op.
    /// - Throws: `LMDBError`; `EACCES` on a read-only environment.
    package func sync(force: Bool = true) throws(LMDBError) {
        try check(mdb_env_sync(handle, force ? 1 : 0), "mdb_env_sync \(path)")
    }

    /// Clears reader slots left by processes that died with a read transaction open (`mdb_reader_check`).
    ///
    /// Done once at open; call it again in a long-lived process that shares the environment with
    /// others that may crash, since a stale slot keeps old pages from being reused.
    /// - Returns: how many slots were cleared.
    package func clearStaleReaders() throws(LMDBError) -> Int {
        var dead: Int32 = 0
        try check(mdb_reader_check(handle, &dead), "mdb_reader_check \(path)")
        return Int(dead)
    }
}
