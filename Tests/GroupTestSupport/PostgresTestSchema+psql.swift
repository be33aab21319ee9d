import Foundation

/// Running SQL in a test's schema with `psql`, as the server's superuser or as another role
/// (the throwaway cluster trusts local connections, so a role needs no password).
extension PostgresTestSchema {
    /// What one `psql` run printed and how it exited.
    public struct PSQLRun: Sendable {
        /// psql's exit status: 0 when every statement succeeded.
        public let status: Int32
        /// The rows, bare: one line each, columns separated by `|`.
        public let stdout: String
        /// The server's errors and notices.
        public let stderr: String

        /// Whether every statement succeeded.
        public var succeeded: Bool { status == 0 }
    }

    /// The schema's URL for connecting as `role` instead of the server URL's user.
    public func url(as role: String) -> String {
        guard let scheme = url.firstRange(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
        return String(url[..<scheme.upperBound]) + role + String(url[at...])
    }

    /// Runs `sql` (one or more statements) in the schema, stopping at the first error.
    public func psql(_ sql: String, as role: String? = nil) throws -> PSQLRun {
        try Self.runPSQL(url: role.map(url(as:)) ?? url, ["--command", sql])
    }

    /// Runs the psql script at `path` in the schema with `variables` set (`--set NAME=VALUE`),
    /// stopping at the first error.
    public func psql(file path: String, variables: [String: String], as role: String? = nil) throws -> PSQLRun {
        let sets = variables.keys.sorted().flatMap { ["--set", "\($0)=\(variables[$0]!)"] }
        return try Self.runPSQL(url: role.map(url(as:)) ?? url, sets + ["--file", path])
    }

    private static func runPSQL(url: String, _ arguments: [String]) throws -> PSQLRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        // Rows print bare (no header, no alignment), so a test can compare them as text.
        process.arguments = ["--quiet", "--no-psqlrc", "--no-align", "--tuples-only", "--set", "ON_ERROR_STOP=1", "--dbname", url] + arguments
        // Files rather than pipes, so that neither stream can fill up and stall psql.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grouplog-psql-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appendingPathComponent("stdout"), errorFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        let printed = try Data(contentsOf: outputFile), complained = try Data(contentsOf: errorFile)
        return PSQLRun(status: process.terminationStatus, stdout: String(decoding: printed, as: UTF8.self),
                       stderr: String(decoding: complained, as: UTF8.self))
    }
}
