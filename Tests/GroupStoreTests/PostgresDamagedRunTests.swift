import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// PostgreSQL's reads hand the log to a fold a chunk of rows at a time (issue 18): a damaged
/// commit must still be reported as one commit at a time reports it, with every commit before
/// it handed over first, wherever it falls among the chunks.
@Suite(.enabled(if: TestBackend.postgresURL != nil, "no PostgreSQL server for this run: start one with scripts/postgres.sh"))
struct PostgresDamagedRunTests {
    static let count = 2_500
    static let group = GroupID.named("long")

    static let log = renamingLog(of: group, count: count)

    enum Damage: String, CaseIterable, Sendable {
        /// A byte of the new name: the record still decodes; the chain shows the change.
        case nameByte
        /// The record is gone from the log.
        case missing
    }

    /// Damage in the first chunk of 1,000 rows, at either side of the first boundary, and in the
    /// third chunk.
    @Test(arguments: Damage.allCases, [500, 999, 1_000, 2_100])
    func aDamagedCommitIsReportedAfterEveryCommitBeforeIt(_ damage: Damage, _ damaged: Int) throws {
        let place = try TestBackend.postgres.makePlace()
        defer { place.remove() }
        try place.open(StoreOptions(snapshotInterval: 100_000, create: true)).ingest(Self.log)
        try Self.apply(damage, toCommit: damaged, in: place)
        let reader = try place.open(StoreOptions(snapshotInterval: 100_000))

        // A walk of a few commits around the damage says what is wrong.
        let expected = try #require(Self.walk(reader, from: UInt64(damaged - 20), through: UInt64(damaged + 20)).failure,
                                    "a short walk over damaged commit \(damaged) did not fail")
        let stoppedAt = try #require(Self.sequence(of: expected))

        let (walked, handed) = Self.walk(reader, from: 0, through: UInt64(Self.count - 1))
        #expect(walked == expected)
        #expect(UInt64(handed.count) == (damage == .nameByte ? stoppedAt + 1 : stoppedAt), "\(handed.count) commits handed before \(expected)")
        let intact = handed.prefix(Int(stoppedAt)).elementsEqual(Self.log.prefix(Int(stoppedAt)))
        #expect(intact, "the commits handed before the damage differ from the log's")

        let (replay, replayed) = Self.replay(reader)
        #expect(replay == expected)
        #expect(replayed == handed.count)
    }

    /// Damages commit `sequence` in place's table, the append-only trigger off for the change.
    private static func apply(_ damage: Damage, toCommit sequence: Int, in place: StorePlace) throws {
        let raw = try PGConnection(url: TestBackend.url(try #require(TestBackend.postgresURL), schema: place.root))
        let statement = switch damage {
        case .nameByte:
            "UPDATE grouplog_commits SET commit_bytes = set_byte(commit_bytes, length(commit_bytes) - 12, get_byte(commit_bytes, length(commit_bytes) - 12) # 1) WHERE sequence = $1"
        case .missing:
            "DELETE FROM grouplog_commits WHERE sequence = $1"
        }
        try raw.execute("ALTER TABLE grouplog_commits DISABLE TRIGGER grouplog_commits_append_only", operation: "allow damage")
        try raw.execute(statement, [.int64(Int64(sequence))], operation: "damage commit \(sequence)")
        try raw.execute("ALTER TABLE grouplog_commits ENABLE ALWAYS TRIGGER grouplog_commits_append_only", operation: "append-only again")
    }

    /// The error a walk over `first...last` ended with, and the commits it handed before it.
    private static func walk(_ store: any GroupLogStorage, from first: UInt64, through last: UInt64) -> (failure: StoreError?, handed: [Commit]) {
        var handed: [Commit] = []
        do {
            try store.forEachCommit(of: group, from: first, through: last) { handed.append($0) }
            return (nil, handed)
        } catch {
            return (error, handed)
        }
    }

    /// The error a replay of the whole log ended with, and how many commits it folded before it.
    private static func replay(_ store: any GroupLogStorage) -> (failure: StoreError?, folded: Int) {
        var folded = 0
        do {
            _ = try store.replay(group, through: UInt64(count - 1)) { _, _, _ in folded += 1 }
            return (nil, folded)
        } catch {
            return (error, folded)
        }
    }

    private static func sequence(of error: StoreError) -> UInt64? {
        if case let .corrupt(_, sequence, _) = error { return sequence }
        return nil
    }
}
