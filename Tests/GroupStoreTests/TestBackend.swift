import Foundation
import GroupCodec
import GroupCore
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// The backends the storage seam's suite runs against. Every test of the suite takes one as its
/// argument (`@Test(arguments: TestBackend.all)`) and makes its stores with it, so a new backend
/// adds a case here (and its branches in `StorePlace`) and runs the same suite.
enum TestBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case lmdb
    case postgres

    /// LMDB always; PostgreSQL when scripts/postgres.sh started a server for the run.
    static let all: [TestBackend] = postgresURL == nil ? [.lmdb] : [.lmdb, .postgres]

    /// The throwaway server's database (`GROUPLOG_TEST_POSTGRES_URL`), if one was started.
    static let postgresURL = ProcessInfo.processInfo.environment["GROUPLOG_TEST_POSTGRES_URL"]

    /// `url` with a connection option that puts the store's tables in `schema`.
    static func url(_ url: String, schema: String) -> String {
        url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + schema
    }

    var testDescription: String { rawValue }

    /// A fresh, empty place for this backend's stores (for LMDB a temporary directory); remove
    /// it with `StorePlace.remove()`.
    func makePlace() throws -> StorePlace {
        switch self {
        case .lmdb:
            let root = FileManager.default.temporaryDirectory
                .appendingPathComponent("grouplog-seam-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            return StorePlace(backend: self, root: root.path)
        case .postgres:
            // A schema of its own per place: faster than a database, and as separate.
            let url = try #require(Self.postgresURL)
            let schema = "grouplog_t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try PGConnection(url: url).execute("CREATE SCHEMA \(schema)", operation: "create a test schema")
            return StorePlace(backend: self, root: schema)
        }
    }

    /// Runs `body` with a fresh place for stores, removed afterwards.
    func withPlace<T>(_ body: (StorePlace) throws -> T) throws -> T {
        let place = try makePlace()
        defer { place.remove() }
        return try body(place)
    }

    /// Runs `body` with a new store (snapshots every `snapshotInterval` commits, creates without a
    /// member limit getting `defaultMemberLimit`), removed afterwards.
    func withNewStore<T>(
        snapshotInterval: UInt64 = StoreOptions.defaultSnapshotInterval, defaultMemberLimit: Int = 250,
        _ body: (any GroupLogStorage) throws -> T
    ) throws -> T {
        try withPlace { place throws in
            try body(try place.open(StoreOptions(
                snapshotInterval: snapshotInterval, create: true, configuration: OperatorConfiguration(memberLimit: defaultMemberLimit))))
        }
    }
}
