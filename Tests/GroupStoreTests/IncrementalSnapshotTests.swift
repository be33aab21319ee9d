import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// Incremental snapshots (issue 18): between a large group's full snapshots, the LMDB store saves
/// what changed at each unstretched interval, and a state read applies them in turn. The tests
/// give small groups a large group's schedule by lowering the members the interval stretches at.
struct IncrementalSnapshotTests {
    /// Interval 3, stretched tenfold past 2 members: full snapshots every 30 or 300 commits,
    /// incremental ones every 3 between.
    static func options() -> StoreOptions {
        var options = StoreOptions(snapshotInterval: 3, create: true)
        options.unstretchedMembers = 2
        return options
    }

    /// - Parameter readingAhead: whether state reads check and decode the snapshots on a
    ///   second thread, as large reads do (``SnapshotReadAhead``), rather than on their own.
    func withStore<T>(readingAhead: Bool = false, _ body: (GroupStore) throws -> T) throws -> T {
        var options = Self.options()
        if readingAhead { options.readAheadBytes = 0 }
        return try withScratchDirectory { root throws in try body(try GroupStore(path: root + "/store", options: options)) }
    }

    /// Every snapshot record of the store, by sequence: (is it incremental, its bytes).
    func snapshotRecords(in store: GroupStore) throws -> [UInt64: (isDelta: Bool, bytes: [UInt8])] {
        try store.environment.read { txn throws(StoreError) in
            var records: [UInt64: (isDelta: Bool, bytes: [UInt8])] = [:]
            try txn.withCursor(store.databases.snapshots) { cursor throws(StoreError) in
                var entry = try cursor.first()
                while let (key, value) = entry {
                    if let parsed = StoreKeys.parse(key) { records[parsed.sequence] = (value.first == SnapshotRecord.deltaVersion, Array(value)) }
                    entry = try cursor.next()
                }
            }
            return records
        }
    }

    func replace(_ sequence: UInt64, with bytes: [UInt8]?, in store: GroupStore) throws {
        let number = try store.reading { txn throws(StoreError) in try store.existingHead(of: .test, in: txn).number }
        try store.environment.write { txn throws(StoreError) in
            let key = StoreKeys.entry(number, sequence)
            if let bytes { try txn.put(store.databases.snapshots, key: key, value: bytes) } else { _ = try txn.delete(store.databases.snapshots, key: key) }
        }
    }

    @Test(arguments: [false, true])
    func everyStateReadEqualsAReplayThroughIncrementalSnapshots(readingAhead: Bool) throws {
        for seed: UInt64 in [3, 11, 29] {
            let log = randomChainedLog(seed: seed, count: 120)
            let folded = Folded(log)
            try withStore(readingAhead: readingAhead) { store in
                _ = try store.ingest(log)
                let records = try snapshotRecords(in: store)
                #expect(records.values.filter(\.isDelta).count >= 10, "seed \(seed): \(records.count) snapshots")
                for sequence in log.indices {
                    #expect(try store.state(of: .test, at: UInt64(sequence)).state == folded.states[sequence], "seed \(seed) at \(sequence)")
                }
                #expect(try store.verify().isEmpty)
            }
        }
    }

    /// Rebuilding, ingesting in small batches across reopenings, or all at once: the snapshots,
    /// incremental ones included, are the same bytes in the same places.
    @Test func theSnapshotsAreTheSameHoweverTheLogWasWritten() throws {
        let log = randomChainedLog(seed: 17, count: 100)
        let whole = try withStore { store in
            _ = try store.ingest(log)
            return try snapshotRecords(in: store)
        }
        try withScratchDirectory { root throws in
            let path = root + "/store"
            for batch in stride(from: 0, to: log.count, by: 7) {
                // A store opened afresh for each batch: its writer starts from what is stored.
                _ = try GroupStore(path: path, options: Self.options()).ingest(Array(log[batch..<min(batch + 7, log.count)]))
            }
            let store = try GroupStore(path: path, options: Self.options())
            let batched = try snapshotRecords(in: store)
            #expect(batched.keys.sorted() == whole.keys.sorted())
            #expect(batched.allSatisfy { whole[$0.key]?.bytes == $0.value.bytes })
            _ = try store.rebuild()
            let rebuilt = try snapshotRecords(in: store)
            #expect(rebuilt.keys.sorted() == whole.keys.sorted())
            #expect(rebuilt.allSatisfy { whole[$0.key]?.bytes == $0.value.bytes })
        }
    }

    /// Read with the snapshots checked and decoded on the reading thread and, as a large read
    /// does, on a second one (``SnapshotReadAhead``): a damaged incremental snapshot is
    /// reported naming its commit either way, and the states before it still read.
    @Test(arguments: [false, true])
    func aDamagedIncrementalSnapshotIsReportedNamingItsCommit(readingAhead: Bool) throws {
        let log = randomChainedLog(seed: 3, count: 60)
        try withStore(readingAhead: readingAhead) { store in
            _ = try store.ingest(log)
            let deltas = try snapshotRecords(in: store).filter(\.value.isDelta).keys.sorted()
            let sequence = try #require(deltas.dropFirst().first)
            let record = try #require(try snapshotRecords(in: store)[sequence])
            var damaged = record.bytes
            damaged[damaged.count - 1] ^= 0x40
            try replace(sequence, with: damaged, in: store)
            #expect {
                _ = try store.state(of: .test, at: sequence)
            } throws: { error in
                guard case let StoreError.corrupt(_, at, reason) = error else { return false }
                return at == sequence && reason.contains("checksum")
            }
            #expect(try store.state(of: .test, at: sequence - 1).state == Folded(log).states[Int(sequence) - 1])
            let problems = try store.verify()
            #expect(problems.contains { $0.sequence == sequence && $0.message.contains("checksum") })
        }
    }

    /// A full snapshot damaged anywhere is reported by its checksum, naming its own commit, when
    /// a read would apply the incremental snapshots after it, whatever the decoder made of its
    /// bytes, and whether the checksum is computed on the reading thread or read ahead.
    @Test(arguments: [false, true], SnapshotRecordTests.Damage.allCases)
    func aDamagedFullSnapshotIsReportedByItsChecksumBeforeTheIncrementalOnes(readingAhead: Bool, damage: SnapshotRecordTests.Damage) throws {
        let log = randomChainedLog(seed: 29, count: 90)
        try withStore(readingAhead: readingAhead) { store in
            _ = try store.ingest(log)
            let records = try snapshotRecords(in: store)
            let sequences = records.keys.sorted()
            let (full, delta) = try #require(zip(sequences, sequences.dropFirst()).first { !records[$0]!.isDelta && records[$1]!.isDelta })
            try replace(full, with: try damage.applied(to: records[full]!.bytes), in: store)
            for sequence in [full, delta] {
                #expect {
                    _ = try store.state(of: .test, at: sequence)
                } throws: { error in
                    guard case let StoreError.corrupt(_, at, reason) = error else { return false }
                    return at == full && reason.contains("checksum")
                }
            }
        }
    }

    /// An incremental snapshot whose base is gone (its predecessor deleted) is not applied: the
    /// read replays from the last state it can build instead, and `verify` names the orphan.
    @Test func anIncrementalSnapshotWithoutItsBaseIsSkippedAndReported() throws {
        let log = randomChainedLog(seed: 11, count: 90)
        let folded = Folded(log)
        try withStore { store in
            _ = try store.ingest(log)
            let deltas = try snapshotRecords(in: store).filter(\.value.isDelta).keys.sorted()
            let (missing, orphan) = try #require(zip(deltas, deltas.dropFirst()).first { $1 == $0 + 3 })
            try replace(missing, with: nil, in: store)
            for sequence in missing..<UInt64(log.count) {
                #expect(try store.state(of: .test, at: sequence).state == folded.states[Int(sequence)], "at \(sequence)")
            }
            #expect(try store.verify().contains { $0.sequence == orphan && $0.message.contains("no stored state") })
        }
    }

    /// Where an incremental snapshot would have nothing to build on, or would weigh about what
    /// a full one does (puts past a quarter of the records, and past 4,096), a full one is
    /// written in its place.
    @Test func aGroupThatChangedMoreThanADeltaIsWorthGetsAFullSnapshotInstead() throws {
        var settings = RandomLog(seed: 5)
        settings.groupID = .test
        // Commits of 1,000 new members each, six between stored states: 6,000 puts, over both
        // 4,096 and a quarter of the group's at most 13,000 records.
        let log = chained(settings.growingCommits(count: 13, members: 12_000, batchSize: 1_000))
        let folded = Folded(log)
        try withScratchDirectory { root throws in
            var options = StoreOptions(snapshotInterval: 6, create: true, configuration: OperatorConfiguration(memberLimit: 20_000))
            options.unstretchedMembers = 2
            let store = try GroupStore(path: root + "/store", options: options)
            _ = try store.ingest(log)
            let records = try snapshotRecords(in: store)
            #expect(records.keys.sorted() == [6, 12])
            #expect(records.values.allSatisfy { !$0.isDelta })
            for sequence in log.indices {
                #expect(try store.state(of: .test, at: UInt64(sequence)).state == folded.states[sequence], "at \(sequence)")
            }
            #expect(try store.verify().isEmpty)
        }
    }
}
