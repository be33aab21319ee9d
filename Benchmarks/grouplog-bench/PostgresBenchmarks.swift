import GroupCore
import GroupStore
import GroupStorePostgres

/// The PostgreSQL backend beside the LMDB one, each pair measured in turn in the same run on the
/// same commits: batched ingest, replay, and durable submits from 1 and 16 threads. Every
/// PostgreSQL store lives in a fresh schema of the server `TemporaryPostgresSchema.serverURL`
/// names, dropped afterwards; without a server the suite prints why it was skipped, and the rest
/// of the run goes on.
struct PostgresBenchmarks {
    let harness: Harness
    let sizes: Sizes

    struct Sizes {
        /// The mixed workload's group grows to this many members before its mixed commits.
        var members: Int
        var mixedCommits: Int
        /// Commits per `ingest` call, on both backends.
        var batch = 10_000
        /// Durable renames per thread with 16 threads; the single thread makes 16 times as many.
        var submitsPerThread: Int
        var mapSize = 1 << 36
    }

    static let names = [
        "postgres.ingest", "postgres.ingest.lmdb", "postgres.replay", "postgres.replay.lmdb",
        "postgres.submit.1thread", "postgres.submit.1thread.lmdb", "postgres.submit.16threads", "postgres.submit.16threads.lmdb",
    ] + replicaNames

    init(harness: Harness, quick: Bool) {
        self.harness = harness
        sizes = quick
            // A few seconds in CI's debug build, server included.
            ? Sizes(members: 1_000, mixedCommits: 5_000, submitsPerThread: 5, mapSize: 1 << 30)
            // The SQLite suite's 200,000 mixed commits: rates per commit are what is compared, and
            // every ingest run of this suite writes the whole log to the server anew.
            : Sizes(members: 100_000, mixedCommits: 200_000, submitsPerThread: 250)
    }

    func run() -> SummaryTable {
        var table = SummaryTable()
        guard Self.names.contains(where: harness.shouldRun) else { return table }
        guard let server = TemporaryPostgresSchema.serverURL else {
            print("\npostgres: skipped: no server (set GROUPLOG_BENCH_POSTGRES_URL, or GROUPLOG_TEST_POSTGRES_URL, to a database the benchmarks may create schemas in)")
            return table
        }
        // One schema made and dropped up front, so that a server that is down or refuses skips
        // the suite with the reason rather than stopping the whole run.
        do throws(StoreError) {
            try TemporaryPostgresSchema(server: server, label: "probe").remove()
        } catch {
            // On one line: libpq's messages run over several.
            let reason = "\(error)".split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
            print("\npostgres: skipped: the server at \(PostgresStore.displayed(server)) cannot be used: \(reason)")
            return table
        }
        print("\nGroupLog on PostgreSQL (\(PostgresStore.displayed(server))) beside LMDB, each store in a fresh schema or directory")
        if wantsAny(["postgres.ingest", "postgres.replay"]) {
            let log = ChainedLog(chaining: MixedWorkload(seed: 42, members: sizes.members).log(mixedCommits: sizes.mixedCommits))
            print("postgres workload: \(log.count) chained commits (\(sizes.members) members grown in batches of 1,000, "
                + "then \(sizes.mixedCommits) mixed commits), ingested in batches of \(sizes.batch)")
            if wantsAny(["postgres.ingest"]) { measureIngest(log, server: server, into: &table) }
            if wantsAny(["postgres.replay"]) { measureReplay(log, server: server, into: &table) }
        }
        if wantsAny(["postgres.submit"]) { measureSubmits(server: server, into: &table) }
        if wantsAny(["postgres.replica"]) { measureReplicaLag(server: server, into: &table) }
        return table
    }

    /// Whether the filter lets a benchmark whose name starts with one of `prefixes` run.
    func wantsAny(_ prefixes: [String]) -> Bool {
        Self.names.contains { name in prefixes.contains { name.hasPrefix($0) } && harness.shouldRun(name) }
    }

    /// A fresh schema on `server`, or the end of the run with the reason (the server answered
    /// the probe, so a failure now is a broken setup, not a missing server).
    func schema(on server: String, label: String) -> TemporaryPostgresSchema {
        orExit("create a schema for the PostgreSQL benchmarks") { try TemporaryPostgresSchema(server: server, label: label) }
    }

    /// A fresh LMDB store in a temporary directory.
    func lmdb(label: String) -> TemporaryStore {
        TemporaryStore(label: label, options: StoreOptions(initialMapSize: sizes.mapSize))
    }
}
