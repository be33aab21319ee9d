import Foundation
import GroupCore
import GroupFixtures
import Testing

/// The package's fixtures, located from this file: `Tests/GroupAuditTests/PackageFixtures.swift`.
enum PackageFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The `.json` files of `Fixtures/`, in name order (empty when the folder is missing).
    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    static func read(_ name: String) throws -> Fixture {
        let path = folder.appendingPathComponent(name).path
        let data = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
        return try FixtureReader.read([UInt8](data), file: path)
    }

    /// The group ID a fixture runs under: its file name without `.json`, as the conformance test does.
    static func groupID(of name: String) -> GroupID {
        let stem = String(name.dropLast(".json".count))
        return (try? GroupID(stem)) ?? GroupID(unchecked: "fixture")
    }
}
