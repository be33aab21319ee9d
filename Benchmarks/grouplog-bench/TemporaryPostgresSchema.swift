#if canImport(Glibc)
import Glibc
#endif
import GroupStore
import GroupStorePostgres

/// A GroupLog store in a fresh schema of the benchmark server's database: made through the
/// backend's own connection type, opened with its URL naming the schema as the tables' place,
/// and dropped with everything in it by `remove()` (let go of every store on it first).
final class TemporaryPostgresSchema {
    /// The server the PostgreSQL benchmarks run against: `GROUPLOG_BENCH_POSTGRES_URL`, else the
    /// test run's `GROUPLOG_TEST_POSTGRES_URL` (scripts/postgres.sh); nil when neither is set.
    static let serverURL: String? = environment("GROUPLOG_BENCH_POSTGRES_URL") ?? environment("GROUPLOG_TEST_POSTGRES_URL")

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    let server: String
    /// `grouplog_bench_<label>_<random>`: letters, digits and underscores only, since a schema's
    /// name cannot be a statement's parameter and is written into CREATE and DROP.
    let name: String
    /// The server's URL with the schema first on the search path.
    let url: String
    /// True until the schema exists, so that an init that throws has nothing to drop in deinit.
    private var isRemoved = true

    /// Creates the schema.
    /// - Throws: `storage` when the server cannot be reached or refuses.
    init(server: String, label: String) throws(StoreError) {
        precondition(label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }, "a label of ASCII letters and digits")
        self.server = server
        name = "grouplog_bench_\(label.lowercased())_\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
        // libpq takes the option in a URL's query, or as one more pair of a key-value string.
        url = server.contains("://")
            ? server + (server.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + name
            : server + " options=-csearch_path=" + name
        try PGConnection(url: server).execute("CREATE SCHEMA \(name)", operation: "create the schema \(name)")
        isRemoved = false
    }

    deinit { remove() }

    /// Opens a store in the schema, creating its tables the first time.
    func open() -> any GroupLogStorage {
        orExit("open a store in the schema \(name)") { try PostgresStore(url: url, options: StoreOptions(create: true)) }
    }

    /// Drops the schema and its tables.
    func remove() {
        guard !isRemoved else { return }
        isRemoved = true
        orExit("drop the schema \(name)") {
            let connection = try PGConnection(url: server)
            // Without the server's notice naming every table the drop cascades to.
            try connection.execute("SET client_min_messages TO warning", operation: "quiet the notices")
            try connection.execute("DROP SCHEMA IF EXISTS \(name) CASCADE", operation: "drop the schema \(name)")
        }
    }
}
