import GroupCore
import GroupStore
import SQLiteEventStore
import Synchronization

/// 16 submitters, each on a thread of its own submitting durable commits to a group of its own
/// (a server serving many conversations): GroupLog's threads call the store's `submit` on one
/// shared store, so grouping concurrent submitters into shared transactions shows here as soon
/// as the store does it; the SQLite store's threads share one connection behind a mutex.
///
/// One writer connection behind a lock is how SQLite is best written to from many threads (GRDB's
/// `DatabasePool` keeps exactly one writer): SQLite lets one transaction write at a time anyway,
/// and connections of their own would wait for the write lock in SQLite's busy handler, which
/// sleeps between retries and so would slow the rival down for nothing.
extension SQLiteBenchmarks {
    func measureConcurrentSubmits(into report: inout Output) {
        let workloads = (0..<sizes.submitters).map { index in
            SubmitWorkload(MixedWorkload(seed: 100 + UInt64(index), members: sizes.submitterMembers),
                           group: GroupID(unchecked: "bench-\(index)"), submits: sizes.submitsPerSubmitter)
        }
        let units = sizes.submitters * sizes.submitsPerSubmitter
        print("sqlite concurrent workload: \(sizes.submitters) threads, each \(sizes.submitsPerSubmitter) applied mixed commits "
            + "to its own group of \(sizes.submitterMembers) members, one durable submit each")
        var lastStore: TemporaryStore?
        var lastSQLite: TemporarySQLite?
        let results = harness.measureInTurn([
            TurnBenchmark("sqlite.submit16.grouplog", units: units, unitName: "commits", prepare: { () -> any GroupLogStorage in
                lastStore?.remove()
                lastStore = TemporaryStore(label: "vsSQLite", options: StoreOptions(initialMapSize: sizes.mapSize))
                let store = lastStore!.open()
                for workload in workloads { orExit("ingest a group into GroupLog") { try store.ingest(workload.base.commits) } }
                return store
            }) { store in
                let shared = store
                Threads.run(workloads.count) { index in
                    for commit in workloads[index].submits {
                        orExit("submit to GroupLog") {
                            try shared.submit(to: commit.groupID, actor: commit.actor, time: commit.time, changes: commit.changes)
                        }
                    }
                }
            },
            TurnBenchmark("sqlite.submit16.sqlite", units: units, unitName: "commits", prepare: { () -> SharedConnection in
                lastSQLite?.remove()
                lastSQLite = TemporarySQLite(label: "sqlite")
                let connection = SharedConnection(lastSQLite!)
                connection.store.withLock { store in
                    for workload in workloads { orExit("ingest a group into SQLite") { try store.ingest(workload.base.commits) } }
                }
                return connection
            }) { connection in
                let shared = connection
                Threads.run(workloads.count) { index in
                    for commit in workloads[index].submits {
                        orExit("submit to SQLite") {
                            try shared.store.withLock { store throws(SQLiteEventStoreError) in
                                _ = try store.submit(to: commit.groupID, actor: commit.actor, time: commit.time, changes: commit.changes)
                            }
                        }
                    }
                }
            },
        ])
        record(results[0], results[1], ratio: "sqlite.submit16.ratio", target: .speedupAtLeast(5), into: &report)
        lastStore?.remove()
        lastSQLite?.remove()
    }
}

/// One SQLite connection shared by threads, one at a time.
final class SharedConnection: Sendable {
    let store: Mutex<SQLiteEventStore>

    /// Opens a connection to the database of `database`.
    init(_ database: TemporarySQLite) {
        let (path, options) = (database.path, database.options)
        store = Mutex(orExit("open a SQLite store at \(path)") { try SQLiteEventStore(path: path, options: options) })
    }
}
