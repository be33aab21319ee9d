import GroupCodec
import GroupCore
import GroupStore
import GroupTestSupport

/// Issue 7's four workloads, each ingested into a fresh store and read back: ingest and replay
/// rates, state at random sequences, the largest group's snapshot size and load time, the peak
/// memory of ingest and replay, and the bytes each commit takes on disk.
struct WorkloadBenchmarks {
    let harness: Harness
    let quick: Bool
    /// Commits per `ingest` call.
    let batch = 10_000
    /// How many random sequences `state(of:at:)` is timed at.
    var stateSamples: Int { quick ? 5 : 25 }

    /// The workloads at their full or quick sizes, made only when the filter lets them run.
    private var workloads: [(name: String, make: () -> Workload)] {
        [
            ("growth", { .growth(members: quick ? 20_000 : 1_000_000) }),
            ("mixed", { .mixed(members: quick ? 2_000 : 100_000, mixedCommits: quick ? 20_000 : 1_000_000) }),
            ("displayNames", { .displayNames(members: quick ? 2_000 : 100_000) }),
            ("manyGroups", { .manyGroups(groups: quick ? 200 : 10_000, members: 250, commitsPerGroup: 9) }),
        ]
    }

    func run() -> [Figure] {
        var figures: [Figure] = []
        for (name, make) in workloads where harness.shouldRun("workload.\(name)") {
            let workload = make()
            print("workload \(name): \(workload.summary), \(workload.commits.count) commits")
            figures += measure(workload)
        }
        return figures
    }

    private func measure(_ workload: Workload) -> [Figure] {
        let log = ChainedLog(chaining: workload.commits)
        let groups = log.groups
        let prefix = "workload.\(workload.name)"
        var figures: [Figure] = []
        let stored = TemporaryStore(label: workload.name, options: StoreOptions(initialMapSize: 1 << 36))
        defer { stored.remove() }

        // Ingest, once: a fresh store per run would rebuild the largest stores several times.
        let before = (ProcessMemory.residentBytes ?? 0)
        ProcessMemory.resetPeak()
        var applied = 0
        let start = Clock.now()
        do {
            let store = stored.open()
            for batch in log.batches(of: batch) {
                applied += orExit("ingest a batch") { try store.ingest(batch) }.filter(\.isApplied).count
            }
        }
        let ingestSeconds = Clock.now() - start
        figures.append(Figure("\(prefix).ingest", Double(log.count) / ingestSeconds, "commits/s"))
        figures.append(Figure("\(prefix).applied", Double(applied) / Double(log.count) * 100, "% of commits"))
        figures.append(Figure("\(prefix).ingest.peakRSS", megabytes(ProcessMemory.peakResidentBytes - before), "MB above start"))
        figures.append(Figure("\(prefix).bytesPerCommit", Double(stored.dataSize) / Double(log.count), "bytes"))

        let store = stored.open()
        ProcessMemory.resetPeak()
        let beforeReplay = (ProcessMemory.residentBytes ?? 0)
        var largest: GroupState?
        if let replay = harness.measure("\(prefix).replay", units: log.count, unitName: "commits", prepare: {}, { _ in
            for group in groups {
                let state = orExit("replay \(group)") { try store.replay(group) { _, _, _ in } }.state
                if (state?.memberCount ?? 0) > (largest?.memberCount ?? -1) { largest = state }
            }
        }) {
            figures.append(Figure(replay))
            figures.append(Figure("\(prefix).replay.peakRSS", megabytes(ProcessMemory.peakResidentBytes - beforeReplay), "MB above start"))
        }
        if let state = largest { figures += measureSnapshot(of: state, prefix: prefix) }
        if let states = measureStates(log, groups: groups, in: store, name: "\(prefix).stateAt") {
            figures.append(Figure(states, latency: true))
        }
        for figure in figures { print("  " + figure.text) }
        return figures
    }

    /// The largest group's state as a snapshot: its encoded size and how long it takes to decode.
    private func measureSnapshot(of state: GroupState, prefix: String) -> [Figure] {
        let bytes = StateCodec.encode(state)
        var figures = [Figure("\(prefix).snapshotBytes", Double(bytes.count), "bytes"),
                       Figure("\(prefix).snapshotBytesPerMember", Double(bytes.count) / Double(max(1, state.memberCount)), "bytes")]
        var decoded = 0
        if let load = harness.measure("\(prefix).snapshotLoad", units: 1, unitName: "loads", prepare: {}, { _ in
            decoded &+= orExit("decode the snapshot") { try StateCodec.decode(bytes) }.memberCount
        }) {
            figures.append(Figure(load, latency: true))
        }
        return figures
    }

    /// `state(of:at:)` at seeded random sequences below each group's head, one call per run.
    private func measureStates(_ log: ChainedLog, groups: [GroupID], in store: any GroupLogStorage, name: String) -> Harness.Result? {
        var random = SeededGenerator(seed: 7)
        let heads = groups.map { group in (group, orExit("head of \(group)") { try store.headSequence(of: group) }) }
        let samples = (0..<(stateSamples + harness.warmups)).map { _ -> (GroupID, UInt64) in
            let (group, head) = heads[Int(random.next() % UInt64(heads.count))]
            return (group, head == 0 ? 0 : random.next() % head)
        }
        var sampler = harness
        sampler.runs = stateSamples
        var next = 0
        return sampler.measure(name, units: 1, unitName: "calls", prepare: { () -> (GroupID, UInt64) in
            defer { next += 1 }
            return samples[next]
        }) { sample in
            _ = orExit("state of \(sample.0) at \(sample.1)") { try store.state(of: sample.0, at: sample.1) }
        }
    }

    private func megabytes(_ bytes: Int) -> Double { Double(max(0, bytes)) / 1_000_000 }
}
