import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// Stores that cannot be opened, a map that must grow, and damaged records: each a clear error
/// naming what is wrong (for a record, its group and sequence), never a crash or a wrong state
/// (SPEC section 12).
struct StoreFailureTests {
    // MARK: Opening

    @Test func missingDirectoryIsNotAStore() throws {
        try withScratchDirectory { root throws in
            let path = root + "/missing"
            let error = #expect(throws: StoreError.self) { try GroupStore(path: path) }
            guard case let .notAStore(reported, reason)? = error else {
                Issue.record("expected .notAStore, got \(String(describing: error))")
                return
            }
            #expect(reported == path)
            #expect(reason.contains("no such directory"))
            #expect(error?.description.contains(path) == true)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func emptyDirectoryWithoutCreateIsNotAStore() throws {
        try withScratchDirectory { path throws in
            let error = #expect(throws: StoreError.self) { try GroupStore(path: path) }
            guard case let .notAStore(reported, reason)? = error else {
                Issue.record("expected .notAStore, got \(String(describing: error))")
                return
            }
            #expect(reported == path)
            #expect(reason.contains("no GroupLog store here"))
            // Nothing was created: the directory is still empty.
            #expect(try FileManager.default.contentsOfDirectory(atPath: path) == [])
            // With create, the same directory becomes a store, which then opens without it.
            do { _ = try GroupStore(path: path, options: StoreOptions(create: true)) }
            _ = try GroupStore(path: path)
        }
    }

    /// A map the machine cannot reserve is a storage error naming the map's size, not "not a
    /// store", and leaves nothing behind but the directory.
    @Test func aMapTooLargeToReserveIsAStorageErrorNamingItsSize() throws {
        try withScratchDirectory { path throws in
            let huge = 1 << 60
            let error = #expect(throws: StoreError.self) {
                try GroupStore(path: path, options: StoreOptions(initialMapSize: huge, maximumMapSize: huge, create: true))
            }
            guard case let .storage(operation, code, _)? = error else {
                Issue.record("expected .storage, got \(String(describing: error))")
                return
            }
            #expect(code > 0)
            #expect(operation.contains(path) && operation.contains("\(huge) bytes"), "\(operation)")
            // The same directory then opens as a store with a map it can reserve.
            _ = try GroupStore(path: path, options: StoreOptions(create: true))
        }
    }

    @Test func garbageDataFileIsNotAStore() throws {
        try withScratchDirectory { path throws in
            var random = SeededGenerator(seed: 9)
            let garbage = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &random) }
            try Data(garbage).write(to: URL(fileURLWithPath: path + "/data.mdb"))
            for options in [StoreOptions(), StoreOptions(create: true)] {
                let error = #expect(throws: StoreError.self) { try GroupStore(path: path, options: options) }
                guard case let .notAStore(reported, reason)? = error else {
                    Issue.record("expected .notAStore, got \(String(describing: error))")
                    continue
                }
                #expect(reported == path)
                #expect(reason.contains("not an LMDB file"), "\(reason)")
            }
            let untouched = fileBytes(path + "/data.mdb") == garbage
            #expect(untouched, "opening changed the garbage data.mdb")
        }
    }

    @Test func aFileIsNotAStore() throws {
        try withScratchDirectory { root throws in
            let path = root + "/plain"
            try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: StoreError.self) { try GroupStore(path: path, options: StoreOptions(create: true)) }
            guard case let .notAStore(_, reason)? = error else {
                Issue.record("expected .notAStore, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("not a directory"))
        }
    }

    @Test func unknownStoreFormatVersionIsNotAStore() throws {
        try withScratchDirectory { path throws in
            do {
                let store = try GroupStore(path: path, options: StoreOptions(create: true))
                try store.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            }
            do {
                let environment = try LMDBEnvironment(path: path, options: .init(maxDatabases: 16))
                let meta = try environment.database("meta")
                try environment.write { txn throws(LMDBError) in try txn.put(meta, key: StoreKeys.formatVersion, value: [99]) }
            }
            let error = #expect(throws: StoreError.self) { try GroupStore(path: path) }
            guard case let .notAStore(_, reason)? = error else {
                Issue.record("expected .notAStore, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("format version 99"), "\(reason)")
        }
    }

    /// An LMDB environment that another program made holds no GroupLog store: opening it without
    /// `create` must say so, and must not write GroupLog's databases into it.
    @Test func anotherProgramsLMDBEnvironmentIsNotAStore() throws {
        try withScratchDirectory { path throws in
            do {
                let environment = try LMDBEnvironment(path: path, options: .init(maxDatabases: 4))
                let things = try environment.database("things")
                try environment.write { txn throws(LMDBError) in try txn.put(things, key: Array("k".utf8), value: Array("v".utf8)) }
            }
            let error = #expect(throws: StoreError.self) { try GroupStore(path: path) }
            guard case .notAStore? = error else {
                Issue.record("expected .notAStore, got \(String(describing: error))")
                return
            }
            let environment = try LMDBEnvironment(path: path, options: .init(maxDatabases: 16, readOnly: true))
            #expect(throws: LMDBError.self, "opening it wrote GroupLog's meta database into it") { try environment.database("meta") }
        }
    }

    @Test func secondStoreOnTheSamePathInOneProcessIsAClearError() throws {
        try withScratchDirectory { path throws in
            do {
                let first = try GroupStore(path: path, options: StoreOptions(create: true))
                try first.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
                for spelling in [path, path + "/.", path + "/"] {
                    let error = #expect(throws: StoreError.self) { try GroupStore(path: spelling) }
                    #expect(error?.description.contains("already open in this process") == true, "\(String(describing: error))")
                    // It is a store, and it is busy: not `notAStore`, but LMDB's EBUSY.
                    guard case let .storage(operation, code, message)? = error else {
                        Issue.record("a second open of a store is reported as \(String(describing: error)), not .storage(EBUSY)")
                        continue
                    }
                    #expect(code == EBUSY)
                    #expect(operation.hasPrefix("mdb_env_open"), "\(operation)")
                    #expect(message == "Device or resource busy")
                }
                // The first store is unharmed.
                try first.submit(to: .test, actor: .alix, time: 2, changes: [.updateName("still mine")])
                #expect(try first.verify() == [])
            }
            // Once the first is closed, the path opens again.
            let again = try GroupStore(path: path)
            #expect(try again.state(of: .test).state?.metadata.name == "still mine")
        }
    }

    // MARK: Map growth

    @Test func mapGrowsFromATinyInitialSize() throws {
        let log = chained(Array(RandomLog(seed: 11).growingCommits(count: 3_000, members: 300, batchSize: 60)))
        var replica = Replica()
        let outcomes = log.map { replica.fold($0) }
        let tiny = 64 << 10
        try withScratchDirectory { root throws in
            let path = root + "/store"
            do {
                let store = try GroupStore(path: path, options: creating(snapshotInterval: 50, initialMapSize: tiny))
                // One large transaction, then many small ones.
                let first = try store.ingest(Array(log[0..<1_500])) == Array(outcomes[0..<1_500])
                #expect(first, "the outcomes of the first 1,500 commits differ from a replica's")
                for start in stride(from: 1_500, to: 2_500, by: 100) {
                    #expect(try store.ingest(Array(log[start..<(start + 100)])) == Array(outcomes[start..<(start + 100)]))
                }
                for index in 2_500..<3_000 {
                    #expect(try store.ingest(log[index]) == outcomes[index])
                }
                #expect(try store.headSequence(of: GroupID.test) == 2_999)
                #expect(try store.state(of: .test).state == replica.state)
            }
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path + "/data.mdb")[.size] as? Int)
            #expect(size > 8 * tiny, "the data file is only \(size) bytes: the test did not make the map grow")
            // Reopened with the same tiny size, the store reads everything and writes on.
            let store = try GroupStore(path: path, options: creating(snapshotInterval: 50, initialMapSize: tiny))
            // Compared as booleans: a failure need not print 3,000 commits.
            let logged = try store.commits(of: .test)
            let sameCommits = logged.map(\.commit) == log
            let sameOutcomes = logged.map(\.outcome) == outcomes
            #expect(logged.count == log.count)
            #expect(sameCommits, "the stored commits differ from those ingested")
            #expect(sameOutcomes, "the stored outcomes differ from a replica's")
            #expect(try store.state(of: .test).state == replica.state)
            #expect(try store.verify() == [])
            let more = try store.submit(to: .test, actor: GrowingLog.owner, time: log[2_999].time + 1, changes: [.updateName("after growth")])
            #expect(more.commit.sequence == 3_000)
        }
    }

    // MARK: Damaged records

    enum CommitDamage: String, CaseIterable, Sendable {
        /// One byte of the name the commit sets: still decodes, so only the chain can tell.
        case textByte
        /// The record's format version byte.
        case versionByte
    }

    /// A log of 20 commits whose commits 10 and 19 set long unique names, and a healthy group,
    /// in a store whose interval puts no snapshot after commit 0; `damage` is applied to commit
    /// `damaged` in `data.mdb` with the store closed, and the reopened store handed to `body`.
    private static func withDamagedLog(
        _ damage: CommitDamage, at damaged: UInt64, _ body: (GroupStore, DamagedLog) throws -> Void
    ) throws {
        let group = GroupID.named("damaged")
        var builder = LogBuilder(groupID: group)
        var commits = [builder.commit(.alix, .create(CreateConversation(members: [.bo, .caro])))]
        for index in 1..<20 {
            let change: Change = index == 10 || index == 19
                ? .updateName("a-long-and-unique-name-that-marks-commit-\(index)-0123456789") : .updateDescription("d\(index)")
            commits.append(builder.commit(index % 2 == 0 ? .alix : .bo, change))
        }
        let log = DamagedLog(group: group, log: chained(commits), other: randomChainedLog(seed: 8, count: 30, group: .named("healthy")))
        try withScratchDirectory { root throws in
            let path = root + "/store"
            do {
                // A large interval: no snapshot lies after the damaged commit, so reads must pass it.
                let store = try GroupStore(path: path, options: creating(snapshotInterval: 1_000))
                try store.ingest(log.log + log.other)
            }
            let record = CommitCodec.encode(log.log[Int(damaged)])
            try Self.damage(path + "/data.mdb", record: record) { bytes, offset in
                switch damage {
                case .textByte: bytes[offset + record.count - 10] ^= 0x01
                case .versionByte: bytes[offset] = 0x7F
                }
            }
            try body(try GroupStore(path: path, options: creating(snapshotInterval: 1_000)), log)
        }
    }

    struct DamagedLog {
        let group: GroupID
        let log: [Commit]
        let other: [Commit]
    }

    /// A byte flipped in a stored commit (found in `data.mdb` by its encoding, with the store
    /// closed) is a `.corrupt` error naming the group and the place of the break from `verify`,
    /// `state`, `commits`, `replay`, `submit` and `rebuild`; never a crash or a
    /// wrong state; another group of the store reads as before.
    ///
    /// Where the chain alone shows the break (a flipped text byte in commit 10), naming commit 10
    /// or commit 11 (whose previous hash no longer matches) is accepted here; that it should be
    /// 10 is `chainBreakNamesTheDamagedCommit`. Commit 19 is the head, vouched for by the head
    /// record.
    @Test(arguments: [(CommitDamage.textByte, UInt64(10)), (.versionByte, 10), (.textByte, 19), (.versionByte, 19)])
    func damagedCommitIsReportedWithItsGroupAndSequence(_ damage: CommitDamage, _ damaged: UInt64) throws {
        let named: Set<UInt64> = damage == .textByte && damaged < 19 ? [damaged, damaged + 1] : [damaged]
        try Self.withDamagedLog(damage, at: damaged) { store, damagedLog throws in
            let group = damagedLog.group
            let folded = Folded(damagedLog.log)
            let problems = try store.verify()
            #expect(problems.contains { $0.group == group && $0.sequence.map(named.contains) == true },
                    "verify does not name commit \(damaged) of \(group): \(problems)")
            #expect(problems.allSatisfy { $0.group == group }, "\(problems)")

            Self.expectCorrupt(group, named, "state") { () throws(StoreError) in _ = try store.state(of: group) }
            Self.expectCorrupt(group, named, "state at the damaged commit") { () throws(StoreError) in _ = try store.state(of: group, at: damaged) }
            Self.expectCorrupt(group, named, "commits") { () throws(StoreError) in _ = try store.commits(of: group) }
            Self.expectCorrupt(group, named, "commits from the damaged one") { () throws(StoreError) in _ = try store.commits(of: group, from: damaged, limit: 3) }
            Self.expectCorrupt(group, named, "replay") { () throws(StoreError) in _ = try store.replay(group) { _, _, _ in } }
            Self.expectCorrupt(group, named, "submit") { () throws(StoreError) in
                _ = try store.submit(to: group, actor: .alix, time: 100_000, changes: [.updateName("x")])
            }
            // Commits well before it read as the fold does.
            #expect(try store.commits(of: group, from: 0, limit: 5).map(\.commit) == Array(damagedLog.log[0..<5]))
            #expect(try store.state(of: group, at: 5).state == folded.states[5])
            // Just before it: the right state, or a clear error naming the group and the place
            // (the damaged commit is the one that vouches for it).
            switch Result(catching: { () throws(StoreError) in try store.state(of: group, at: damaged - 1) }) {
            case let .success(stored):
                #expect(stored.state == folded.states[Int(damaged) - 1])
            case let .failure(error):
                Self.expectCorrupt(group, [damaged - 1, damaged], "state just before the damaged commit") { () throws(StoreError) in throw error }
            }
            // Rebuild stops at it and leaves the store as it was.
            let before = try StoreContents.readable(store, skipping: group)
            Self.expectCorrupt(group, named, "rebuild") { () throws(StoreError) in _ = try store.rebuild() }
            #expect(try StoreContents.readable(store, skipping: group) == before)
            #expect(try store.verify() == problems)
            // The other group is untouched.
            #expect(try store.commits(of: .named("healthy")).map(\.commit) == damagedLog.other)
            #expect(try store.state(of: .named("healthy")).state == Folded(damagedLog.other).final)
        }
    }

    /// The break is reported at the damaged commit, not at the next one: commit 11's own bytes
    /// still hash to what commit 12 records, so the chain shows that commit 10 changed
    /// (SPEC section 12: a corrupt record is an error naming its group and sequence).
    @Test func chainBreakNamesTheDamagedCommit() throws {
        try Self.withDamagedLog(.textByte, at: 10) { store, damagedLog throws in
            let group = damagedLog.group
            let problems = try store.verify()
            #expect(problems.contains { $0.sequence == 10 }, "verify does not name commit 10: \(problems)")
            Self.expectCorrupt(group, [10], "state") { () throws(StoreError) in _ = try store.state(of: group) }
            Self.expectCorrupt(group, [10], "commits") { () throws(StoreError) in _ = try store.commits(of: group) }
            Self.expectCorrupt(group, [10], "replay") { () throws(StoreError) in _ = try store.replay(group) { _, _, _ in } }
            Self.expectCorrupt(group, [10], "rebuild") { () throws(StoreError) in _ = try store.rebuild() }
        }
    }

    /// Snapshots are used: with commit 2 damaged, states after the snapshot at 7 are read from it
    /// without touching commit 2 (never a replay from 0), while verify reports commit 2.
    @Test func statesAfterASnapshotDoNotReplayFromZero() throws {
        let log = randomChainedLog(seed: 21, count: 12)
        let folded = Folded(log)
        try withScratchDirectory { root throws in
            let path = root + "/store"
            do {
                let store = try GroupStore(path: path, options: creating(snapshotInterval: 7))
                try store.ingest(log)
            }
            try Self.damage(path + "/data.mdb", record: CommitCodec.encode(log[2])) { bytes, offset in bytes[offset] = 0x7F }
            let store = try GroupStore(path: path, options: creating(snapshotInterval: 7))
            for sequence in 7..<12 {
                #expect(try store.state(of: .test, at: UInt64(sequence)).state == folded.states[sequence])
            }
            #expect(try store.verify().contains { $0.group == .test && $0.sequence == 2 })
            Self.expectCorrupt(.test, 2, "state at 4") { () throws(StoreError) in _ = try store.state(of: .test, at: 4) }
        }
    }

    enum SnapshotDamage: String, CaseIterable, Sendable {
        /// A byte of the saved state: caught by the snapshot's checksum.
        case stateByte
        /// The record's format version byte.
        case versionByte
    }

    /// A damaged snapshot is reported with its group and sequence (by its checksum or version),
    /// never used; the log is intact, so `replay` and `commits` still read and `rebuild` repairs it.
    @Test(arguments: SnapshotDamage.allCases)
    func damagedSnapshotIsReportedNeverUsed(_ damage: SnapshotDamage) throws {
        let log = randomChainedLog(seed: 4, count: 14)
        let folded = Folded(log)
        let state = try #require(folded.states[10], "the random log has no group at commit 10; pick another seed")
        try withScratchDirectory { root throws in
            let path = root + "/store"
            do {
                let store = try GroupStore(path: path, options: creating(snapshotInterval: 5))
                try store.ingest(log)
            }
            let record = SnapshotRecord.encode(state)
            try Self.damage(path + "/data.mdb", record: record) { bytes, offset in
                switch damage {
                case .stateByte: bytes[offset + record.count - 3] ^= 0x20
                case .versionByte: bytes[offset] = 0x7F
                }
            }
            let store = try GroupStore(path: path, options: creating(snapshotInterval: 5))
            let problems = try store.verify()
            let expected = damage == .stateByte ? "checksum" : "version"
            #expect(problems.contains { $0.group == .test && $0.sequence == 10 && $0.message.contains(expected) },
                    "verify does not report the snapshot at 10 by its \(expected): \(problems)")
            Self.expectCorrupt(.test, 10, "state", reasonContains: expected) { () throws(StoreError) in _ = try store.state(of: .test) }
            Self.expectCorrupt(.test, 10, "state at 12", reasonContains: expected) { () throws(StoreError) in _ = try store.state(of: .test, at: 12) }
            #expect(try store.state(of: .test, at: 9).state == folded.states[9])
            #expect(try store.replay(.test) { _, _, _ in }.state == folded.final)
            #expect(try store.commits(of: .test).map(\.outcome) == folded.outcomes)

            _ = try store.rebuild()
            #expect(try store.verify() == [])
            #expect(try store.state(of: .test).state == folded.final)
            #expect(try store.state(of: .test, at: 12).state == folded.states[12])
        }
    }

    /// A byte flipped in the detail text of a stored outcome still decodes, and `commits` (so
    /// `grouplog log` and `watch`) printed it as the commit's outcome: now the fold it makes for
    /// the events is checked against it, and the damage is `.corrupt` naming the commit. The
    /// corruption campaign found it (trial 778 of seed 17).
    @Test func damagedOutcomeTextIsReportedByCommits() throws {
        let log = randomChainedLog(seed: 12, count: 60)
        let folded = Folded(log)
        let encodings = folded.outcomes.map(OutcomeCodec.encode)
        let damaged = try #require(encodings.indices.first { index in
            index > 0 && encodings[index].count > 12 && encodings.filter { $0 == encodings[index] }.count == 1
        },
                                   "no rejected commit with a unique outcome: pick another seed")
        try withScratchDirectory { root throws in
            let path = root + "/store"
            do {
                let store = try GroupStore(path: path, options: creating(snapshotInterval: 1_000))
                try store.ingest(log)
            }
            let record = encodings[damaged]
            try Self.damage(path + "/data.mdb", record: record) { bytes, offset in bytes[offset + record.count - 2] ^= 0x18 }
            let store = try GroupStore(path: path)
            Self.expectCorrupt(.test, UInt64(damaged), "commits") { () throws(StoreError) in _ = try store.commits(of: .test) }
            Self.expectCorrupt(.test, UInt64(damaged), "commits from it") { () throws(StoreError) in _ = try store.commits(of: .test, from: UInt64(damaged), limit: 1) }
            #expect(try store.commits(of: .test, limit: damaged).count == damaged)
            #expect(try store.verify().contains { $0.group == .test && $0.sequence == UInt64(damaged) })
        }
    }

    // MARK: Damaged pages

    /// A damaged page of LMDB's own tree (a branch whose children point past the end of the
    /// file, as a flipped byte in a branch node makes them: the corruption campaign found it) is
    /// `.corrupt`, which the CLI reports with exit 5, never `.storage` (exit 3, "a full disk or
    /// an I/O error", which a retry might mend), and `verify` lists it as a problem. LMDB cannot
    /// say whose record the page held.
    @Test func damagedBranchPageIsCorruptNotAStorageError() throws {
        let log = randomChainedLog(seed: 31, count: 600)
        try withScratchDirectory { root throws in
            let path = root + "/store"
            do {
                let store = try GroupStore(path: path, options: creating(snapshotInterval: 1_000))
                try store.ingest(log)
            }
            var bytes = try #require(fileBytes(path + "/data.mdb"))
            let pageSize = 4_096
            var damaged = 0
            for page in stride(from: 2 * pageSize, to: bytes.count, by: pageSize) {
                // The page header: pgno (8 bytes), pad (2), flags (2), lower (2), upper (2), then
                // the nodes' offsets; P_BRANCH is 0x01. A branch node's child page number is its
                // first 6 bytes (lo, hi, flags): make it one no file of this size has.
                let flags = UInt16(bytes[page + 10]) | UInt16(bytes[page + 11]) << 8
                guard flags & 0x01 != 0 else { continue }
                let lower = Int(UInt16(bytes[page + 12]) | UInt16(bytes[page + 13]) << 8)
                for pointer in stride(from: page + 16, to: page + lower, by: 2) {
                    let node = page + Int(UInt16(bytes[pointer]) | UInt16(bytes[pointer + 1]) << 8)
                    bytes[node + 3] = 0x7F
                }
                damaged += 1
            }
            try #require(damaged > 0, "no branch page in the store: make the log longer")
            try Data(bytes).write(to: URL(fileURLWithPath: path + "/data.mdb"))
            let store = try GroupStore(path: path)
            for (what, read) in [
                ("commits", { () throws(StoreError) in _ = try store.commits(of: .test) }),
                ("state", { () throws(StoreError) in _ = try store.state(of: .test) }),
            ] as [(String, () throws(StoreError) -> Void)] {
                switch Result(catching: read) {
                case .success:
                    // Only a read that avoids every branch page may succeed; none here can.
                    Issue.record("\(what) read through \(damaged) damaged branch pages without an error")
                case let .failure(.corrupt(group, sequence, reason)):
                    #expect(group == nil && sequence == nil, "\(what): \(reason)")
                    #expect(reason.contains("MDB_PAGE_NOTFOUND") || reason.contains("MDB_CORRUPTED"), "\(what): \(reason)")
                case let .failure(error):
                    Issue.record("\(what): expected .corrupt for a damaged page, got \(error)")
                }
            }
            // verify lists the damage as a problem of the group (LMDB poisons a transaction that
            // met a damaged page, so the check must not go on in it: it did, and threw
            // MDB_BAD_TXN as a storage error).
            let problems = try store.verify()
            #expect(problems.contains { $0.group == .test && $0.message.contains("MDB_") }, "\(problems)")
        }
    }

    // MARK: Helpers

    /// Rewrites `file` with `change` applied at every place `record` occurs (LMDB may keep stale
    /// copies in free pages; changing those too is harmless). Requires at least one.
    private static func damage(_ file: String, record: [UInt8], _ change: (inout [UInt8], Int) -> Void) throws {
        var bytes = try #require(fileBytes(file), "cannot read \(file)")
        let places = offsets(of: record, in: bytes)
        try #require(!places.isEmpty, "the record was not found in \(file)")
        for offset in places { change(&bytes, offset) }
        try Data(bytes).write(to: URL(fileURLWithPath: file))
    }

    /// Checks that `read` throws `.corrupt` naming `group` and `sequence`.
    private static func expectCorrupt(
        _ group: GroupID, _ sequence: UInt64, _ what: String, reasonContains: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation, _ read: () throws(StoreError) -> Void
    ) {
        expectCorrupt(group, [sequence], what, reasonContains: reasonContains, sourceLocation: sourceLocation, read)
    }

    /// Checks that `read` throws `.corrupt` naming `group` and one of `sequences`.
    private static func expectCorrupt(
        _ group: GroupID, _ sequences: Set<UInt64>, _ what: String, reasonContains: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation, _ read: () throws(StoreError) -> Void
    ) {
        let sequence = sequences.sorted().map(String.init).joined(separator: " or ")
        switch Result(catching: read) {
        case .success:
            Issue.record("\(what) read a damaged log without an error", sourceLocation: sourceLocation)
        case let .failure(.corrupt(reportedGroup, reportedSequence, reason)):
            #expect(reportedGroup == group && reportedSequence.map(sequences.contains) == true,
                    "\(what): the error names group \(String(describing: reportedGroup)) commit \(String(describing: reportedSequence)), not \(group) commit \(sequence): \(reason)",
                    sourceLocation: sourceLocation)
            if let reasonContains {
                #expect(reason.contains(reasonContains), "\(what): \(reason)", sourceLocation: sourceLocation)
            }
        case let .failure(error):
            Issue.record("\(what): expected .corrupt naming \(group) commit \(sequence), got \(error)", sourceLocation: sourceLocation)
        }
    }
}

extension StoreContents {
    /// What can still be read of a store with one damaged group: the heads, and every other
    /// group's log and state.
    static func readable(_ store: GroupStore, skipping damaged: GroupID) throws -> [String] {
        var lines: [String] = []
        for summary in try store.groups() {
            lines.append("\(summary.group)@\(summary.headSequence)")
            guard summary.group != damaged else { continue }
            lines.append("\(try store.commits(of: summary.group).count) \(String(describing: stateHash(try store.state(of: summary.group).state)))")
        }
        return lines
    }
}
