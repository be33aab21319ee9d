import GroupCore
import GroupStore

/// Reading a signed log (SPEC section 14), beside the same log unsigned: the store's replay,
/// which trusts what its own doors let in and verifies nothing; the batched ingest of the log
/// into a fresh store, the door an untrusted copy comes through (import, copy, replicate), which
/// verifies every signature before it writes; and `verify`, which re-checks every stored
/// signature besides the chain, the outcomes, the snapshots and the indexes. All six in turn.
extension StoreBenchmarks {
    static let signedLogNames = [
        "store.replay.signed.trusted", "store.replay.unsigned", "store.ingest.signed.verified", "store.ingest.unsigned",
        "store.verify.signed", "store.verify.unsigned",
    ]

    func measureSignedLog(into table: inout SummaryTable) {
        let start = Clock.now()
        let workload = SignedWorkload(MixedWorkload(seed: 42, members: sizes.signedMembers), mixedCommits: sizes.signedCommits)
        let (signed, unsigned) = (workload.signed, workload.unsigned)
        let note = "signed log: \(signed.count) commits (\(sizes.signedMembers) members grown in batches of 1,000, then "
            + "\(sizes.signedCommits) mixed commits), \(workload.keyCount) keys, made and signed in \(Report.format(Clock.now() - start, decimals: 1)) s; "
            + "\(Report.format(Double(signed.recordBytes) / Double(signed.count))) bytes a commit encoded, "
            + "\(Report.format(Double(unsigned.recordBytes) / Double(unsigned.count))) unsigned"
        print(note)
        table.notes.append(note)
        // The stores the replays and verifies read, each built once by ingest (untimed).
        let readsStores = wantsAny(Self.signedLogNames.filter { !$0.hasPrefix("store.ingest") })
        let signedStore = readsStores ? stored(signed, label: "signedLog") : nil
        let unsignedStore = readsStores ? stored(unsigned, label: "unsignedLog") : nil
        defer {
            signedStore?.remove()
            unsignedStore?.remove()
        }
        let signedReader = signedStore?.open()
        let unsignedReader = unsignedStore?.open()
        let interval = StoreOptions.defaultSnapshotInterval
        let results = harness.measureInTurn([
            replay("store.replay.signed.trusted", signed, in: signedReader),
            replay("store.replay.unsigned", unsigned, in: unsignedReader),
            ingest("store.ingest.signed.verified", signed.batches(of: sizes.batch), snapshotInterval: interval, units: signed.count),
            ingest("store.ingest.unsigned", unsigned.batches(of: sizes.batch), snapshotInterval: interval, units: unsigned.count),
            verify("store.verify.signed", signed, in: signedReader),
            verify("store.verify.unsigned", unsigned, in: unsignedReader),
        ])
        for pair in stride(from: 0, to: results.count, by: 2) {
            table.comparisons.append(Comparison(figure: results[pair], rival: results[pair + 1]))
        }
        // What checking every signature on read costs over trusting the store's own log.
        table.comparisons.append(Comparison(figure: results[4], rival: results[0]))
    }

    /// A fresh store holding `log`, ingested in batches with the default snapshots.
    private func stored(_ log: ChainedLog, label: String) -> TemporaryStore {
        let stored = TemporaryStore(label: label, options: StoreOptions(initialMapSize: sizes.mapSize))
        let store = stored.open()
        for batch in log.batches(of: sizes.batch) { orExit("ingest a batch of the \(label)") { try store.ingest(batch) } }
        return stored
    }

    /// `replay` of the log's group from commit 0 on `store` (nil when the filter needs none).
    private func replay(_ name: String, _ log: ChainedLog, in store: (any GroupLogStorage)?) -> TurnBenchmark {
        TurnBenchmark(name, units: log.count, unitName: "commits", prepare: { store! }) { store in
            let replayed = orExit("replay") { try store.replay(log.group) { _, _, _ in } }
            if replayed.state == nil { exitWithMessage("\(name): the replay gave no state") }
        }
    }

    /// `verify()` of the whole of `store`, which must find nothing wrong.
    private func verify(_ name: String, _ log: ChainedLog, in store: (any GroupLogStorage)?) -> TurnBenchmark {
        TurnBenchmark(name, units: log.count, unitName: "commits", prepare: { store! }) { store in
            let problems = orExit("verify") { try store.verify() }
            if let problem = problems.first { exitWithMessage("\(name): verify found \(problems.count) problems, the first: \(problem)") }
        }
    }
}
