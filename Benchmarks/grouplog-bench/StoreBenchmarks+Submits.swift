import GroupCore
import GroupStore

/// Durable appends to one small group, one commit per transaction (each waits for its fsync),
/// beside raw single puts of the very bytes the store writes; then the same with the meta page
/// unsynced (`MDB_NOMETASYNC`), and with K commits per transaction (K submitters sharing one
/// fsync, the stand-in for group commit). All six run in turn, as they are read against each other.
extension StoreBenchmarks {
    static let submitNames = [
        "store.submit.durable", "store.submit.rawDurable", "store.submit.noMetaSync", "store.submit.rawNoMetaSync",
        "store.submit.group16", "store.submit.rawGroup16",
    ]

    func measureSubmits(into table: inout SummaryTable) {
        let log = submitLog()
        print("submit workload: a group of 10 members, then \(sizes.submits) updateName commits of \(log.records[1].count) bytes each")
        let results = harness.measureInTurn([
            submits("store.submit.durable", log, noMetaSync: false),
            rawPuts("store.submit.rawDurable", log, noMetaSync: false, perTransaction: 1),
            submits("store.submit.noMetaSync", log, noMetaSync: true),
            rawPuts("store.submit.rawNoMetaSync", log, noMetaSync: true, perTransaction: 1),
            groupedIngest("store.submit.group\(sizes.groupCommit)", log),
            rawPuts("store.submit.rawGroup\(sizes.groupCommit)", log, noMetaSync: false, perTransaction: sizes.groupCommit),
        ])
        let (durable, noMetaSync, grouped) = (results[0], results[2], results[4])
        table.comparisons.append(Comparison(figure: durable, rival: results[1], target: .overheadAtMost(0.20)))
        table.comparisons.append(Comparison(figure: noMetaSync, rival: results[3], target: .overheadAtMost(0.20)))
        table.comparisons.append(Comparison(figure: grouped, rival: results[5], target: .overheadAtMost(0.20)))
        table.comparisons.append(Comparison(figure: noMetaSync, rival: durable))
        table.comparisons.append(Comparison(figure: grouped, rival: durable))
    }

    /// A group made with 10 members, then `sizes.submits` renames by its owner, chained, so the
    /// raw rivals put exactly the bytes the store's `submit` writes.
    private func submitLog() -> ChainedLog {
        let group = GroupID(unchecked: "submits")
        let owner = InboxID(unchecked: "owner")
        let members = (0..<10).map { InboxID(unchecked: "m\($0)") }
        let create = CreateConversation(members: members, name: "submits", memberLimit: 100)
        var commits = [Commit(groupID: group, sequence: 0, actor: owner, time: 1_000, changes: [.create(create)])]
        for index in 1...sizes.submits {
            commits.append(Commit(groupID: group, sequence: UInt64(index), actor: owner, time: 1_000 + UInt64(index), changes: [.updateName("name \(index)")]))
        }
        return ChainedLog(chaining: commits)
    }

    /// `submit` of every commit after the first, one per transaction, on a fresh store holding the first.
    private func submits(_ name: String, _ log: ChainedLog, noMetaSync: Bool) -> TurnBenchmark {
        var last: TemporaryStore?
        return TurnBenchmark(name, units: log.count - 1, unitName: "commits", prepare: { () -> any GroupLogStorage in
            last?.remove()
            last = TemporaryStore(label: "submit", options: StoreOptions(noMetaSync: noMetaSync))
            let store = last!.open()
            orExit("ingest the group's first commit") { try store.ingest(log.commits[0]) }
            return store
        }) { store in
            for commit in log.commits.dropFirst() {
                orExit("submit \(commit.sequence)") {
                    try store.submit(to: commit.groupID, actor: commit.actor, time: commit.time, changes: commit.changes)
                }
            }
        }
    }

    /// The batch `ingest` of every commit after the first, `sizes.groupCommit` to a call.
    private func groupedIngest(_ name: String, _ log: ChainedLog) -> TurnBenchmark {
        let batches = log.batches(of: sizes.groupCommit, from: 1)
        var last: TemporaryStore?
        return TurnBenchmark(name, units: log.count - 1, unitName: "commits", prepare: { () -> any GroupLogStorage in
            last?.remove()
            last = TemporaryStore(label: "group", options: StoreOptions())
            let store = last!.open()
            orExit("ingest the group's first commit") { try store.ingest(log.commits[0]) }
            return store
        }) { store in
            for batch in batches { orExit("ingest a batch") { try store.ingest(batch) } }
        }
    }

    /// Raw puts of every record after the first, `perTransaction` to a transaction, into a fresh
    /// plain database holding the first.
    private func rawPuts(_ name: String, _ log: ChainedLog, noMetaSync: Bool, perTransaction: Int) -> TurnBenchmark {
        var last: TemporaryDirectory?
        return TurnBenchmark(name, units: log.count - 1, unitName: "commits", prepare: { () -> PlainLog in
            last?.remove()
            last = TemporaryDirectory(label: "rawPuts")
            return orExit("open a plain log holding the first record") {
                let raw = try PlainLog(path: last!.path, mapSize: StoreOptions().initialMapSize, noMetaSync: noMetaSync)
                try raw.append(log.records[..<1], perTransaction: 1)
                return raw
            }
        }) { raw in
            orExit("append to the plain log") { try raw.append(log.records[1...], perTransaction: perTransaction) }
        }
    }
}
