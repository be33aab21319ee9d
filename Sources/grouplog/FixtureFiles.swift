import Foundation
import GroupCore
import GroupFixtures

/// Finding and loading fixture files.
enum FixtureFiles {
    /// The fixture files a list of paths names: files as given, directories searched for
    /// `.json` files, each directory's files in name order.
    static func expand(_ paths: [String]) throws(InputError) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError("\(path): no such file or directory")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let found = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".json") }
                .sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            files.append(contentsOf: found)
        }
        return files
    }

    /// Reads and decodes one fixture.
    static func load(_ path: String) throws(FixtureError) -> Fixture {
        try FixtureReader.read(try contents(of: path), file: path)
    }

    /// The bytes of one fixture file.
    static func contents(of path: String) throws(FixtureError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FixtureError(file: path, path: "$", message: "cannot read the file")
        }
        return [UInt8](data)
    }

    /// The group ID a fixture's log is replayed under: the file's name without `.json`, when that
    /// is a valid group ID, so that an import of the same file gets the same ID.
    static func groupID(for path: String) -> GroupID {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return (try? GroupID(stem)) ?? GroupID(unchecked: "fixture")
    }
}
