import GroupCore
import GroupStore

/// The storage suite: the store's figures, each beside a rival measured in the same run (raw
/// LMDB doing the same I/O with nothing on top, or the slow path the store avoids), every store
/// and environment in a fresh temporary directory deleted afterwards.
struct StoreBenchmarks {
    let harness: Harness
    private(set) var sizes: Sizes

    struct Sizes {
        /// The group grows to this many members before the mixed commits.
        var members: Int
        var mixedCommits: Int
        /// Commits per `ingest` call, and per transaction of its raw rival.
        var batch = 10_000
        var submits: Int
        /// Commits per transaction standing in for group commit.
        var groupCommit = 16
        /// How many random sequences `state(of:at:)` is timed at (one call per timed run).
        var stateSamples: Int
        /// The map's initial size: large enough that no timed write waits for it to grow.
        var mapSize = 1 << 36
        /// Durable submits of each signed-submit benchmark, and per thread of the concurrent ones:
        /// fewer than `submits` in the quick run, where every fsync counts.
        var signedSubmits: Int
        var signedSubmitsPerThread: Int
        /// The signed log's group grows to this many members before its mixed commits: smaller
        /// than the store workload's, since verifying a signature costs tens of microseconds.
        var signedMembers: Int
        var signedCommits: Int
        /// Signatures made and verified by the raw Ed25519 benchmarks.
        var signatureOperations: Int
    }

    /// The snapshot intervals `state(of:at:)` is measured with: the default and its neighbours.
    static let snapshotIntervals = Set<UInt64>([1_000, 10_000, StoreOptions.defaultSnapshotInterval]).sorted()

    /// - Parameter mapGiB: the map's initial size in GiB, in place of the sizes' own.
    init(harness: Harness, quick: Bool, mapGiB: Int? = nil) {
        self.harness = harness
        sizes = quick
            // A 1 GiB map is ample for the quick sizes, and valgrind (which profiles --quick runs)
            // cannot map the full run's 64 GiB.
            ? Sizes(
                members: 2_000, mixedCommits: 20_000, submits: 200, stateSamples: 5, mapSize: 1 << 30,
                signedSubmits: 40, signedSubmitsPerThread: 4, signedMembers: 100, signedCommits: 500, signatureOperations: 200)
            : Sizes(
                members: 100_000, mixedCommits: 1_000_000, submits: 2_000, stateSamples: 25,
                signedSubmits: 2_000, signedSubmitsPerThread: 250, signedMembers: 10_000, signedCommits: 20_000,
                signatureOperations: 10_000)
        if let mapGiB { sizes.mapSize = mapGiB << 30 }
    }

    func run() -> SummaryTable {
        var table = SummaryTable()
        if wantsAny(Self.ingestNames + Self.replayNames + Self.stateNames) {
            let log = ChainedLog(chaining: MixedWorkload(seed: 42, members: sizes.members).log(mixedCommits: sizes.mixedCommits))
            print("store workload: \(log.count) chained commits, \(Report.format(Double(log.recordBytes) / 1e6, decimals: 1)) MB encoded "
                + "(\(sizes.members) members grown in batches of 1,000, then \(sizes.mixedCommits) mixed commits)")
            if wantsAny(Self.ingestNames) { measureIngest(log, into: &table) }
            // One store with the default snapshots serves the replays and the default's state reads.
            let needsDefault = wantsAny(Self.replayNames + ["store.stateAt.fullReplay", Self.stateName(StoreOptions.defaultSnapshotInterval)])
            let stored = needsDefault ? build(log, snapshotInterval: StoreOptions.defaultSnapshotInterval, into: &table) : nil
            if let stored, wantsAny(Self.replayNames) { measureReplay(log, in: stored, into: &table) }
            if wantsAny(Self.stateNames) { measureStates(log, defaultStore: stored, into: &table) }
            stored?.remove()
        }
        if wantsAny(Self.submitNames) { measureSubmits(into: &table) }
        if wantsAny(Self.concurrentSubmitNames) { measureConcurrentSubmits(into: &table) }
        if wantsAny(Self.signedSubmitNames) { measureSignedSubmits(into: &table) }
        if wantsAny(Self.signedConcurrentSubmitNames) { measureSignedConcurrentSubmits(into: &table) }
        if wantsAny(Self.signedLogNames) { measureSignedLog(into: &table) }
        if wantsAny(Self.ed25519Names) { measureEd25519(into: &table) }
        return table
    }

    /// Whether the filter lets any of `names` run, so that no input is built for nothing.
    func wantsAny(_ names: [String]) -> Bool { names.contains(where: harness.shouldRun) }

    /// Ingests `log` into a fresh store in batches, once, and notes the time it took and the size.
    func build(_ log: ChainedLog, snapshotInterval: UInt64, into table: inout SummaryTable) -> TemporaryStore {
        let stored = TemporaryStore(label: "interval\(snapshotInterval)", options: StoreOptions(snapshotInterval: snapshotInterval, initialMapSize: sizes.mapSize))
        let batches = log.batches(of: sizes.batch)
        let start = Clock.now()
        do {
            let store = stored.open()
            for batch in batches { orExit("ingest a batch") { try store.ingest(batch) } }
        }
        let seconds = Clock.now() - start
        let isDefault = snapshotInterval == StoreOptions.defaultSnapshotInterval
        let note = "store with snapshots every \(snapshotInterval)\(isDefault ? " (the default)" : ""): built in \(Report.format(seconds, decimals: 1)) s "
            + "(\(Report.format(Double(log.count) / seconds)) commits/s), data.mdb \(Report.format(Double(stored.dataSize) / 1e6, decimals: 1)) MB"
        print(note)
        table.notes.append(note)
        return stored
    }
}
