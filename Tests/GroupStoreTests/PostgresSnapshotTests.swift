import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// PostgreSQL's snapshots (schema version 3): appends write them on the schedule LMDB uses,
/// reads start from the nearest one, a damaged one is reported with its group and sequence and
/// never used, and `rebuild` writes them again.
@Suite(.enabled(if: TestBackend.postgresURL != nil, "no PostgreSQL server for this run: start one with scripts/postgres.sh"))
struct PostgresSnapshotTests {
    private func connection(in place: StorePlace) throws -> PGConnection {
        try PGConnection(url: TestBackend.url(try #require(TestBackend.postgresURL), schema: place.root))
    }

    private func snapshotSequences(_ connection: PGConnection) throws -> [Int64] {
        let rows = try connection.execute("SELECT sequence FROM grouplog_snapshots WHERE group_id = 'test-group' ORDER BY sequence",
                                          operation: "list the snapshots")
        return (0..<rows.rowCount).map { rows.int64($0, 0) }
    }

    @Test func appendsWriteSnapshotsAndADamagedOneIsReportedNeverUsed() throws {
        try TestBackend.postgres.withPlace { place throws in
            let store = try place.open(StoreOptions(snapshotInterval: 5, create: true))
            try store.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            for time: Milliseconds in 2...8 { try store.submit(to: .test, actor: .alix, time: time, changes: [.updateName("n\(time)")]) }
            // Four commits in one ingest: the snapshot due at 10 is written by the batch.
            var last = try #require(try store.commits(of: .test).last?.commit)
            var batch: [Commit] = []
            for sequence: UInt64 in 8...11 {
                let next = Commit(groupID: .test, sequence: sequence, actor: .bo, time: 10 + sequence, changes: [.updateDescription("d\(sequence)")],
                                  previousHash: CommitCodec.hash(last))
                batch.append(next)
                last = next
            }
            try store.ingest(batch)
            let raw = try connection(in: place)
            #expect(try snapshotSequences(raw) == [5, 10])

            // A reader that cached nothing folds from the snapshots, to the same states.
            let reader = try place.open(StoreOptions(snapshotInterval: 5))
            var replica = Replica()
            for logged in try store.commits(of: .test) {
                replica.fold(logged.commit)
                #expect(try reader.state(of: .test, at: logged.commit.sequence).state == replica.state, "at \(logged.commit.sequence)")
            }

            // A damaged snapshot: the read that meets it and verify name it; it is never used.
            try raw.execute("UPDATE grouplog_snapshots SET snapshot = set_byte(snapshot, 40, get_byte(snapshot, 40) # 1) WHERE sequence = 10",
                            operation: "damage a snapshot")
            let fresh = try place.open(StoreOptions(snapshotInterval: 5))
            #expect(performing: { try fresh.state(of: .test, at: 11) }, throws: { error in
                guard case let .corrupt(group, sequence, reason)? = error as? StoreError else { return false }
                return group == .test && sequence == 10 && reason.contains("its snapshot")
            })
            #expect(try fresh.state(of: .test, at: 9).state != nil)
            let problems = try fresh.verify()
            #expect(problems.map(\.sequence) == [10] && problems.first?.message.contains("snapshot") == true, "\(problems)")

            // rebuild writes them again, and the store reads and verifies clean.
            #expect(try fresh.rebuild().snapshots == 2)
            #expect(try fresh.verify() == [])
            #expect(try place.open(StoreOptions(snapshotInterval: 5)).state(of: .test, at: 11).state == replica.state)
        }
    }
}
