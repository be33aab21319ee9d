import GroupCore
import Testing
@testable import GroupStore

/// What the seam's suite does to a store from behind the seam, each backend its own way: damage,
/// for tests that check `verify` sees it and `rebuild` repairs it, and forgetting caches, for
/// tests that read what is stored rather than what is cached.
extension TestBackend {
    /// Forgets whatever `store` keeps in memory (LMDB's head states), so that the next reads
    /// start from what is stored. `store` must be one this backend made.
    func forgetCaches(of store: any GroupLogStorage) throws {
        switch self {
        case .lmdb: try #require(store as? GroupStore).forgetCachedHeads()
        }
    }

    /// Loses `store`'s snapshots and its cross-group index, as a damaged store might: the logs
    /// and everything else stay. `store` must be one this backend made.
    func dropSnapshotsAndMemberships(of store: any GroupLogStorage) throws {
        switch self {
        case .lmdb:
            let store = try #require(store as? GroupStore)
            try store.environment.write { txn in
                try txn.drop(store.databases.snapshots)
                try txn.drop(store.databases.memberships)
            }
            store.forgetCachedHeads()
        }
    }
}
