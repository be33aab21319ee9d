import Foundation

/// A PostgreSQL cluster of one test's own, for a test that stops the server: made with `initdb`
/// in a fresh temporary directory and started and stopped with `pg_ctl`, through the same
/// binaries and with the same options as scripts/postgres.sh (a Unix socket in the directory, no
/// TCP port, fsync and synchronous commit on), as the `postgres` user when the caller is root.
/// Stopping it, even with `-m immediate`, cannot disturb the run's shared server, which the
/// other tests use meanwhile.
public final class PostgresCluster: Sendable {
    /// The PostgreSQL programs scripts/postgres.sh uses.
    public static let binaries = "/usr/lib/postgresql/15/bin"

    /// The cluster's directory: its data directory `data`, its server log and its socket.
    public let root: String
    /// A connection URL for its database `grouplog_test`.
    public let url: String
    /// The data directory, as `pg_ctl -D` takes it.
    public var data: String { root + "/data" }
    /// The server's log, appended to by every start.
    public var serverLog: String { root + "/server.log" }

    private init() throws {
        // Short, because the socket's path must fit in 107 bytes.
        root = "/tmp/grouplog-cluster-" + UUID().uuidString.prefix(8).lowercased()
        url = "postgresql://postgres@/grouplog_test?host=" + root
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        if getuid() == 0 {
            try FileManager.default.setAttributes([.ownerAccountName: "postgres", .groupOwnerAccountName: "postgres"], ofItemAtPath: root)
        }
    }

    /// Runs `body` with a fresh cluster, started, holding an empty database `grouplog_test`; the
    /// cluster is stopped and deleted afterwards. Like `PostgresTestSchema.with`, it runs only
    /// when the run has a server (`GROUPLOG_TEST_POSTGRES_URL`), and throws `Unavailable` when
    /// PostgreSQL is required and missing.
    public static func with<T>(_ body: (PostgresCluster) throws -> T) throws -> T? {
        guard PostgresTestSchema.serverURL != nil else {
            if PostgresTestSchema.isRequired {
                throw PostgresTestSchema.Unavailable(description: "GROUPLOG_REQUIRE_POSTGRES=1, but GROUPLOG_TEST_POSTGRES_URL is not set")
            }
            return nil
        }
        guard FileManager.default.isExecutableFile(atPath: binaries + "/initdb") else {
            throw PostgresTestSchema.Unavailable(description: "a server is set, but \(binaries)/initdb is missing")
        }
        let cluster = try PostgresCluster()
        defer { cluster.remove() }
        try cluster.run("initdb", ["-D", cluster.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-instructions"])
        try cluster.start()
        try cluster.run("createdb", ["-h", cluster.root, "-U", "postgres", "grouplog_test"])
        return try body(cluster)
    }

    /// Starts the server and waits until it accepts connections.
    public func start() throws {
        try run("pg_ctl", ["-D", data, "-l", serverLog, "-w", "-o",
                           "-c listen_addresses='' -k \(root) -c fsync=on -c synchronous_commit=on", "start"])
    }

    /// Stops the server and waits until it is down. `immediate` ends every server process at
    /// once, without a checkpoint, as a crash would: the next start recovers from the WAL.
    /// - Parameter mode: `smart`, `fast` or `immediate`.
    public func stop(mode: String) throws {
        try run("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"])
    }

    /// Stops a server still running and deletes the directory.
    private func remove() {
        if FileManager.default.fileExists(atPath: data + "/postmaster.pid") { try? stop(mode: "immediate") }
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs a PostgreSQL program, as `postgres` when this process is root (initdb refuses root).
    private func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--", Self.binaries + "/" + program] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.binaries + "/" + program)
            process.arguments = arguments
        }
        let output = root + "/\(program).out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        defer { try? handle.close() }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            let log = (try? String(contentsOfFile: serverLog, encoding: .utf8)) ?? ""
            throw PostgresTestSchema.Unavailable(description: "\(program) \(arguments.joined(separator: " ")) failed: \(printed)\(log.isEmpty ? "" : "\nserver log:\n" + log.suffix(2_000))")
        }
    }
}
