import GroupCore
import GroupStore

/// Durable submits from 1 thread and from 16 threads at once, each thread renaming a group of its
/// own (`ConcurrentSubmitLoad`, the storage suite's load), on PostgreSQL and on LMDB, the four in
/// turn. A submit returns once its commit is durable, so 16 threads outrun one only by sharing
/// transactions (group commit); the notes give how many submits a transaction held.
extension PostgresBenchmarks {
    func measureSubmits(server: String, into table: inout SummaryTable) {
        let threads = 16
        let single = ConcurrentSubmitLoad(threads: 1, submitsPerThread: threads * sizes.submitsPerThread, layout: .ownGroups)
        let concurrent = ConcurrentSubmitLoad(threads: threads, submitsPerThread: sizes.submitsPerThread, layout: .ownGroups)
        print("postgres submit workload: \(single.submits) durable renames of groups of 10 members, from 1 thread or \(threads), each thread its own group")
        var lastSchema: TemporaryPostgresSchema?
        var lastStore: TemporaryStore?
        let freshPostgres = { () -> any GroupLogStorage in
            lastSchema?.remove()
            lastSchema = schema(on: server, label: "submit")
            return lastSchema!.open()
        }
        let freshLMDB = { () -> any GroupLogStorage in
            lastStore?.remove()
            lastStore = lmdb(label: "vsPostgres")
            return lastStore!.open()
        }
        let tallies = (0..<4).map { _ in BatchTally() }
        let results = harness.measureInTurn([
            submits("postgres.submit.1thread", single, fresh: freshPostgres, tally: tallies[0]),
            submits("postgres.submit.1thread.lmdb", single, fresh: freshLMDB, tally: tallies[1]),
            submits("postgres.submit.16threads", concurrent, fresh: freshPostgres, tally: tallies[2]),
            submits("postgres.submit.16threads.lmdb", concurrent, fresh: freshLMDB, tally: tallies[3]),
        ])
        for (index, result) in results.enumerated() {
            guard let result else { continue }
            let note = "\(result.name): \(Report.format(tallies[index].submitsPerBatch, decimals: 2)) submits per transaction"
            print(note)
            table.notes.append(note)
        }
        table.comparisons.append(Comparison(figure: results[0], rival: results[1]))
        table.comparisons.append(Comparison(figure: results[2], rival: results[3], target: .rateAtLeast(10_000)))
        table.comparisons.append(Comparison(figure: results[2], rival: results[0]))
        lastSchema?.remove()
        lastStore?.remove()
    }

    /// The load's submits on a fresh store holding its groups, each thread's one after the other.
    private func submits(_ name: String, _ load: ConcurrentSubmitLoad, fresh: @escaping () -> any GroupLogStorage, tally: BatchTally) -> TurnBenchmark {
        TurnBenchmark(name, units: load.submits, unitName: "commits", prepare: { () -> any GroupLogStorage in
            let store = fresh()
            for group in load.groups {
                orExit("create \(group)") {
                    try store.submit(to: group, actor: ConcurrentSubmitLoad.owner, time: 1_000, changes: [ConcurrentSubmitLoad.creation])
                }
            }
            return store
        }) { store in
            let shared = store
            let before = store.submitStatistics
            Threads.run(load.threads) { thread in
                let group = load.group(ofThread: thread)
                for index in 0..<load.submitsPerThread {
                    orExit("submit \(index) of thread \(thread)") {
                        try shared.submit(to: group, actor: ConcurrentSubmitLoad.owner, time: ConcurrentSubmitLoad.time,
                                          changes: load.changes(thread: thread, index: index))
                    }
                }
            }
            tally.add(store.submitStatistics, since: before)
        }
    }
}
