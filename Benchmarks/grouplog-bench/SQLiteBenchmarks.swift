import GroupCore
import GroupStore
import SQLiteEventStore

/// GroupLog beside the event store a team would otherwise write (`SQLiteEventStore`: one SQLite
/// table of JSON commits in WAL mode, `JSONDecoder` and the same reducer), on the same commits,
/// each pair measured in turn in the same run: batched ingest, replay, durable single submits and
/// 16 concurrent submitters, and the bytes each keeps on disk per commit.
struct SQLiteBenchmarks {
    let harness: Harness
    let sizes: Sizes

    struct Sizes {
        /// The mixed workload's group grows to this many members before its mixed commits.
        var members: Int
        var mixedCommits: Int
        /// Commits per `ingest` call, on both sides.
        var batch = 10_000
        /// Durable single submits to the grown group, one after the other.
        var submits: Int
        var submitters = 16
        /// The members of each submitter's own group.
        var submitterMembers: Int
        var submitsPerSubmitter: Int
        var mapSize = 1 << 36
    }

    /// The tables and figures of a run.
    struct Output {
        var table = SummaryTable()
        /// The ratios ours/SQLite and the bytes per commit (the rates are the table's).
        var figures: [Figure] = []
    }

    static let names = [
        "sqlite.ingest.grouplog", "sqlite.ingest.sqlite", "sqlite.replay.grouplog", "sqlite.replay.sqlite",
        "sqlite.submit.grouplog", "sqlite.submit.sqlite", "sqlite.submit16.grouplog", "sqlite.submit16.sqlite",
    ]

    init(harness: Harness, quick: Bool) {
        self.harness = harness
        sizes = quick
            ? Sizes(members: 2_000, mixedCommits: 20_000, submits: 100, submitterMembers: 1_000, submitsPerSubmitter: 10)
            // 200,000 mixed commits rather than the storage suite's million: rates per commit are
            // what is compared, and the rival's JSON keeps a full run of this suite to minutes.
            : Sizes(members: 100_000, mixedCommits: 200_000, submits: 1_000, submitterMembers: 10_000, submitsPerSubmitter: 50)
    }

    func run() -> Output {
        var report = Output()
        guard Self.names.contains(where: harness.shouldRun) else { return report }
        print("\nGroupLog beside a SQLite event store (WAL, JSON payloads through JSONEncoder/JSONDecoder, the same reducer)")
        if wantsAny(["sqlite.ingest", "sqlite.replay"]) {
            let log = ChainedLog(chaining: MixedWorkload(seed: 42, members: sizes.members).log(mixedCommits: sizes.mixedCommits))
            print("sqlite workload: \(log.count) commits (\(sizes.members) members grown in batches of 1,000, then \(sizes.mixedCommits) mixed commits)")
            if wantsAny(["sqlite.ingest"]) { measureIngest(log, into: &report) }
            if wantsAny(["sqlite.replay"]) { measureReplay(log, into: &report) }
        }
        if wantsAny(["sqlite.submit."]) { measureSubmits(into: &report) }
        if wantsAny(["sqlite.submit16"]) { measureConcurrentSubmits(into: &report) }
        return report
    }

    /// Whether the filter lets a benchmark whose name starts with one of `prefixes` run.
    func wantsAny(_ prefixes: [String]) -> Bool {
        Self.names.contains { name in prefixes.contains { name.hasPrefix($0) } && harness.shouldRun(name) }
    }

    /// Adds the pair to the table and its figures, with the ratio ours/SQLite of their rates.
    func record(_ ours: Harness.Result?, _ rival: Harness.Result?, ratio: String, target: Comparison.Target?, into report: inout Output) {
        let comparison = Comparison(figure: ours, rival: rival, target: target)
        report.table.comparisons.append(comparison)
        if let timeRatio = comparison.timeRatio {
            report.figures.append(Figure(ratio, 1 / timeRatio, "x"))
            report.table.notes.append("\(ratio): GroupLog at \(Report.format(1 / timeRatio, decimals: 2))x the SQLite store's rate")
        }
    }
}
