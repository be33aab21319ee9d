import Dispatch
import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// Group commit: submits from many threads share durable writes, and each is judged, written
/// and answered exactly as it would be alone. Part of the seam's suite (every backend);
/// LMDBGroupCommitTests serves LMDB's batches directly.
struct GroupCommitTests {
    /// What one submit of one thread returned.
    struct Acknowledgement: Sendable {
        let thread: Int
        let index: Int
        let group: GroupID
        let name: String
        let result: Result<SubmittedCommit, StoreError>

        var isApplied: Bool { (try? result.get()) != nil }
    }

    @Test(arguments: TestBackend.all)
    func sixteenThreadsSubmittingToOneGroup(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            try store.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            let acknowledgements = Collected<Acknowledgement>()
            onThreads(16) { thread in
                for index in 0..<200 {
                    let name = "t\(thread)-\(index)"
                    acknowledgements.append(Acknowledgement(thread: thread, index: index, group: .test, name: name, result: Result { () throws(StoreError) in
                        try store.submit(to: .test, actor: thread.isMultiple(of: 2) ? .alix : .bo, time: 2, changes: [.updateName(name)])
                    }))
                }
            }
            let all = acknowledgements.values
            #expect(all.count == 3_200)
            #expect(all.filter { !$0.isApplied }.map(\.name) == [])
            try Self.expectLogs(in: store, holdExactly: all, groups: [.test])
            #expect(try store.verify() == [])
            let statistics = store.submitStatistics
            #expect(statistics.submits == 3_201)
            print("GroupCommitTests: 3,200 submits from 16 threads to one group in \(statistics.batches - 1) batches")
        }
    }

    /// Each thread creates its own group, then alternates between it and one of four shared groups,
    /// where every tenth submit comes from a non-member and is rejected; LMDB's map starts at
    /// 64 KiB, so it grows under the batches (their transactions are run again from the start).
    @Test(arguments: TestBackend.all)
    func sixteenThreadsOnOwnAndSharedGroupsWithRejectionsWhileTheMapGrows(backend: TestBackend) throws {
        let shared = (0..<4).map { GroupID.named("shared-\($0)") }
        try backend.withPlace { place throws in
            let store = try place.open(initialMapSize: 64 << 10)
            for group in shared {
                try store.submit(to: group, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo, .caro]))])
            }
            let acknowledgements = Collected<Acknowledgement>()
            onThreads(16) { thread in
                let own = GroupID.named("own-\(thread)")
                acknowledgements.append(Acknowledgement(thread: thread, index: -1, group: own, name: "", result: Result { () throws(StoreError) in
                    try store.submit(to: own, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo], name: ""))])
                }))
                for index in 0..<100 {
                    // Even submits to the thread's own group, odd ones to a shared group.
                    let group = index.isMultiple(of: 2) ? own : shared[thread % 4]
                    let actor: InboxID = group == own ? .bo : index % 10 == 1 ? .gus : .caro
                    let name = "t\(thread)-\(index)"
                    acknowledgements.append(Acknowledgement(thread: thread, index: index, group: group, name: name, result: Result { () throws(StoreError) in
                        try store.submit(to: group, actor: actor, time: 2, changes: [.updateName(name)])
                    }))
                }
            }
            let all = acknowledgements.values
            let rejected = all.filter { !$0.isApplied }
            #expect(rejected.count == 16 * 10)
            #expect(rejected.allSatisfy { Self.isNotAMember($0.result) }, "\(rejected.prefix(3).map(\.result))")
            #expect(rejected.allSatisfy { $0.index % 10 == 1 && shared.contains($0.group) })
            let applied = all.filter(\.isApplied)
            try Self.expectLogs(in: store, holdExactly: applied, groups: shared + (0..<16).map { GroupID.named("own-\($0)") })
            if backend == .lmdb {
                #expect(try #require(store as? GroupStore).environment.mapSize > 64 << 10, "the map did not grow: the test did not retry a batch")
            }
            // The cross-group index was written by the batches too.
            #expect(try store.groups(containing: .bo).count == 4 + 16)
            #expect(try store.verify() == [])
        }
    }

    // MARK: Helpers

    /// Whether a result is the reducer's `notAMember` rejection, whatever change it names.
    static func isNotAMember<T>(_ result: Result<T, StoreError>) -> Bool {
        if case let .failure(.rejected(rejection)) = result, case .notAMember = rejection.reason { return true }
        return false
    }

    /// Checks that the logs of `groups` hold exactly their creations and the applied
    /// `acknowledgements` (renames by name, creations by an index of -1): gapless sequences,
    /// each once, each thread's in its own order, with the sequence and hash its submit returned;
    /// and that each head state is the replay of its log.
    private static func expectLogs(in store: any GroupLogStorage, holdExactly acknowledgements: [Acknowledgement], groups: [GroupID]) throws {
        for group in groups {
            let logged = try store.commits(of: group)
            let mine = acknowledgements.filter { $0.group == group }
            #expect(logged.map(\.commit.sequence) == Array(0..<UInt64(logged.count)), "\(group): sequences with gaps")
            #expect(logged.allSatisfy { $0.outcome == .applied }, "\(group): a stored commit not applied")
            // The creation, made before the threads or by one of them, and then every rename once.
            let renames = mine.filter { $0.index >= 0 }
            #expect(logged.count == 1 + renames.count, "\(group): \(logged.count) commits for \(renames.count) acknowledged renames")
            var sequenceOfName: [String: UInt64] = [:]
            for entry in logged.dropFirst() {
                guard case let .updateName(name)? = entry.commit.changes.first else {
                    Issue.record("\(group): commit \(entry.commit.sequence) is not a rename")
                    continue
                }
                #expect(sequenceOfName.updateValue(entry.commit.sequence, forKey: name) == nil, "\(group): \(name) is logged twice")
            }
            for acknowledgement in mine {
                let submitted = try acknowledgement.result.get()
                let entry = logged[Int(submitted.commit.sequence)]
                #expect(entry.commit == submitted.commit, "\(group): commit \(submitted.commit.sequence) differs from what submit returned")
                #expect(SHA256.hash(CommitCodec.encode(entry.commit)) == submitted.hash)
                if Int(submitted.commit.sequence) + 1 < logged.count {
                    #expect(logged[Int(submitted.commit.sequence) + 1].commit.previousHash == submitted.hash)
                }
                if acknowledgement.index >= 0 { #expect(sequenceOfName[acknowledgement.name] == submitted.commit.sequence) }
            }
            for thread in Set(renames.map(\.thread)) {
                let sequences = try renames.filter { $0.thread == thread }.sorted { $0.index < $1.index }.map { try $0.result.get().commit.sequence }
                #expect(sequences == sequences.sorted(), "\(group): thread \(thread)'s submits are out of its order")
            }
            let replayed = Folded(logged.map(\.commit))
            #expect(stateHash(try store.state(of: group).state) == stateHash(replayed.final), "\(group): the head state is not the replay's")
        }
    }
}

/// Runs `body(0)` ... `body(count - 1)` each on a thread of its own (not Dispatch's pool, which
/// runs only as many at once as there are cores), and returns when all have finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        let thread = Thread {
            body(index)
            finished.leave()
        }
        thread.start()
    }
    finished.wait()
}
