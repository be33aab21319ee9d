import Foundation

/// A fresh schema in the test run's throwaway PostgreSQL database (`GROUPLOG_TEST_POSTGRES_URL`,
/// started by scripts/postgres.sh), made and dropped with `psql`, so that each test's store starts
/// empty. Its `url` puts the store's tables in the schema.
public struct PostgresTestSchema: Sendable {
    /// Why a PostgreSQL test could not run; thrown, it fails the test.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The test database's URL; nil when no server was started for this run.
    public static let serverURL = ProcessInfo.processInfo.environment["GROUPLOG_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// Whether this run must test PostgreSQL (scripts/test.sh sets it): then a missing server
    /// fails the tests instead of skipping them.
    public static let isRequired = ProcessInfo.processInfo.environment["GROUPLOG_REQUIRE_POSTGRES"] == "1"

    public let name: String
    /// The test database's URL with the schema as the tables' place.
    public let url: String
    private let server: String

    private init(server: String) throws {
        self.server = server
        name = "grouplog_t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        url = server + (server.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + name
        try Self.psql(server, "CREATE SCHEMA \(name)")
    }

    /// Runs `body` with a fresh schema, dropped afterwards. Without a server it does nothing, or
    /// throws `Unavailable` when PostgreSQL is required.
    public static func with<T>(_ body: (PostgresTestSchema) async throws -> T) async throws -> T? {
        guard let server = serverURL else {
            if isRequired { throw Unavailable(description: "GROUPLOG_REQUIRE_POSTGRES=1, but GROUPLOG_TEST_POSTGRES_URL is not set") }
            return nil
        }
        let schema = try PostgresTestSchema(server: server)
        defer { try? psql(server, "DROP SCHEMA IF EXISTS \(schema.name) CASCADE") }
        return try await body(schema)
    }

    private static func psql(_ url: String, _ statement: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = ["--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", "--dbname", url, "--command", statement]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Unavailable(description: "psql failed on: \(statement)") }
    }
}
