import GroupCore

#if canImport(Glibc)
import Glibc
#endif

/// A GroupLog store: one LMDB environment holding many conversations' logs, their outcomes,
/// state snapshots, the identity directory and the cross-group index (SPEC section 12).
///
/// The log is the only truth; outcomes, snapshots, heads and the index are derived from it and
/// `rebuild()` makes them again. Writes from one process are serialised; any number of readers,
/// in this or other processes, read while one writer writes.
public final class GroupStore: Sendable {
    public let path: String
    public let options: StoreOptions
    let environment: LMDBEnvironment
    let databases: Databases
    /// The state at the head of recently used groups, so that a run of submits does not reload
    /// a snapshot each time. Checked against the stored head before every use.
    let heads = HeadStateCache<GroupHead>()
    /// Submits from many threads, batched into shared write transactions (group commit).
    let submissions = SubmitQueue<SubmitRequest, Result<SubmittedCommit, StoreError>>()
    /// Tasks and threads waiting for a group's next commit, woken after each write that appended to it.
    let waiters = CommitWaiters(hearsOtherWriters: false)

    /// The store's named databases.
    struct Databases {
        let meta: LMDBDatabase
        let groups: LMDBDatabase
        let commits: LMDBDatabase
        let outcomes: LMDBDatabase
        let snapshots: LMDBDatabase
        let memberships: LMDBDatabase
        let claims: LMDBDatabase
        let claimOwners: LMDBDatabase
        /// Each inbox's signing keys, revoked ones included, in claim order (`KeyClaimsCodec`).
        let keyClaims: LMDBDatabase
        /// The inbox each signing key ever claimed belongs to: the key's 32 bytes to the inbox ID.
        let keyOwners: LMDBDatabase
        /// Groups anyone may find: join rule open or approval, not deleted.
        let directory: LMDBDatabase
        /// The DMs between each pair of inboxes (`StoreKeys.dm`).
        let dms: LMDBDatabase

        /// LMDB's main database: its records of the tables above, by name.
        let main: LMDBDatabase

        /// Every table, for checks of them all.
        var all: [LMDBDatabase] {
            [meta, groups, commits, outcomes, snapshots, memberships, claims, claimOwners, keyClaims, keyOwners, directory, dms]
        }
    }

    static let formatVersion: UInt8 = 1

    /// Opens the store at `path`, creating it when `options.create` is set.
    /// - Throws: `StoreError.notAStore` for a missing directory or one that is not a GroupLog
    ///   store; `StoreError.storage` when LMDB fails.
    public init(path: String, options: StoreOptions = StoreOptions()) throws(StoreError) {
        self.path = path
        self.options = options
        var status = stat()
        if stat(path, &status) != 0 {
            guard options.create else { throw .notAStore(path: path, reason: "no such directory; create a store with 'grouplog init'") }
            guard mkdir(path, 0o755) == 0 else {
                throw .notAStore(path: path, reason: "cannot create the directory: \(String(cString: strerror(errno)))")
            }
        } else if status.st_mode & S_IFMT != S_IFDIR {
            throw .notAStore(path: path, reason: "not a directory")
        }
        let isNew = access(path + "/data.mdb", F_OK) != 0
        if isNew && !options.create {
            throw .notAStore(path: path, reason: "no GroupLog store here; create one with 'grouplog init'")
        }
        do throws(LMDBError) {
            environment = try LMDBEnvironment(path: path, options: LMDBEnvironment.Options(
                mapSize: options.initialMapSize, maxMapSize: options.maximumMapSize, maxDatabases: 16,
                noMetaSync: options.noMetaSync))
        } catch {
            // A store already open in this process is there, just busy. A system error (`errno`:
            // the map cannot be reserved, a permission) is the machine's, not the files': it was
            // reported as "not a GroupLog store". LMDB's own codes, below zero, mean the files
            // are not an LMDB environment this build can open.
            if error.code == EBUSY { throw StoreError(error) }
            if error.code > 0 {
                let operation = "open the store at \(path) with a map of \(options.initialMapSize) bytes"
                throw .storage(operation: operation, code: error.code, message: error.message)
            }
            throw .notAStore(path: path, reason: "not a GroupLog store: \(error)")
        }
        var isForeign = false
        do throws(LMDBError) {
            if !isNew && !options.create { isForeign = try environment.existingDatabase("meta") == nil }
        } catch {
            throw StoreError(error)
        }
        // Another program's LMDB environment is not ours to write into.
        if isForeign { throw .notAStore(path: path, reason: "an LMDB environment, but not a GroupLog store") }
        do throws(LMDBError) {
            databases = Databases(
                meta: try environment.database("meta"), groups: try environment.database("groups"),
                commits: try environment.database("commits"), outcomes: try environment.database("outcomes"),
                snapshots: try environment.database("snapshots"), memberships: try environment.database("memberships"),
                claims: try environment.database("claims"), claimOwners: try environment.database("claimOwners"),
                keyClaims: try environment.database("keyClaims"), keyOwners: try environment.database("keyOwners"),
                directory: try environment.database("directory"), dms: try environment.database("dms"),
                main: try environment.mainDatabase())
        } catch {
            throw StoreError(error)
        }
        try checkFormat(isNew: isNew)
        try indexDMsOfOlderStore()
    }

    /// Writes the format version into a new store, and refuses a store of an unknown version or
    /// one without a version (another program's databases).
    private func checkFormat(isNew: Bool) throws(StoreError) {
        let stored: UInt8? = try reading { txn throws(StoreError) in
            try txn.get(databases.meta, key: StoreKeys.formatVersion).flatMap { $0.first }
        }
        switch stored {
        case nil where !isNew && !options.create:
            throw .notAStore(path: path, reason: "an LMDB environment, but not a GroupLog store (no format version)")
        case nil:
            try writing { txn throws(StoreError) in
                try txn.put(databases.meta, key: StoreKeys.formatVersion, value: [Self.formatVersion])
            }
        case Self.formatVersion?:
            break
        case let version?:
            throw .notAStore(path: path, reason: "store format version \(version) is not one this build reads (\(Self.formatVersion))")
        }
    }
}
