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
            single.benchmark("postgres.submit.1thread", fresh: freshPostgres, tally: tallies[0]),
            single.benchmark("postgres.submit.1thread.lmdb", fresh: freshLMDB, tally: tallies[1]),
            concurrent.benchmark("postgres.submit.16threads", fresh: freshPostgres, tally: tallies[2]),
            concurrent.benchmark("postgres.submit.16threads.lmdb", fresh: freshLMDB, tally: tallies[3]),
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
}
