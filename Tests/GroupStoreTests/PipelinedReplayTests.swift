import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// A long run of a log (`GroupStore.pipelinedRunLength` commits or more) is decoded and
/// chain-checked on a second thread while the calling thread folds (issue 18). It must hand the
/// same commits, in the same order, and fail with the same error naming the same commit as the
/// one-thread walk of a short run, wherever the damage lies: at a batch's first or last commit,
/// the run's first or last, or as a record missing from the log.
struct PipelinedReplayTests {
    static let count = 6_000
    static let group = GroupID.named("long")

    static let log = renamingLog(of: group, count: count)

    @Test func aLongReplayHandsEveryCommitOutcomeAndEventInOrder() throws {
        let log = randomChainedLog(seed: 44, count: 5_000)
        #expect(UInt64(log.count) > GroupStore.pipelinedRunLength)
        var replica = Replica()
        var expected: [(CommitOutcome, [DomainEvent])] = []
        for commit in log { expected.append((replica.fold(commit), replica.lastEvents)) }
        try withScratchDirectory { root throws in
            let store = try GroupStore(path: root + "/store", options: creating(snapshotInterval: 100_000))
            try store.ingest(log)
            var seen = 0
            var inOrder = true
            let replayed = try store.replay(.test) { commit, outcome, events in
                inOrder = inOrder && seen < log.count && commit == log[seen] && outcome == expected[seen].0 && events == expected[seen].1
                seen += 1
            }
            #expect(seen == log.count)
            #expect(inOrder)
            #expect(replayed.state == replica.state)
            var scanned: [Commit] = []
            try store.forEachCommit(of: .test, from: 100, through: UInt64(log.count - 1)) { scanned.append($0) }
            #expect(scanned == Array(log[100...]))
        }
    }

    enum Damage: String, CaseIterable, Sendable {
        /// A byte of the new name: the record still decodes; the chain shows the change.
        case nameByte
        /// The format version byte: the record no longer decodes.
        case versionByte
        /// The record is gone from the log.
        case missing
    }

    /// Damage at a run's first commit, at either side of the boundary between the first two
    /// batches of 512, in the middle, and at the last two commits.
    @Test(arguments: Damage.allCases, [1, 511, 512, 513, 3_000, 5_998, 5_999])
    func damageIsReportedAsTheOneThreadWalkReportsIt(_ damage: Damage, _ damaged: Int) throws {
        try withScratchDirectory { root throws in
            let store = try Self.store(at: root + "/store", with: damage, at: damaged)
            let last = UInt64(Self.count - 1)

            // The one-thread walk of a short run around the damage says what is wrong.
            let short = (from: UInt64(max(0, damaged - 40)), through: min(last, UInt64(damaged + 40)))
            #expect(short.through - short.from < GroupStore.pipelinedRunLength)
            let expected = try #require(Self.failure { () throws(StoreError) in
                try store.forEachCommit(of: Self.group, from: short.from, through: short.through) { _ in }
            }, "a short walk over damaged commit \(damaged) did not fail")

            var handed: [Commit] = []
            let scanned = Self.failure { () throws(StoreError) in
                try store.forEachCommit(of: Self.group, from: 0, through: last) { handed.append($0) }
            }
            #expect(scanned == expected)
            // Every commit before the one the walk names, in order, and nothing after it; a
            // commit that still decodes was handed over before the next one showed it changed.
            let stoppedAt = try #require(Self.sequence(of: expected))
            #expect(UInt64(handed.count) == (damage == .nameByte ? stoppedAt + 1 : stoppedAt),
                    "\(handed.count) commits handed before \(expected)")
            let intact = handed.prefix(Int(stoppedAt))
            #expect(intact.elementsEqual(Self.log.prefix(intact.count)), "the commits handed before the damage differ from the log's")

            var replayed = 0
            let replay = Self.failure { () throws(StoreError) in _ = try store.replay(Self.group) { _, _, _ in replayed += 1 } }
            #expect(replay == expected)
            #expect(replayed == handed.count)
        }
    }


    /// A walk shorter than a pipelined run but longer than ``GroupStore/runLength`` decodes on
    /// one thread and hands its commits over a run at a time: the commits decoded before the
    /// damage are still handed over before the error, wherever the damage falls among the runs.
    @Test(arguments: Damage.allCases, [511, 512, 513, 1_100, 2_000])
    func aOneThreadWalkHandsEveryCommitBeforeTheDamage(_ damage: Damage, _ damaged: Int) throws {
        try withScratchDirectory { root throws in
            let store = try Self.store(at: root + "/store", with: damage, at: damaged)
            let through: UInt64 = 2_000
            #expect(through < GroupStore.pipelinedRunLength && Int(through) > GroupStore.runLength)
            let expected = try #require(Self.failure { () throws(StoreError) in
                try store.forEachCommit(of: Self.group, from: UInt64(damaged - 40), through: through) { _ in }
            }, "a short walk over damaged commit \(damaged) did not fail")
            let stoppedAt = try #require(Self.sequence(of: expected))

            var handed: [Commit] = []
            let walked = Self.failure { () throws(StoreError) in
                try store.forEachCommit(of: Self.group, from: 0, through: through) { handed.append($0) }
            }
            #expect(walked == expected)
            #expect(UInt64(handed.count) == (damage == .nameByte ? stoppedAt + 1 : stoppedAt),
                    "\(handed.count) commits handed before \(expected)")
            let intact = handed.prefix(Int(stoppedAt)).elementsEqual(Self.log.prefix(Int(stoppedAt)))
            #expect(intact, "the commits handed before the damage differ from the log's")

            var replayed = 0
            let replay = Self.failure { () throws(StoreError) in _ = try store.replay(Self.group, through: through) { _, _, _ in replayed += 1 } }
            #expect(replay == expected)
            #expect(replayed == handed.count)
        }
    }

    /// A store of ``log`` with `damage` done to commit `damaged`.
    private static func store(at path: String, with damage: Damage, at damaged: Int) throws -> GroupStore {
        do {
            let store = try GroupStore(path: path, options: creating(snapshotInterval: 100_000))
            try store.ingest(log)
        }
        let record = CommitCodec.encode(log[damaged])
        switch damage {
        case .nameByte, .versionByte:
            var bytes = try #require(fileBytes(path + "/data.mdb"))
            let places = offsets(of: record, in: bytes)
            try #require(places.count == 1, "commit \(damaged)'s record is in data.mdb \(places.count) times")
            if damage == .nameByte { bytes[places[0] + record.count - 12] ^= 0x01 } else { bytes[places[0]] = 0x7F }
            try Data(bytes).write(to: URL(fileURLWithPath: path + "/data.mdb"))
        case .missing:
            let store = try GroupStore(path: path, options: creating(snapshotInterval: 100_000))
            try store.environment.write { txn throws(StoreError) in
                let head = try store.existingHead(of: group, in: txn)
                #expect(try txn.delete(store.databases.commits, key: StoreKeys.entry(head.number, UInt64(damaged))))
            }
        }
        return try GroupStore(path: path, options: creating(snapshotInterval: 100_000))
    }

    private static func failure(_ body: () throws(StoreError) -> Void) -> StoreError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    private static func sequence(of error: StoreError) -> UInt64? {
        if case let .corrupt(_, sequence, _) = error { return sequence }
        return nil
    }
}
