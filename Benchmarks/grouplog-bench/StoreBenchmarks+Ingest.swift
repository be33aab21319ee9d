import GroupCodec
import GroupCore
import GroupStore

/// Batched ingest into a fresh store, beside `MDB_APPEND` puts of the same bytes into a plain
/// database in batches of the same size (the two, and ingest without snapshots, in turn).
extension StoreBenchmarks {
    static let ingestNames = ["store.ingest", "store.ingest.rawAppend", "store.ingest.noSnapshots", "store.ingest.encodeAndHash"]

    func measureIngest(_ log: ChainedLog, into table: inout SummaryTable) {
        let batches = log.batches(of: sizes.batch)
        let results = harness.measureInTurn([
            ingest("store.ingest", batches, snapshotInterval: StoreOptions.defaultSnapshotInterval, units: log.count),
            rawAppend("store.ingest.rawAppend", log),
            // What the gap is made of: the snapshots...
            ingest("store.ingest.noSnapshots", batches, snapshotInterval: .max, units: log.count),
        ])
        // ... and the encoding and hashing of every commit.
        var hashes = 0
        let encodeAndHash = harness.measure("store.ingest.encodeAndHash", units: log.count, unitName: "commits", prepare: {}) { _ in
            for commit in log.commits { hashes &+= Int(SHA256.hash(CommitCodec.encode(commit)).bytes[0]) }
        }
        if encodeAndHash != nil { print("  (hash byte sum \(hashes))") }

        table.comparisons.append(Comparison(figure: results[0], rival: results[1], target: .rateAtLeast(1_000_000)))
        table.comparisons.append(Comparison(figure: results[2], rival: results[0]))
        table.comparisons.append(Comparison(figure: encodeAndHash, rival: results[0]))
    }

    /// The batch `ingest` of `batches` into a fresh store per run; prints the size of the first store it made.
    func ingest(_ name: String, _ batches: [[Commit]], snapshotInterval: UInt64, units: Int) -> TurnBenchmark {
        var last: TemporaryStore?
        var sizeShown = false
        return TurnBenchmark(name, units: units, unitName: "commits", prepare: { () -> any GroupLogStorage in
            if let last, !sizeShown {
                print("  (\(name) made a data.mdb of \(Report.format(Double(last.dataSize) / 1e6, decimals: 1)) MB)")
                sizeShown = true
            }
            last?.remove()
            last = TemporaryStore(label: "ingest", options: StoreOptions(snapshotInterval: snapshotInterval, initialMapSize: sizes.mapSize))
            return last!.open()
        }) { store in
            for batch in batches { orExit("ingest a batch") { try store.ingest(batch) } }
        }
    }

    /// `MDB_APPEND` puts of the log's records into a fresh plain database, `sizes.batch` to a transaction.
    private func rawAppend(_ name: String, _ log: ChainedLog) -> TurnBenchmark {
        var last: TemporaryDirectory?
        return TurnBenchmark(name, units: log.count, unitName: "commits", prepare: { () -> PlainLog in
            last?.remove()
            last = TemporaryDirectory(label: "rawAppend")
            return orExit("open a plain log") { try PlainLog(path: last!.path, mapSize: sizes.mapSize) }
        }) { raw in
            orExit("append to the plain log") { try raw.append(log.records[...], perTransaction: sizes.batch) }
        }
    }
}
