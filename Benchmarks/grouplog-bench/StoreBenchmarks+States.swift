import GroupCore
import GroupStore
import GroupTestSupport

/// `state(of:at:)` at seeded random sequences below the head (so the head cache never answers),
/// for several snapshot intervals, beside a full replay from commit 0 to the same sequences.
extension StoreBenchmarks {
    static let stateNames = snapshotIntervals.map(stateName) + ["store.stateAt.fullReplay"]

    static func stateName(_ interval: UInt64) -> String { "store.stateAt.interval\(interval)" }

    /// - Parameter defaultStore: the log with the default snapshots, when something needs it.
    func measureStates(_ log: ChainedLog, defaultStore: TemporaryStore?, into table: inout SummaryTable) {
        let head = UInt64(log.count - 1)
        var random = SeededGenerator(seed: 7)
        let sequences = (0..<max(sizes.stateSamples, harness.runs) + harness.warmups).map { _ in 1 + random.next() % (head - 1) }
        let fullReplay = defaultStore.flatMap { measureFullReplays(log, sequences, in: $0) }
        for interval in Self.snapshotIntervals where harness.shouldRun(Self.stateName(interval)) {
            let ownStore = interval == StoreOptions.defaultSnapshotInterval ? nil : build(log, snapshotInterval: interval, into: &table)
            guard let stored = ownStore ?? defaultStore else { continue }
            let result = measureStates(log, sequences, in: stored, name: Self.stateName(interval))
            ownStore?.remove()
            table.comparisons.append(Comparison(figure: result, rival: fullReplay, target: .medianAtMost(0.010), showsLatency: true))
        }
    }

    /// One `state(of:at:)` call per timed run, each at the next of `sequences`: the size's
    /// samples, or `--runs` of them when that is more.
    private func measureStates(_ log: ChainedLog, _ sequences: [UInt64], in stored: TemporaryStore, name: String) -> Harness.Result? {
        var sampler = harness
        sampler.runs = max(sizes.stateSamples, harness.runs)
        let store = stored.open()
        var next = 0
        return sampler.measure(name, units: 1, unitName: "calls", prepare: { () -> UInt64 in
            defer { next += 1 }
            return sequences[next]
        }) { sequence in
            _ = orExit("state at \(sequence)") { try store.state(of: log.group, at: sequence) }
        }
    }

    /// One replay from commit 0 through the next of `sequences` per timed run.
    private func measureFullReplays(_ log: ChainedLog, _ sequences: [UInt64], in stored: TemporaryStore) -> Harness.Result? {
        let store = stored.open()
        var next = 0
        return harness.measure("store.stateAt.fullReplay", units: 1, unitName: "calls", prepare: { () -> UInt64 in
            defer { next += 1 }
            return sequences[next]
        }) { sequence in
            _ = orExit("replay through \(sequence)") { try store.replay(log.group, through: sequence) { _, _, _ in } }
        }
    }
}
