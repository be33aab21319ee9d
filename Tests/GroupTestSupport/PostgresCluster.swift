import Foundation

#if canImport(Glibc)
import Glibc
#endif

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
    public static func with<T>(_ body: (PostgresCluster) async throws -> T) async throws -> T? {
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
        try await cluster.run("initdb", ["-D", cluster.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-instructions"])
        try await cluster.start()
        try await cluster.run("createdb", ["-h", cluster.root, "-U", "postgres", "grouplog_test"])
        return try await body(cluster)
    }

    /// Runs `body` with a hot standby of this cluster: a copy made with `pg_basebackup -R`
    /// (so it streams the WAL from this one and stays in recovery; a fast checkpoint, or the
    /// copy waits for a spread one), started on a socket of its
    /// own; stopped and deleted afterwards.
    public func withStandby<T>(_ body: (PostgresCluster) async throws -> T) async throws -> T {
        let standby = try PostgresCluster()
        defer { standby.remove() }
        try await standby.run("pg_basebackup", ["-h", root, "-U", "postgres", "-D", standby.data, "-R", "-X", "stream", "--checkpoint=fast"])
        try await standby.start()
        return try await body(standby)
    }

    /// Starts the server and waits until it accepts connections.
    public func start() async throws {
        try await run("pg_ctl", ["-D", data, "-l", serverLog, "-w", "-o",
                           "-c listen_addresses='' -k \(root) -c fsync=on -c synchronous_commit=on", "start"])
    }

    /// Stops the server and waits until it is down. `immediate` ends every server process at
    /// once, without a checkpoint, as a crash would: the next start recovers from the WAL.
    /// - Parameter mode: `smart`, `fast` or `immediate`.
    public func stop(mode: String) async throws {
        try await run("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"])
    }

    /// Stops a server still running and deletes the directory.
    private func remove() {
        if FileManager.default.fileExists(atPath: data + "/postmaster.pid") { try? spawn("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]) }
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs a PostgreSQL program (see `spawn`), waiting for it on a thread of its own.
    private func run(_ program: String, _ arguments: [String]) async throws {
        try await OffPool.run { [self] in try spawn(program, arguments) }
    }

    /// Runs a PostgreSQL program, as `postgres` when this process is root (initdb refuses root),
    /// its output in a file of the cluster's directory, and waits for it.
    ///
    /// Spawned directly rather than through `Process`: `pg_ctl start` leaves the server running
    /// with what it inherited, and `Process` does not see a child end while a descendant holds
    /// on to what it handed the child, so it would wait for the server. The server must also
    /// inherit none of this process's other descriptors (the pipes of other tests' children,
    /// whose readers would then wait for the server), nor its blocked signals.
    private func spawn(_ program: String, _ arguments: [String]) throws {
        let path = Self.binaries + "/" + program
        let words = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", path] + arguments : [path] + arguments
        let output = root + "/\(program).out"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // A descriptor closed meanwhile is no error: glibc ignores EBADF for a close action.
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
        for descriptor in open where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for word in argv { free(word) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, words[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else {
            throw PostgresTestSchema.Unavailable(description: "\(program) could not be started: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            let log = (try? String(contentsOfFile: serverLog, encoding: .utf8)) ?? ""
            throw PostgresTestSchema.Unavailable(description: "\(program) \(arguments.joined(separator: " ")) failed: \(printed)"
                + (log.isEmpty ? "" : "\nserver log:\n" + log.suffix(2_000)))
        }
    }
}
