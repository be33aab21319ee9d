import Foundation
import GroupCore
import GroupFixtures
import Testing

/// One fixture file to run, or the reason there are none: a folder that is missing or empty
/// must fail the test rather than let it pass by running nothing.
enum ConformanceCase: Sendable, CustomTestStringConvertible {
    case fixture(URL)
    case noFixtures(String)

    var testDescription: String {
        switch self {
        case let .fixture(url):
            let root = ConformanceCase.packageRoot.path + "/"
            return url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
        case let .noFixtures(reason):
            return reason
        }
    }

    /// The package's root: this file is `Tests/GroupFixturesTests/FixtureConformanceTests.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `.json` file below `Fixtures/`, in name order, then the shared XMTP example when
    /// it is present beside the project.
    static var all: [ConformanceCase] {
        let folder = packageRoot.appendingPathComponent("Fixtures", isDirectory: true)
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [.noFixtures("the folder \(folder.path) is missing")]
        }
        let names = (manager.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".json") }
            .sorted()
        guard !names.isEmpty else { return [.noFixtures("the folder \(folder.path) holds no .json fixture")] }
        var cases = names.map { ConformanceCase.fixture(folder.appendingPathComponent($0)) }
        for name in ["random-xmtp", "random-fields", "random-lifecycle"] {
            let example = packageRoot.appendingPathComponent("../shared/examples/\(name).json").standardizedFileURL
            if manager.fileExists(atPath: example.path) { cases.append(.fixture(example)) }
        }
        return cases
    }
}

struct FixtureConformanceTests {
    @Test(arguments: ConformanceCase.all)
    func fixturePasses(_ item: ConformanceCase) throws {
        guard case let .fixture(url) = item else {
            Issue.record("no fixtures ran: \(item.testDescription)")
            return
        }
        let data = try #require(FileManager.default.contents(atPath: url.path), "cannot read \(url.path)")
        let fixture = try FixtureReader.read([UInt8](data), file: url.path)
        let stem = url.deletingPathExtension().lastPathComponent
        let groupID = (try? GroupID(stem)) ?? GroupID(unchecked: "fixture")
        let run = try FixtureRunner.run(fixture, groupID: groupID)
        #expect(run.difference == nil, "\(url.lastPathComponent) (\(fixture.name)): \(run.difference.map(String.init(describing:)) ?? "")")
    }
}
