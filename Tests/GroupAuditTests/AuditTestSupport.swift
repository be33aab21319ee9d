import Foundation
import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport

// Helpers shared by the audit tools' tests.

/// Runs `body` with a store created in a fresh temporary directory, deleted afterwards.
func withAuditStore<T>(
    snapshotInterval: UInt64 = StoreOptions.defaultSnapshotInterval, _ body: (GroupStore) throws -> T
) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("grouplog-audit-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    let store = try GroupStore(path: url.path + "/store", options: StoreOptions(snapshotInterval: snapshotInterval, create: true))
    return try body(store)
}

/// A small log: alix creates a group with bo, makes bo an admin, bo is refused a super admin
/// grant (permissionDenied), and bo adds caro.
func smallFixture() -> Fixture {
    Fixture(name: "small", commits: [
        FixtureCommit(actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo], policySet: .allMembers))]),
        FixtureCommit(actor: .alix, time: 2_000, changes: [.addAdmin(.bo)]),
        FixtureCommit(actor: .bo, time: 3_000, changes: [.addSuperAdmin(.bo)], expect: .rejected(code: "permissionDenied")),
        FixtureCommit(actor: .bo, time: 4_000, changes: [.add(.caro)]),
    ])
}

/// Imports the small log into `group` of `store`, rejected commit included.
func importSmallLog(into store: GroupStore, group: GroupID = .test) throws {
    _ = try store.importFixture(smallFixture(), as: group)
}
