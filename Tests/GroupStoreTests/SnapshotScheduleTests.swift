import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// Snapshots of large groups come less often: ten times for each tenfold beyond 10,000 members.
struct SnapshotScheduleTests {
    @Test(arguments: [
        (1, 1_000 as UInt64), (10_000, 1_000), (10_001, 10_000), (100_000, 10_000), (100_010, 100_000), (1_000_000, 100_000),
        (1_000_010, 1_000_000),
    ])
    func theIntervalStretchesTenfoldForEachTenfoldOfMembers(members: Int, interval: UInt64) {
        #expect(SnapshotSchedule(interval: 1_000).stretchedInterval(members: members) == interval)
    }

    @Test func dueAtMultiplesOfTheStretchedIntervalAndNeverAtZeroOrOnOverflow() {
        let schedule = SnapshotSchedule(interval: 1_000)
        #expect(!schedule.isDue(at: 0, members: 5))
        #expect(schedule.isDue(at: 3_000, members: 5) && !schedule.isDue(at: 3_000, members: 20_000))
        #expect(schedule.isDue(at: 30_000, members: 20_000))
        #expect(SnapshotSchedule(interval: .max / 2).stretchedInterval(members: 50_000) == .max)
    }

    /// A group past 10,000 members is snapshotted in full at the stretched interval only, with
    /// incremental snapshots at the intervals between, and `rebuild` puts them back in the same
    /// places.
    @Test func aLargeGroupsSnapshotsFollowTheScheduleThroughRebuild() throws {
        try withNewStore(snapshotInterval: 2, defaultMemberLimit: 20_000) { store throws in
            var settings = RandomLog(seed: 5)
            settings.groupID = .test
            let log = chained(settings.growingCommits(count: 41, members: 12_000, batchSize: 1_000))
            _ = try store.ingest(log)
            let before = try snapshotSequences(in: store)
            let full = before.filter { !$0.isDelta }.map(\.sequence)
            // 13 commits grow the group past 10,000 members: from then on full snapshots only at
            // multiples of 20, and incremental ones at every other even sequence.
            #expect(full.contains(2) && full.contains(20) && full.contains(40))
            #expect(full.filter { $0 > 12 }.allSatisfy { $0 % 20 == 0 })
            let incremental: [UInt64] = before.filter(\.isDelta).map(\.sequence)
            let between: [UInt64] = (2...40).filter { $0 % 2 == 0 && !full.contains($0) }
            #expect(incremental == between && incremental.contains(14))
            _ = try store.rebuild()
            #expect(try snapshotSequences(in: store).elementsEqual(before) { $0 == $1 })
            #expect(try store.verify().isEmpty)
        }
    }

    private func snapshotSequences(in store: GroupStore) throws -> [(sequence: UInt64, isDelta: Bool)] {
        try store.environment.read { txn throws(StoreError) in
            var sequences: [(sequence: UInt64, isDelta: Bool)] = []
            try txn.withCursor(store.databases.snapshots) { cursor throws(StoreError) in
                var entry = try cursor.first()
                while let (key, value) = entry {
                    if let parsed = StoreKeys.parse(key) { sequences.append((parsed.sequence, value.first == SnapshotRecord.deltaVersion)) }
                    entry = try cursor.next()
                }
            }
            return sequences
        }
    }
}
