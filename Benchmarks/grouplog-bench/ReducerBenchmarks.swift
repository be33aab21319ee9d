import GroupCore
import GroupStore

/// The pure reducer, with no storage: how fast a log folds into a state.
struct ReducerBenchmarks {
    let harness: Harness
    let quick: Bool

    static let names = ["reducer.replay", "reducer.stateOnlyReplay", "reducer.oneByOne", "reducer.afterLoad", "reducer.afterFold", "reducer.lookupFloor"]

    /// The comparison for the summary: the pure fold against its 4M/s target, beside the same
    /// fold commit by commit (without the look-ahead of a run's fold).
    func run() -> [Comparison] {
        guard Self.names.contains(where: harness.shouldRun) else { return [] }
        let members = quick ? 10_000 : 100_000
        let commits = quick ? 100_000 : 1_000_000
        let log = MixedWorkload(seed: 42, members: members).log(mixedCommits: commits)
        let applied = foldAll(log).applied
        print("reducer workload: \(log.count) commits (\(members) members grown in batches of 1,000, then \(commits) mixed commits, \(applied) applied)")
        if harness.shouldRun("reducer.replay") {
            _ = harness.measure("reducer.replay", units: log.count, unitName: "commits", prepare: { Replica() }) { replica in
                replica.fold(log) { _, _, _ in }
            }
        }
        // The fold as state reads and ingest run it, no domain events made: a run's fold, the
        // same commit by commit, and the floor under both, in turn: only the lookups each
        // commit's fold must make (its actor and the inboxes it names), with the run's
        // look-ahead, in the state after the whole log.
        let final = harness.shouldRun("reducer.lookupFloor") ? foldAll(log).replica : Replica()
        var lookedUp: UInt64 = 0
        let stateOnly = harness.measureInTurn([
            TurnBenchmark("reducer.stateOnlyReplay", units: log.count, unitName: "commits", prepare: { Replica() }) { replica in
                replica.fold(log, recordingEvents: false) { _, _, _ in }
            },
            TurnBenchmark("reducer.oneByOne", units: log.count, unitName: "commits", prepare: { Replica() }) { replica in
                for commit in log { replica.fold(commit, recordingEvents: false) }
            },
            TurnBenchmark("reducer.lookupFloor", units: log.count, unitName: "commits", prepare: { final }) { replica in
                guard let state = replica.state else { return }
                var lookAhead = RosterLookAhead()
                for position in log.indices {
                    lookAhead.prepare(log, before: position, for: replica)
                    lookedUp &+= state.namedMemberLookups(of: log[position])
                }
            },
        ])
        if lookedUp == 0 && stateOnly[2] != nil { print("reducer.lookupFloor found no member") }
        return [
            Comparison(figure: stateOnly[0], rival: stateOnly[1], target: .rateAtLeast(4_000_000)),
            Comparison(figure: stateOnly[2], rival: stateOnly[0]),
        ] + measureAfterLoad(log)
    }

    /// The second half of the log folded onto the state after the first half, loaded from its
    /// snapshot, whose untouched records stay packed and are unpacked on every lookup, against
    /// the same fold onto that state as folded, in turn. Each run starts from a state of its
    /// own, so that no first write copies a shared roster.
    private func measureAfterLoad(_ log: [Commit]) -> [Comparison] {
        guard harness.shouldRun("reducer.afterLoad") || harness.shouldRun("reducer.afterFold") else { return [] }
        let (firstHalf, secondHalf) = (Array(log.prefix(log.count / 2)), Array(log.suffix(log.count - log.count / 2)))
        let snapshot = SnapshotRecord.encode(foldAll(firstHalf).replica.state)
        let results = harness.measureInTurn([
            TurnBenchmark("reducer.afterLoad", units: secondHalf.count, unitName: "commits", prepare: { () -> Replica in
                let state = snapshot.withUnsafeBytes { try? SnapshotRecord.decode($0) }
                return Replica(resuming: state)
            }) { replica in
                for commit in secondHalf { replica.fold(commit, recordingEvents: false) }
            },
            TurnBenchmark("reducer.afterFold", units: secondHalf.count, unitName: "commits", prepare: { foldAll(firstHalf).replica }) { replica in
                for commit in secondHalf { replica.fold(commit, recordingEvents: false) }
            },
        ])
        return [Comparison(figure: results[0], rival: results[1])]
    }

    private func foldAll(_ log: [Commit]) -> (replica: Replica, applied: Int) {
        var replica = Replica()
        var applied = 0
        for commit in log where replica.fold(commit).isApplied { applied += 1 }
        return (replica, applied)
    }
}
