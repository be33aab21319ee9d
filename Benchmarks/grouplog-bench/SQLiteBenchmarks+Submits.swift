import GroupCore
import GroupStore
import SQLiteEventStore

/// Durable single submits to the grown mixed-workload group, one after the other, each its own
/// transaction: GroupLog's `submit` (LMDB, fully synced) beside the SQLite store's (WAL with
/// `synchronous=FULL`), both judging against their cached head state.
extension SQLiteBenchmarks {
    func measureSubmits(into report: inout Output) {
        let group = GroupID(unchecked: "bench")
        let workload = SubmitWorkload(MixedWorkload(seed: 42, members: sizes.members), group: group, submits: sizes.submits)
        print("sqlite submit workload: \(sizes.submits) applied mixed commits, one durable transaction each, to a group of \(sizes.members) members")
        var lastStore: TemporaryStore?
        var lastSQLite: TemporarySQLite?
        let results = harness.measureInTurn([
            TurnBenchmark("sqlite.submit.grouplog", units: workload.submits.count, unitName: "commits", prepare: { () -> any GroupLogStorage in
                lastStore?.remove()
                lastStore = TemporaryStore(label: "vsSQLite", options: StoreOptions(initialMapSize: sizes.mapSize))
                let store = lastStore!.open()
                orExit("ingest the group into GroupLog") { try store.ingest(workload.base.commits) }
                return store
            }) { store in
                for commit in workload.submits {
                    orExit("submit to GroupLog") { try store.submit(to: group, actor: commit.actor, time: commit.time, changes: commit.changes) }
                }
            },
            TurnBenchmark("sqlite.submit.sqlite", units: workload.submits.count, unitName: "commits", prepare: { () -> SQLiteEventStore in
                lastSQLite?.remove()
                lastSQLite = TemporarySQLite(label: "sqlite")
                let store = lastSQLite!.open()
                orExit("ingest the group into SQLite") { try store.ingest(workload.base.commits) }
                return store
            }) { store in
                for commit in workload.submits {
                    orExit("submit to SQLite") { try store.submit(to: group, actor: commit.actor, time: commit.time, changes: commit.changes) }
                }
            },
        ])
        record(results[0], results[1], ratio: "sqlite.submit.ratio", target: nil, into: &report)
        lastStore?.remove()
        lastSQLite?.remove()
    }
}
