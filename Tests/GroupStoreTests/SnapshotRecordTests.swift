import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// The stored snapshot record (issue 18): version 2 holds the snapshot encoding; version 1,
/// which stores written before it hold, still reads to the same state.
struct SnapshotRecordTests {
    func decoded(_ bytes: [UInt8]) throws -> GroupState? {
        try bytes.withUnsafeBytes { try SnapshotRecord.decode($0) }
    }

    @Test func bothVersionsReadToTheSameState() throws {
        let log = randomChainedLog(seed: 7, count: 40)
        for state in Folded(log).states.compactMap({ $0 }) {
            let current = SnapshotRecord.encode(state)
            #expect(current.first == 2)
            #expect(try decoded(current) == state)
            let older = SnapshotRecord.encodeVersion1(state)
            #expect(older.first == 1)
            #expect(try decoded(older) == state)
        }
        #expect(try decoded(SnapshotRecord.encode(nil)) == nil)
    }

    @Test func anUnknownVersionIsDamage() throws {
        let state = try #require(Folded(randomChainedLog(seed: 7, count: 5)).final)
        var record = SnapshotRecord.encode(state)
        record[0] = 3
        #expect(throws: SnapshotProblem.self) { try decoded(record) }
    }

    /// A version-2 record whose body holds the canonical encoding (or the other way round) is
    /// refused by the decoder of its version, not mistaken for a state.
    @Test func aBodyOfTheOtherVersionIsDamage() throws {
        let state = try #require(Folded(randomChainedLog(seed: 7, count: 5)).final)
        let canonical = StateCodec.encode(state)
        let mislabeled = [2, 1] + SHA256.hash(canonical).bytes + canonical
        #expect(throws: SnapshotProblem.self) { try decoded(mislabeled) }
    }
}
