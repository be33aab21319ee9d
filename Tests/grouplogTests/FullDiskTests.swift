import Foundation
import Testing

/// A full disk, made real with a file-size limit on the process: the write fails, the command
/// says so with exit code 3, and the store is left as it was.
struct FullDiskTests {
    @Test(.enabled(if: BuiltBinary.url != nil, "the grouplog binary was not found next to the test bundle"))
    func importOnAFullDiskFailsCleanly() throws {
        let binary = try #require(BuiltBinary.url)
        try withTemporaryDirectory { directory in
            let store = directory.path("store")
            let small = try directory.write("small.json", SampleFixture.passing)
            let big = try directory.write("big.json", Self.bigFixture(batches: 40))
            #expect(try shell("\(binary.path) --store \(store) init").status == 0)
            #expect(try shell("\(binary.path) --store \(store) import \(small) --group kept").status == 0)

            // 2 MiB of file: the big import needs more. SIGXFSZ is ignored so the write fails with EFBIG.
            let full = try shell("ulimit -f 4096; trap '' XFSZ; \(binary.path) --store \(store) import \(big) --group lost")
            #expect(full.status == 3, "stderr: \(full.stderr)")
            #expect(full.stderr.contains("storage error"), "stderr: \(full.stderr)")

            let groups = try shell("\(binary.path) --store \(store) groups")
            #expect(groups.stdout.contains("kept"))
            #expect(!groups.stdout.contains("lost"))
            #expect(try shell("\(binary.path) --store \(store) verify").status == 0)
        }
    }

    /// A group grown in `batches` commits of 1,000 members with long inbox IDs.
    static func bigFixture(batches: Int) -> String {
        var commits = [#"{"actor": "alix", "time": 1000, "changes": [{"op": "create", "memberLimit": 1000000}]}"#]
        for batch in 0..<batches {
            let inboxes = (0..<1_000).map { "\"member-\(batch)-\($0)-with-a-long-inbox-identifier\"" }.joined(separator: ",")
            commits.append(#"{"actor": "alix", "time": \#(1001 + batch), "changes": [{"op": "addMembers", "inboxes": [\#(inboxes)]}]}"#)
        }
        return #"{"commits": [\#(commits.joined(separator: ",\n"))]}"#
    }

    private func shell(_ command: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
