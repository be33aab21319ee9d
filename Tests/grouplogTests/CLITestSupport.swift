import Foundation
import GroupFixtures
@testable import grouplog

/// A fresh directory under the system's temporary directory, for one test's files.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("grouplog-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory, whether or not it exists.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` (creating folders on the way) and returns the file's path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs `body` with a fresh temporary directory and deletes the directory afterwards.
func withTemporaryDirectory<T>(_ body: (TemporaryDirectory) throws -> T) throws -> T {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    return try body(directory)
}

/// What one run of the command line printed and returned.
struct CLIResult {
    let status: ExitStatus
    let stdout: String
    let stderr: String

    /// Standard output split into lines, without the final empty one.
    var lines: [String] {
        var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Runs `grouplog` in process, with its output captured.
func grouplog(_ words: [String]) -> CLIResult {
    var streams = CapturedStreams()
    let status = CLI.run(words, streams: &streams)
    return CLIResult(status: status, stdout: streams.stdout, stderr: streams.stderr)
}

func grouplog(_ words: String...) -> CLIResult { grouplog(words) }

/// Fixtures the CLI tests write to disk.
enum SampleFixture {
    /// alix creates a group of bo and caro; bo's attempt to make caro admin is refused; alix
    /// makes bo admin. Passes.
    static let passing = """
    {"name": "team", "identities": [{"inbox": "caro", "handles": ["caro.old", "caro.eth"]}],
     "commits": [
       {"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo", "caro"], "name": "Team"}]},
       {"actor": "bo", "time": 2000, "changes": [{"op": "addAdmin", "inbox": "caro"}], "expect": {"rejected": "permissionDenied"}},
       {"actor": "alix", "time": 3000, "changes": [{"op": "addAdmin", "inbox": "bo"}]}
     ],
     "expect": {"members": {"alix": "superAdmin", "bo": "admin", "caro": "member"}}}
    """

    /// The same log with a wrong final expectation.
    static let failing = passing.replacingOccurrences(of: #""bo": "admin""#, with: #""bo": "member""#)

    static let failingDifference = "expect.members: expected {alix: superAdmin, bo: member, caro: member}, "
        + "actual {alix: superAdmin, bo: admin, caro: member}"

    /// Commit 1's change names its inbox with a number.
    static let malformed = """
    {"commits": [
       {"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo"]}]},
       {"actor": "alix", "changes": [{"op": "addAdmin", "inbox": 7}]}
    ]}
    """

    static let malformedError = "at $.commits[1].changes[0].inbox: expected a string, found a number"

    /// alix makes bo admin and opens ANNOUNCEMENT's insert to all (caro was refused before);
    /// bo, an admin, may not change a field's policy; NOTICE is no field; caro then announces.
    /// Passes.
    static let fieldPolicy = """
    {"name": "field policy",
     "commits": [
       {"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo", "caro"], "name": "Team"}]},
       {"actor": "alix", "time": 2000, "changes": [{"op": "addAdmin", "inbox": "bo"}]},
       {"actor": "caro", "time": 3000, "changes": [{"op": "updateMetadataField", "field": "ANNOUNCEMENT", "mutation": {"kind": "replace", "value": "hi"}}],
        "expect": {"rejected": "permissionDenied"}},
       {"actor": "alix", "time": 4000, "changes": [{"op": "updateFieldPolicy", "field": "ANNOUNCEMENT", "operation": "insert", "policy": "allowAll"}]},
       {"actor": "bo", "time": 5000, "changes": [{"op": "updateFieldPolicy", "field": "ANNOUNCEMENT", "operation": "update", "policy": "allowAll"}],
        "expect": {"rejected": "permissionDenied"}},
       {"actor": "alix", "time": 6000, "changes": [{"op": "updateFieldPolicy", "field": "NOTICE", "operation": "update", "policy": "allowAll"}],
        "expect": {"rejected": "unknownField"}},
       {"actor": "caro", "time": 7000, "changes": [{"op": "updateMetadataField", "field": "ANNOUNCEMENT", "mutation": {"kind": "replace", "value": "hello"}}]}
     ],
     "expect": {"fields": {"ANNOUNCEMENT": "hello"}}}
    """

    /// Commit 0 is not a create, so the log has no group.
    static let noGroup = """
    {"commits": [{"actor": "alix", "time": 1000, "changes": [{"op": "updateName", "name": "x"}], "expect": {"rejected": "invalidCommit"}}]}
    """
}

extension JSONValue {
    subscript(key: String) -> JSONValue? {
        guard case let .object(object) = self else { return nil }
        return object[key]
    }

    subscript(index: Int) -> JSONValue? {
        guard case let .array(items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    var stringValue: String? {
        guard case let .string(text) = self else { return nil }
        return text
    }

    var intValue: Int64? {
        guard case let .number(number) = self else { return nil }
        return number.int64
    }

    var boolValue: Bool? {
        guard case let .bool(flag) = self else { return nil }
        return flag
    }

    var arrayValue: [JSONValue]? {
        guard case let .array(items) = self else { return nil }
        return items
    }
}
