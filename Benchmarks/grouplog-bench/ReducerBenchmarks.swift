import GroupCore

/// The pure reducer, with no storage: how fast a log folds into a state.
struct ReducerBenchmarks {
    let harness: Harness
    let quick: Bool

    func run() {
        guard harness.shouldRun("reducer.replay") || harness.shouldRun("reducer.stateOnlyReplay") else { return }
        let members = quick ? 10_000 : 100_000
        let commits = quick ? 100_000 : 1_000_000
        let log = MixedWorkload(seed: 42, members: members).log(mixedCommits: commits)
        let applied = foldAll(log).applied
        print("reducer workload: \(log.count) commits (\(members) members grown in batches of 1,000, then \(commits) mixed commits, \(applied) applied)")
        if harness.shouldRun("reducer.replay") {
            _ = harness.measure("reducer.replay", units: log.count, unitName: "commits", prepare: { Replica() }) { replica in
                for commit in log { replica.fold(commit) }
            }
        }
        // The fold as state reads and ingest run it: no domain events made.
        if harness.shouldRun("reducer.stateOnlyReplay") {
            _ = harness.measure("reducer.stateOnlyReplay", units: log.count, unitName: "commits", prepare: { Replica() }) { replica in
                for commit in log { replica.fold(commit, recordingEvents: false) }
            }
        }
    }

    private func foldAll(_ log: [Commit]) -> (replica: Replica, applied: Int) {
        var replica = Replica()
        var applied = 0
        for commit in log where replica.fold(commit).isApplied { applied += 1 }
        return (replica, applied)
    }
}
