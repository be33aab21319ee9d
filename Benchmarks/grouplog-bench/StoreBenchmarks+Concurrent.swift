import GroupCore
import GroupStore

/// Durable submits from 16 threads at once, to their own groups and all to one group, beside the
/// same number of submits from one thread; measured in turn. Each submit returns only once its
/// commit is durable, so 16 threads go faster than one only by sharing transactions (group
/// commit); the notes give how many submits a transaction held on average.
extension StoreBenchmarks {
    static let concurrentSubmitThreads = 16
    static let concurrentSubmitNames = [
        "store.submitConcurrent.1thread", "store.submitConcurrent.16threads.ownGroups", "store.submitConcurrent.16threads.oneGroup",
    ]

    /// Measures the three in turn, adds them to `table` and returns them (nil where filtered out),
    /// in the order of `concurrentSubmitNames`, for a rival's figures to be set beside.
    @discardableResult
    func measureConcurrentSubmits(into table: inout SummaryTable) -> [Harness.Result?] {
        let threads = Self.concurrentSubmitThreads
        let perThread = max(1, sizes.submits / 8)
        let loads = [
            ConcurrentSubmitLoad(threads: 1, submitsPerThread: threads * perThread, layout: .ownGroups),
            ConcurrentSubmitLoad(threads: threads, submitsPerThread: perThread, layout: .ownGroups),
            ConcurrentSubmitLoad(threads: threads, submitsPerThread: perThread, layout: .oneGroup),
        ]
        print("concurrent submit workload: \(loads[0].submits) durable renames of groups of 10 members, from 1 thread or \(threads)")
        let tallies = loads.map { _ in BatchTally() }
        let results = harness.measureInTurn(zip(Self.concurrentSubmitNames, zip(loads, tallies)).map { name, pair in
            concurrentSubmits(name, pair.0, tally: pair.1)
        })
        for (index, result) in results.enumerated() {
            guard let result else { continue }
            let note = "\(result.name): \(Report.format(tallies[index].submitsPerBatch, decimals: 2)) submits per batch (one write transaction, one fsync)"
            print(note)
            table.notes.append(note)
        }
        table.comparisons.append(Comparison(figure: results[1], rival: results[0]))
        table.comparisons.append(Comparison(figure: results[2], rival: results[0]))
        return results
    }

    /// The load's submits on a fresh LMDB store, the previous run's store deleted first.
    private func concurrentSubmits(_ name: String, _ load: ConcurrentSubmitLoad, tally: BatchTally) -> TurnBenchmark {
        var last: TemporaryStore?
        return load.benchmark(name, fresh: {
            last?.remove()
            last = TemporaryStore(label: "concurrent", options: StoreOptions())
            return last!.open()
        }, tally: tally)
    }
}
