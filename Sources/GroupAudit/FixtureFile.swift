import Foundation
import GroupCore
import GroupFixtures

/// A fixture as a file: how a target names one, how it is read, and the group ID its log is
/// replayed under.
public enum FixtureFile {
    /// Whether a target names a fixture file rather than a group: an existing file (not a
    /// directory: a store is often named like its group), or any name ending in `.json` (so
    /// that a mistyped file name says so, not that there is no store).
    public static func isNamed(by target: String) -> Bool {
        var isDirectory: ObjCBool = false
        return target.hasSuffix(".json") || (FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) && !isDirectory.boolValue)
    }

    /// Reads and decodes the fixture at `path`; its errors name the file.
    public static func read(_ path: String) throws(FixtureError) -> Fixture {
        try FixtureReader.read(try contents(of: path), file: path)
    }

    /// The bytes of the fixture file at `path`.
    public static func contents(of path: String) throws(FixtureError) -> [UInt8] {
        try InputFile.read(path, limit: FixtureReader.maximumFileSize, what: "a fixture")
    }

    /// The group ID a fixture's log is replayed under: the file's name without `.json`, when that
    /// is a valid group ID, so that an import of the same file gets the same ID.
    public static func groupID(for path: String) -> GroupID {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return (try? GroupID(stem)) ?? GroupID(unchecked: "fixture")
    }
}
