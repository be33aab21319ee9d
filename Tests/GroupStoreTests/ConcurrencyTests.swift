import Dispatch
import Foundation
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// One store shared by threads of one process: writers racing for one sequence, and readers
/// reading while one writer writes (and grows LMDB's map) (SPEC section 12, "Concurrency").
/// Part of the seam's suite: every backend.
struct ConcurrencyTests {
    @Test(arguments: TestBackend.all)
    func threadsRacingForOneSequenceGetOneSuccessEach(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            try store.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            for round in 1...20 {
                let sequence = UInt64(round)
                let results = Collected<Result<UInt64, StoreError>>()
                DispatchQueue.concurrentPerform(iterations: 4) { writer in
                    results.append(Result { () throws(StoreError) in
                        try store.submit(to: .test, actor: .alix, time: sequence * 10, changes: [.updateName("w\(writer)")],
                                         expectedSequence: sequence).commit.sequence
                    })
                }
                let outcomes = results.values
                #expect(outcomes.count == 4)
                #expect(outcomes.filter { $0 == .success(sequence) }.count == 1, "round \(round): \(outcomes)")
                #expect(outcomes.filter { $0 == .failure(.sequenceConflict(.test, expected: sequence, actual: sequence + 1)) }.count == 3,
                        "round \(round): \(outcomes)")
            }
            #expect(try store.headSequence(of: .test) == 20)
            #expect(try store.verify() == [])
        }
    }

    /// Readers on two threads read states at random sequences while a third thread ingests one
    /// commit at a time into a store whose LMDB map starts at 64 KiB, so it grows under them.
    @Test(arguments: TestBackend.all)
    func readersOnOtherThreadsWhileOneWriterGrowsTheMap(backend: TestBackend) throws {
        let log = chained(Array(RandomLog(seed: 3).growingCommits(count: 600, members: 150, batchSize: 50)))
        var replica = Replica()
        let hashes: [Digest?] = log.map { commit in
            replica.fold(commit)
            return stateHash(replica.state)
        }
        try backend.withPlace { place throws in
            let store = try place.open(snapshotInterval: 25, initialMapSize: 64 << 10)
            try store.ingest(Array(log[0..<50]))
            let done = Collected<Bool>()
            let problems = Collected<String>()
            let reads = Collected<Int>()
            DispatchQueue.concurrentPerform(iterations: 3) { thread in
                if thread == 0 {
                    for commit in log[50...] {
                        do throws(StoreError) { try store.ingest(commit) } catch { problems.append("ingest \(commit.sequence): \(error)") }
                    }
                    done.append(true)
                    return
                }
                var random = SeededGenerator(seed: UInt64(thread))
                var count = 0
                repeat {
                    do throws(StoreError) {
                        let head = try store.headSequence(of: .test)
                        let sequence = UInt64(random.int(0...Int(head)))
                        let read = stateHash(try store.state(of: .test, at: sequence).state)
                        if read != hashes[Int(sequence)] { problems.append("thread \(thread): wrong state at \(sequence)") }
                    } catch {
                        problems.append("thread \(thread): \(error)")
                    }
                    count += 1
                } while done.values.isEmpty
                reads.append(count)
            }
            #expect(problems.values == [])
            #expect(reads.values.count == 2)
            #expect(try store.headSequence(of: .test) == 599)
            #expect(try store.verify() == [])
        }
    }

    /// More groups than the head-state cache holds (64), written round-robin: every state is
    /// still the right one.
    @Test(arguments: TestBackend.all)
    func moreGroupsThanTheHeadCacheHolds(backend: TestBackend) throws {
        let groups = (0..<100).map { GroupID.named("group-\($0)") }
        try backend.withNewStore(snapshotInterval: 2) { store throws in
            for group in groups {
                try store.submit(to: group, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            }
            for round in 1...4 {
                for group in groups {
                    try store.submit(to: group, actor: .bo, time: UInt64(round + 1), changes: [.updateName("\(group)-\(round)")],
                                     expectedSequence: UInt64(round))
                }
            }
            for group in groups {
                #expect(try store.state(of: group).state?.metadata.name == "\(group)-4")
                #expect(try store.state(of: group, at: 2).state?.metadata.name == "\(group)-2")
            }
            #expect(try store.verify() == [])
        }
    }
}

/// Values appended from several threads, read back on the test's own.
final class Collected<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `stored` is only touched with `lock` held.
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}
