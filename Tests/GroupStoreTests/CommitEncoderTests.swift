import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// A batch of `CommitEncoder.threadedCount` commits or more is encoded and hashed on a second
/// thread while the ingest folds and writes (issue 18). The store it leaves must be the one a
/// commit-by-commit ingest leaves, and a batch refused partway must write nothing and leave no
/// thread behind.
struct CommitEncoderTests {
    /// Two groups' logs, interleaved commit by commit, so that a batch switches groups often.
    static let batch: [Commit] = {
        let first = randomChainedLog(seed: 71, count: 400, group: .named("first"))
        let second = randomChainedLog(seed: 72, count: 300, group: .named("second"))
        var mixed: [Commit] = []
        for index in 0..<max(first.count, second.count) {
            if index < first.count { mixed.append(first[index]) }
            if index < second.count { mixed.append(second[index]) }
        }
        return mixed
    }()

    @Test func everyCommitIsEncodedAndHashedAsAloneAndInOrder() {
        let encoder = CommitEncoder(Self.batch)
        defer { encoder.stop() }
        for (index, commit) in Self.batch.enumerated() {
            let encoded = encoder.encoded(at: index)
            #expect(encoded.bytes == CommitCodec.encode(commit), "commit \(index)")
            #expect(encoded.hash == CommitCodec.hash(commit), "commit \(index)")
        }
    }

    @Test func anEncoderStoppedEarlyStillAnswersEveryIndex() {
        let encoder = CommitEncoder(Self.batch)
        encoder.stop()
        encoder.stop()
        let last = Self.batch.count - 1
        #expect(encoder.encoded(at: last).hash == CommitCodec.hash(Self.batch[last]))
    }

    @Test func aLargeBatchLeavesTheStoreACommitByCommitIngestLeaves() throws {
        #expect(Self.batch.count >= CommitEncoder.threadedCount)
        let groups: [GroupID] = [.named("first"), .named("second")]
        try withNewStore(snapshotInterval: 50) { batched throws in
            try withNewStore(snapshotInterval: 50) { single throws in
                let outcomes = try batched.ingest(Self.batch)
                var expected: [CommitOutcome] = []
                for commit in Self.batch { expected.append(try single.ingest(commit)) }
                #expect(outcomes == expected)
                for group in groups {
                    #expect(try batched.headSequence(of: group) == single.headSequence(of: group))
                    #expect(try batched.commits(of: group, from: 0) == single.commits(of: group, from: 0))
                    #expect(try stateHash(batched.state(of: group).state) == stateHash(single.state(of: group).state))
                }
                #expect(try batched.verify(nil, progress: nil).isEmpty)
            }
        }
    }

    /// A commit that does not chain, well past the point where the thread started: the whole
    /// batch is refused, nothing is written, and the next ingest of the good batch succeeds.
    @Test func aBatchRefusedPartwayWritesNothing() throws {
        var damaged = Self.batch
        let bad = 500
        damaged[bad] = damaged[bad].with(previousHash: Digest(bytes: [UInt8](repeating: 7, count: 32)))
        try withNewStore { store throws in
            #expect(throws: StoreError.self) { try store.ingest(damaged) }
            #expect(throws: StoreError.groupNotFound(.named("first"))) { try store.headSequence(of: .named("first")) }
            #expect(throws: StoreError.groupNotFound(.named("second"))) { try store.headSequence(of: .named("second")) }
            #expect(try store.ingest(Self.batch).count == Self.batch.count)
            #expect(try store.verify(nil, progress: nil).isEmpty)
        }
    }
}
