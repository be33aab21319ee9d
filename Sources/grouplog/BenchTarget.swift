import Foundation
import GroupAudit
import GroupCore
import GroupFixtures
import GroupStore

/// What `bench` measures: a group where it is stored, or a fixture's log imported into a
/// temporary LMDB store that is deleted afterwards.
enum BenchTarget {
    /// The group to measure and how the output names it.
    struct Label {
        let group: GroupID
        /// `group G of DIR`, or `fixture FILE`.
        let text: String
    }

    static func open(
        _ target: String, store: StoreLocation, _ body: (any GroupLogStorage, Label) throws -> ExitStatus
    ) throws -> ExitStatus {
        guard FixtureFile.isNamed(by: target) else {
            let group = try CommandValues.group(target)
            return try body(try store.open(), Label(group: group, text: "group \(group) of \(store.address)"))
        }
        let fixture: Fixture
        do throws(FixtureError) {
            fixture = try FixtureFile.read(target)
        } catch {
            throw InputError(error.description)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grouplog-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let temporary = try StoreLocation(path: folder).open(create: true)
        let group = FixtureFile.groupID(for: target)
        try temporary.importFixture(fixture, as: group)
        return try body(temporary, Label(group: group, text: "fixture \(target)"))
    }
}
