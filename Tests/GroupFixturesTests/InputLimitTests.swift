import Foundation
import GroupCore
@testable import GroupFixtures
import GroupTestSupport
import Testing

/// Huge or deeply nested input is refused with an error naming what and where, in bounded memory
/// and time (README "Limits on input").
struct InputLimitTests {
    /// A fixture whose commit 0 sets `updateName` to `policy`.
    private func fixture(updateName policy: String) -> [UInt8] {
        Array("""
            {"commits": [{"actor": "alix", "changes": [{"op": "create", "kind": "group", "members": ["bo"],
              "policySet": {"updateName": \(policy)}}]}]}
            """.utf8)
    }

    private func nested(_ depth: Int) -> String {
        String(repeating: "{\"any\": [", count: depth) + "\"adminOnly\"" + String(repeating: "]}", count: depth)
    }

    @Test func aPolicyNestedTenThousandDeepIsRefusedByTheParser() throws {
        let error = try #require(throws: FixtureError.self) { try FixtureReader.read(fixture(updateName: nested(10_000)), file: "deep.json") }
        #expect(error.file == "deep.json")
        #expect(error.message == "nesting deeper than \(JSONParser.maximumDepth) levels")
        #expect(error.line == 2)
    }

    @Test func aPolicyNestedDeeperThanThePolicyLimitIsRefusedAtItsPath() throws {
        let error = try #require(throws: FixtureError.self) { try FixtureReader.read(fixture(updateName: nested(100)), file: "deep.json") }
        #expect(error.message == "combinators nest deeper than \(Policy.maximumDepth) levels")
        #expect(error.path.hasPrefix("$.commits[0].changes[0].policySet.updateName"))
    }

    @Test func aStringOverTheLimitIsRefusedWhereItStarts() throws {
        let long = String(repeating: "a", count: JSONParser.maximumStringLength + 1)
        let error = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse("[1, \"\(long)\"]") }
        #expect(error == JSONSyntaxError(line: 1, column: 5, message: "a string longer than \(JSONParser.maximumStringLength) bytes"))
        let escaped = String(repeating: "\\n", count: JSONParser.maximumStringLength / 2 + 1)
        #expect(throws: JSONSyntaxError(line: 1, column: 1, message: "a string longer than \(JSONParser.maximumStringLength) bytes")) {
            try JSONParser.parse("\"\(escaped)\"")
        }
        let longest = String(repeating: "a", count: JSONParser.maximumStringLength)
        #expect(try JSONParser.parse("\"\(longest)\"") == .string(longest))
    }

    /// A 1 GB fixture (a sparse file: no disk is used) is refused from its size, unread.
    @Test func aGigabyteFixtureIsRefusedBeforeItIsRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("huge.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{\"name\": \"".utf8)))
        #expect(truncate(path, 1 << 30) == 0)
        let error = try #require(throws: FixtureError.self) {
            try InputFile.read(path, limit: FixtureReader.maximumFileSize, what: "a fixture")
        }
        #expect(error == FixtureError(file: path, path: "$", message:
            "1073741824 bytes is over the limit of \(FixtureReader.maximumFileSize) bytes (64 MiB) for a fixture"))
    }

    @Test func aFixtureInMemoryOverTheLimitIsRefused() throws {
        let bytes = [UInt8](repeating: 0x20, count: FixtureReader.maximumFileSize + 1)
        let error = try #require(throws: FixtureError.self) { try FixtureReader.read(bytes, file: "big.json") }
        #expect(error.message.hasSuffix("is over the limit of \(FixtureReader.maximumFileSize) bytes (64 MiB) for a fixture"))
    }

    /// A pipe has no size to check: it is read only to the limit.
    @Test func aPipeIsReadOnlyToTheLimit() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let writer = Thread {
            let chunk = [UInt8](repeating: 0x20, count: 4096)
            // Stops when the reader closes its end (EPIPE): far fewer bytes than it offers.
            signal(SIGPIPE, SIG_IGN)
            for _ in 0..<1_000 where write(writeEnd, chunk, chunk.count) > 0 {}
            close(writeEnd)
        }
        writer.start()
        let error = try #require(throws: FixtureError.self) {
            try InputFile.read("/dev/fd/\(readEnd)", limit: 100_000, what: "a fixture")
        }
        close(readEnd)
        #expect(error.message == "more than 100000 bytes is over the limit of 100000 bytes (100000 bytes) for a fixture")
    }

    @Test func aConfigurationOverTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("big.toml")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(truncate(path, 2 << 20) == 0)
        let error = try #require(throws: FixtureError.self) { try ConfigurationReader.read(contentsOf: path) }
        #expect(error.description == "\(path) at $: 2097152 bytes is over the limit of 1048576 bytes (1 MiB) for a configuration file")
    }

    @Test func aConfigurationPolicyNestedTenThousandDeepIsRefused() throws {
        let depth = 10_000
        let policy = String(repeating: "{ any = [", count: depth) + "\"self\"" + String(repeating: "] }", count: depth)
        let toml = """
            [[application_components]]
            id = 0xC001
            name = "GROUP_CATEGORY"
            type = "string"
            insert = \(policy)
            """
        let error = try #require(throws: FixtureError.self) { try ConfigurationReader.read(Array(toml.utf8), file: "deep.toml") }
        #expect(error.file == "deep.toml")
        #expect(error.line == 5)
        #expect(error.message == "nesting deeper than 64 levels")
    }
}
