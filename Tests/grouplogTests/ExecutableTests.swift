import Foundation
import Testing

/// The `grouplog` binary SwiftPM builds next to the test bundle, if it is there.
enum BuiltBinary {
    static let url: URL? = {
        let places = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        let manager = FileManager.default
        for folder in places + places.map({ $0.deletingLastPathComponent() }) {
            let candidate = folder.appendingPathComponent("grouplog")
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               manager.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }()
}

/// The real process: its exit code is what scripts see, so `main.swift` must hand it on.
struct ExecutableTests {
    @Test(.enabled(if: BuiltBinary.url != nil,
                   "the grouplog binary was not found next to the test bundle (build it with `swift build`)"))
    func processExitCodes() throws {
        let binary = try #require(BuiltBinary.url)
        try withTemporaryDirectory { directory in
            let broken = try directory.write("broken.json", SampleFixture.malformed)
            let malformed = try run(binary, ["fixture", "run", broken])
            #expect(malformed.status == 2)
            #expect(malformed.stdout.contains("ERROR \(broken) \(SampleFixture.malformedError)"))

            let usage = try run(binary, ["frobnicate"])
            #expect(usage.status == 64)
            #expect(usage.stdout == "")
            #expect(usage.stderr.contains(#"unknown command "frobnicate""#))

            let passing = try directory.write("team.json", SampleFixture.passing)
            let success = try run(binary, ["fixture", "run", passing])
            #expect(success.status == 0)
            #expect(success.stdout == "PASS  \(passing)\n1 passed, 0 failed\n")

            let failing = try directory.write("wrong.json", SampleFixture.failing)
            #expect(try run(binary, ["fixture", "run", failing]).status == 1)
        }
    }

    private func run(_ binary: URL, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The outputs are a few lines, far below a pipe's buffer, so reading one after the other cannot block.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "grouplog \(arguments.joined(separator: " ")) did not exit normally")
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
