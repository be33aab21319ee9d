import GroupCodec
import GroupCore
import GroupStore

/// The store's replay of the whole log (read, decode, check the chain, fold), beside a raw
/// zero-copy cursor scan of the same records, and the parts of the gap: decoding, hashing for
/// the chain check, and the fold.
extension StoreBenchmarks {
    static let replayNames = ["store.replay", "store.replay.rawScan", "store.replay.decodeOnly", "store.replay.chainHash", "store.replay.foldOnly"]

    func measureReplay(_ log: ChainedLog, in stored: TemporaryStore, into table: inout SummaryTable) {
        let replay = measureStoreReplay(log, in: stored)
        // The same directory, opened as a plain environment now that the store has let go of it.
        let plain = orExit("open the store's log as a plain database") {
            try PlainLog(path: stored.path, mapSize: sizes.mapSize)
        }
        let (rawScan, decodeOnly, chainHash) = measureScans(log, in: plain)
        let foldOnly = harness.measure("store.replay.foldOnly", units: log.count, unitName: "commits", prepare: { Replica() }) { replica in
            for commit in log.commits { replica.fold(commit) }
        }
        table.comparisons.append(Comparison(figure: replay, rival: rawScan, target: .rateAtLeast(3_000_000)))
        for part in [decodeOnly, chainHash, foldOnly] {
            table.comparisons.append(Comparison(figure: part, rival: replay))
        }
    }

    private func measureStoreReplay(_ log: ChainedLog, in stored: TemporaryStore) -> Harness.Result? {
        let store = stored.open()
        var members = 0
        let result = harness.measure("store.replay", units: log.count, unitName: "commits", prepare: {}) { _ in
            let replayed = orExit("replay") { try store.replay(log.group) { _, _, _ in } }
            members = replayed.state?.memberCount ?? 0
        }
        if result != nil { print("  (replayed to a state of \(members) members)") }
        return result
    }

    private func measureScans(_ log: ChainedLog, in raw: PlainLog) -> (Harness.Result?, Harness.Result?, Harness.Result?) {
        var bytes = 0, firstBytes = 0
        let rawScan = harness.measure("store.replay.rawScan", units: log.count, unitName: "commits", prepare: {}) { _ in
            scan(raw) { value in
                bytes &+= value.count
                firstBytes &+= Int(value.first ?? 0)
            }
        }
        if rawScan != nil { print("  (scanned \(bytes) bytes over all runs, first-byte sum \(firstBytes))") }
        var changes = 0
        let decodeOnly = harness.measure("store.replay.decodeOnly", units: log.count, unitName: "commits", prepare: {}) { _ in
            scan(raw) { value in
                do throws(BinaryDecodingError) {
                    changes &+= try CommitCodec.decode(value).changes.count
                } catch {
                    exitWithMessage("decode a stored commit: \(error)")
                }
            }
        }
        if decodeOnly != nil { print("  (decoded \(changes) changes over all runs)") }
        var hashes = 0
        let chainHash = harness.measure("store.replay.chainHash", units: log.count, unitName: "commits", prepare: {}) { _ in
            scan(raw) { value in hashes &+= SHA256.hash(value).withUnsafeBytes { Int($0[0]) } }
        }
        if chainHash != nil { print("  (hash byte sum \(hashes))") }
        return (rawScan, decodeOnly, chainHash)
    }

    /// Hands every record of the plain log to `body`, zero-copy, exiting if the scan fails.
    private func scan(_ raw: PlainLog, _ body: (UnsafeRawBufferPointer) -> Void) {
        orExit("scan the plain log") { try raw.scan(body) }
    }
}
