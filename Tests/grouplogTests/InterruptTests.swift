import Foundation
import Testing

/// Ctrl-C on a long command, as a person sends it: the built binary as a child process, SIGINT
/// mid-run; then exit 130, a message saying what was done, and a store that verifies.
@Suite(.enabled(if: BuiltBinary.url != nil, "needs the built grouplog binary"))
struct InterruptTests {
    private let binary = BuiltBinary.url!

    private func grouplogProcess(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(binary, arguments)
    }

    /// Runs the binary to its end.
    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try grouplogProcess(arguments).finish()
    }

    @Test func generateIntoAStoreKeepsWholeBatchesAndSaysWhichCommitsTheGroupHolds() throws {
        try withTemporaryDirectory { directory in
            let store = directory.path("store")
            let child = try grouplogProcess(["--store", store, "generate", "--members", "5000", "--commits", "5000000", "--group", "g", "--progress"])
            // Interrupted once a batch or two is in: the progress line counts them.
            child.wait(until: { $0.stderr.contains(" of 5,000,000 commits (") })
            child.interrupt()
            let done = child.finish()
            #expect(done.status == 130, "\(done.stderr)")
            let message = try Regex(#"grouplog: interrupted: generated ([0-9,]+) of 5,000,000 commits; group g holds commits 0…([0-9,]+), each batch whole\n$"#)
            let match = try #require(done.stderr.firstMatch(of: message), "\(done.stderr.suffix(300))")
            let written = Int(String(match.output[1].substring!).replacingOccurrences(of: ",", with: ""))!
            let last = Int(String(match.output[2].substring!).replacingOccurrences(of: ",", with: ""))!
            #expect(written > 0 && last == written - 1)
            #expect(try run(["--store", store, "verify"]).stdout == "verify: no problems\n")
            #expect(try run(["--store", store, "groups"]).stdout.hasPrefix("g  \(written) commits\n"))
        }
    }

    @Test func generateToAFileWritesNothing() throws {
        try withTemporaryDirectory { directory in
            let file = directory.path("big.json")
            let child = try grouplogProcess(["generate", "--members", "5000", "--commits", "5000000", "-o", file, "--progress"])
            child.wait(until: { $0.stderr.contains(" of 5,000,000 commits (") })
            child.interrupt()
            let done = child.finish()
            #expect(done.status == 130)
            #expect(done.stderr.contains(try Regex(#"grouplog: interrupted: made [0-9,]+ of 5,000,000 commits; nothing was written \(.*big\.json was not made\)\n$"#)))
            #expect(!FileManager.default.fileExists(atPath: file))
        }
    }

    @Test func copyStopsBetweenBatchesAndResumes() throws {
        try withTemporaryDirectory { directory in
            let source = directory.path("source"), destination = directory.path("copy")
            #expect(try run(["--store", source, "generate", "--members", "2000", "--commits", "60000", "--group", "g"]).status == 0)
            let child = try grouplogProcess(["copy", "--from", source, "--to", destination])
            // Without a terminal, copy prints a line after each batch.
            child.wait(until: { $0.stderr.contains("copy: group 1 of 1 (g) through commit") })
            child.interrupt()
            let done = child.finish()
            #expect(done.status == 130, "\(done.stderr.suffix(300))")
            #expect(done.stderr.contains(try Regex(#"grouplog: interrupted: copied [0-9,]+ of 60,000 commits \(0 of 1 groups whole\) from .* each batch whole; copy --resume goes on from there\n$"#)),
                    "\(done.stderr.suffix(300))")
            #expect(try run(["--store", destination, "verify"]).stdout == "verify: no problems\n")
            let resumed = try run(["copy", "--from", source, "--to", destination, "--resume"])
            #expect(resumed.status == 0)
            #expect(try run(["--store", destination, "groups"]).stdout.hasPrefix("g  60000 commits\n"))
        }
    }

    @Test func importIsAllOrNothing() throws {
        try withTemporaryDirectory { directory in
            let store = directory.path("store"), file = directory.path("big.json")
            // About 13 MB: a few seconds to import in a debug build.
            #expect(try run(["generate", "--members", "10000", "--commits", "40000", "--batch", "500", "-o", file]).status == 0)
            #expect(try run(["--store", store, "init"]).status == 0)
            let child = try grouplogProcess(["--store", store, "import", file])
            Thread.sleep(forTimeInterval: 0.5)
            #expect(child.process.isRunning, "the import ended before it could be interrupted")
            child.interrupt()
            let done = child.finish()
            #expect(done.status == 130)
            #expect(done.stderr == "grouplog: interrupted: nothing was written: the import's one transaction was dropped, the store is as it was\n")
            #expect(try run(["--store", store, "groups"]).stdout == "0 groups\n")
            #expect(try run(["--store", store, "verify"]).stdout == "verify: no problems\n")
        }
    }

    @Test func replaySaysHowFarItGot() throws {
        try withTemporaryDirectory { directory in
            let store = directory.path("store")
            #expect(try run(["--store", store, "generate", "--members", "2000", "--commits", "150000", "--group", "g"]).status == 0)
            let child = try grouplogProcess(["--store", store, "replay", "g", "--progress"])
            child.wait(until: { $0.stderr.contains(" of 150,000 commits (") })
            child.interrupt()
            let done = child.finish()
            #expect(done.status == 130)
            #expect(done.stderr.contains(try Regex(#"grouplog: interrupted: replayed [0-9,]+ of 150,000 commits; nothing was written\n$"#)))
            #expect(done.stdout.hasPrefix("#0 owner @"))
        }
    }
}
