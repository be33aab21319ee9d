import Foundation

/// The `openssl` command-line tool (Debian's `openssl` package), for the tests that check key
/// files against what OpenSSL itself writes and reads. Those tests skip when it is missing.
public enum OpenSSLTool {
    /// What one run printed and returned.
    public struct Run: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The tool's path, found on `PATH` or in /usr/bin; nil when it is not installed.
    public static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
        return folders.map { $0 + "/openssl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether the tool is installed.
    public static var isInstalled: Bool { path != nil }

    /// Runs `openssl` with `arguments`, blocking until it ends: call it through ``OffPool``.
    public static func run(_ arguments: [String]) throws -> Run {
        guard let path else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        // Files rather than pipes, so that neither stream can fill up and stall the tool.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grouplog-openssl-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appendingPathComponent("stdout"), errorFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }

    /// Runs `openssl` with `arguments` off the concurrency pool, and requires it to succeed.
    public static func succeed(_ arguments: [String]) async throws -> Run {
        let run = try await OffPool.run { try OpenSSLTool.run(arguments) }
        guard run.status == 0 else {
            throw Failure(description: "openssl \(arguments.joined(separator: " ")) exited \(run.status): \(run.stderr)")
        }
        return run
    }

    /// A run of the tool that failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }
}
