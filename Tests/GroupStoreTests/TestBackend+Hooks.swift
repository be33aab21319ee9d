import GroupCore
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// What the seam's suite does to a store from behind the seam, each backend its own way: damage,
/// for tests that check `verify` sees it and `rebuild` repairs it; forgetting caches, for tests
/// that read what is stored rather than what is cached; counting waiters, for tests of waking.
extension TestBackend {
    /// Forgets whatever `store` keeps in memory (LMDB's head states), so that the next reads
    /// start from what is stored. `store` must be one this backend made.
    func forgetCaches(of store: any GroupLogStorage) throws {
        switch self {
        case .lmdb: try #require(store as? GroupStore).heads.removeAll()
        case .postgres: try #require(store as? PostgresStore).heads.removeAll()
        }
    }

    /// How many tasks and threads wait in `store` for `group`'s next commit: a test waits for its
    /// waiter to be waiting before it commits, so that only a wake can end the wait.
    func waitingCount(of group: GroupID, in store: any GroupLogStorage) throws -> Int {
        switch self {
        case .lmdb: try #require(store as? GroupStore).waiters.waitingCount(of: group)
        case .postgres: try #require(store as? PostgresStore).waitingCount(of: group)
        }
    }

    /// Loses `store`'s snapshots and its cross-group index, as a damaged store might: the logs
    /// and everything else stay. `store` must be one this backend made.
    func dropSnapshotsAndMemberships(of store: any GroupLogStorage) throws {
        switch self {
        case .lmdb:
            let store = try #require(store as? GroupStore)
            try store.environment.write { txn throws(StoreError) in
                try txn.drop(store.databases.snapshots)
                try txn.drop(store.databases.memberships)
            }
            store.heads.removeAll()
        case .postgres:
            let store = try #require(store as? PostgresStore)
            try store.writing { connection throws(StoreError) in
                try connection.execute("DELETE FROM grouplog_snapshots", operation: "lose the snapshots")
                try connection.execute("DELETE FROM grouplog_memberships", operation: "damage the index")
            }
            store.heads.removeAll()
        }
    }
}
