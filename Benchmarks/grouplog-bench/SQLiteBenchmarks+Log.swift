import GroupCore
import GroupStore
import SQLiteEventStore

/// The whole mixed log ingested in batches of the same size, and replayed into the reducer, by
/// both stores; and what each keeps on disk per commit.
extension SQLiteBenchmarks {
    func measureIngest(_ log: ChainedLog, into report: inout Output) {
        let batches = log.batches(of: sizes.batch)
        var lastStore: TemporaryStore?
        var lastSQLite: TemporarySQLite?
        let results = harness.measureInTurn([
            TurnBenchmark("sqlite.ingest.grouplog", units: log.count, unitName: "commits", prepare: { () -> any GroupLogStorage in
                lastStore?.remove()
                lastStore = TemporaryStore(label: "vsSQLite", options: StoreOptions(initialMapSize: sizes.mapSize))
                return lastStore!.open()
            }) { store in
                for batch in batches { orExit("ingest a batch into GroupLog") { try store.ingest(batch) } }
            },
            TurnBenchmark("sqlite.ingest.sqlite", units: log.count, unitName: "commits", prepare: { () -> SQLiteEventStore in
                lastSQLite?.remove()
                lastSQLite = TemporarySQLite(label: "sqlite")
                return lastSQLite!.open()
            }) { store in
                for batch in batches { orExit("ingest a batch into SQLite") { try store.ingest(batch) } }
            },
        ])
        record(results[0], results[1], ratio: "sqlite.ingest.ratio", target: .speedupAtLeast(3), into: &report)
        lastStore?.remove()
        lastSQLite?.remove()
    }

    func measureReplay(_ log: ChainedLog, into report: inout Output) {
        // Each store built once, by the same batched ingest, untimed; their sizes are the bytes per commit.
        let stored = TemporaryStore(label: "vsSQLite", options: StoreOptions(initialMapSize: sizes.mapSize))
        let sqlite = TemporarySQLite(label: "sqlite")
        defer {
            stored.remove()
            sqlite.remove()
        }
        let store = stored.open()
        let rival = sqlite.open()
        for batch in log.batches(of: sizes.batch) {
            orExit("ingest a batch into GroupLog") { try store.ingest(batch) }
            orExit("ingest a batch into SQLite") { try rival.ingest(batch) }
        }
        noteSizes(of: stored, sqlite, commits: log.count, into: &report)

        var members = (0, 0)
        let results = harness.measureInTurn([
            TurnBenchmark("sqlite.replay.grouplog", units: log.count, unitName: "commits", prepare: { store }) { store in
                let replayed = orExit("replay GroupLog") { try store.replay(log.group) { _, _, _ in } }
                members.0 = replayed.state?.memberCount ?? 0
            },
            TurnBenchmark("sqlite.replay.sqlite", units: log.count, unitName: "commits", prepare: { rival }) { rival in
                members.1 = orExit("replay SQLite") { try rival.state(of: log.group) }?.memberCount ?? 0
            },
        ])
        print("  (replayed to states of \(members.0) and \(members.1) members)")
        // Issue 18's target, which replaced the 40x of the first benchmark issue.
        record(results[0], results[1], ratio: "sqlite.replay.ratio", target: .speedupAtLeast(30), into: &report)
    }

    private func noteSizes(of stored: TemporaryStore, _ sqlite: TemporarySQLite, commits: Int, into report: inout Output) {
        let ours = Double(stored.dataSize) / Double(commits)
        let (database, wal) = sqlite.sizes
        let theirs = Double(database + wal) / Double(commits)
        report.figures.append(Figure("sqlite.bytesPerCommit.grouplog", ours, "bytes/commit"))
        report.figures.append(Figure("sqlite.bytesPerCommit.sqlite", theirs, "bytes/commit"))
        let note = "bytes per commit on disk after ingest: GroupLog \(Report.format(ours)) (data.mdb \(Report.format(Double(stored.dataSize) / 1e6, decimals: 1)) MB, "
            + "snapshots included), SQLite \(Report.format(theirs)) (db \(Report.format(Double(database) / 1e6, decimals: 1)) MB + "
            + "wal \(Report.format(Double(wal) / 1e6, decimals: 1)) MB)"
        print(note)
        report.table.notes.append(note)
    }
}
