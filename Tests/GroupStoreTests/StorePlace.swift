import Foundation
import GroupCodec
import GroupCore
@testable import GroupStore
@testable import GroupStorePostgres

/// Where a test's stores of one backend live: opened (and opened again, to read a store with
/// nothing cached), looked at raw, and removed.
struct StorePlace {
    let backend: TestBackend
    /// A temporary directory holding the place (for LMDB the store's directory is `store` in it).
    let root: String

    /// Opens the place's store; `options.create` makes it when missing. The LMDB backend allows
    /// one open store per place and process: let go of one before opening it again.
    func open(_ options: StoreOptions) throws(StoreError) -> any GroupLogStorage {
        switch backend {
        case .lmdb: try GroupStore(path: root + "/store", options: options)
        case .postgres: try PostgresStore(url: TestBackend.url(TestBackend.postgresURL ?? "", schema: root), options: options)
        }
    }

    /// Opens the place's store, creating it when missing.
    func open(snapshotInterval: UInt64 = StoreOptions.defaultSnapshotInterval, initialMapSize: Int = 64 << 20) throws(StoreError) -> any GroupLogStorage {
        try open(creating(snapshotInterval: snapshotInterval, initialMapSize: initialMapSize))
    }

    /// Everything the backend has stored, byte for byte, where it can show it (LMDB's data
    /// file): a refused write must leave it as it was, not only the reads. Nil for a backend
    /// that cannot show its bytes.
    func storedBytes() -> [UInt8]? {
        switch backend {
        case .lmdb: fileBytes(root + "/store/data.mdb")
        case .postgres: nil
        }
    }

    func remove() {
        switch backend {
        case .lmdb: try? FileManager.default.removeItem(atPath: root)
        case .postgres:
            if let url = TestBackend.postgresURL {
                _ = try? PGConnection(url: url).execute("DROP SCHEMA IF EXISTS \(root) CASCADE", operation: "drop a test schema")
            }
        }
    }
}
