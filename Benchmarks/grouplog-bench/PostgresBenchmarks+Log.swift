import GroupCore
import GroupStore

/// The whole mixed log ingested in batches, and replayed, by PostgreSQL and by LMDB.
extension PostgresBenchmarks {
    func measureIngest(_ log: ChainedLog, server: String, into table: inout SummaryTable) {
        let batches = log.batches(of: sizes.batch)
        var lastSchema: TemporaryPostgresSchema?
        var lastStore: TemporaryStore?
        let results = harness.measureInTurn([
            TurnBenchmark("postgres.ingest", units: log.count, unitName: "commits", prepare: { () -> any GroupLogStorage in
                lastSchema?.remove()
                lastSchema = schema(on: server, label: "ingest")
                return lastSchema!.open()
            }) { store in
                for batch in batches { orExit("ingest a batch into PostgreSQL") { try store.ingest(batch) } }
            },
            TurnBenchmark("postgres.ingest.lmdb", units: log.count, unitName: "commits", prepare: { () -> any GroupLogStorage in
                lastStore?.remove()
                lastStore = lmdb(label: "vsPostgres")
                return lastStore!.open()
            }) { store in
                for batch in batches { orExit("ingest a batch into LMDB") { try store.ingest(batch) } }
            },
        ])
        table.comparisons.append(Comparison(figure: results[0], rival: results[1], target: .rateAtLeast(100_000)))
        lastSchema?.remove()
        lastStore?.remove()
    }

    func measureReplay(_ log: ChainedLog, server: String, into table: inout SummaryTable) {
        // Each store built once by the same batched ingest, untimed.
        let schema = schema(on: server, label: "replay")
        let stored = lmdb(label: "vsPostgres")
        defer {
            schema.remove()
            stored.remove()
        }
        var members = (0, 0)
        do {
            let postgres = schema.open()
            let store = stored.open()
            for batch in log.batches(of: sizes.batch) {
                orExit("ingest a batch into PostgreSQL") { try postgres.ingest(batch) }
                orExit("ingest a batch into LMDB") { try store.ingest(batch) }
            }
            let results = harness.measureInTurn([
                TurnBenchmark("postgres.replay", units: log.count, unitName: "commits", prepare: { postgres }) { postgres in
                    members.0 = orExit("replay from PostgreSQL") { try postgres.replay(log.group) { _, _, _ in } }.state?.memberCount ?? 0
                },
                TurnBenchmark("postgres.replay.lmdb", units: log.count, unitName: "commits", prepare: { store }) { store in
                    members.1 = orExit("replay from LMDB") { try store.replay(log.group) { _, _, _ in } }.state?.memberCount ?? 0
                },
            ])
            table.comparisons.append(Comparison(figure: results[0], rival: results[1], target: .rateAtLeast(300_000)))
        }
        print("  (replayed to states of \(members.0) and \(members.1) members)")
    }
}
