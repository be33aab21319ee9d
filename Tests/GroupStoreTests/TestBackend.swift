import Foundation
import GroupCodec
import GroupCore
import Testing
@testable import GroupStore

/// The backends the storage seam's suite runs against. Every test of the suite takes one as its
/// argument (`@Test(arguments: TestBackend.all)`) and makes its stores with it, so a new backend
/// adds a case here (and its branches in `StorePlace`) and runs the same suite.
enum TestBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case lmdb

    static let all = allCases

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
