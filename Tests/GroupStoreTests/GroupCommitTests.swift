import Dispatch
import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// Group commit: submits from many threads share write transactions, and each is judged, written
/// and answered exactly as it would be alone.
struct GroupCommitTests {
    /// What one submit of one thread returned.
    struct Acknowledgement: Sendable {
        let thread: Int
        let index: Int
        let group: GroupID
        let name: String
        let result: Result<GroupStore.Submitted, StoreError>

        var isApplied: Bool { (try? result.get()) != nil }
    }

    @Test func sixteenThreadsSubmittingToOneGroup() throws {
        try withNewStore { store throws in
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
    /// where every tenth submit comes from a non-member and is rejected; the map starts at 64 KiB,
    /// so it grows under the batches (their transactions are run again from the start).
    @Test func sixteenThreadsOnOwnAndSharedGroupsWithRejectionsWhileTheMapGrows() throws {
        let shared = (0..<4).map { GroupID.named("shared-\($0)") }
        try withScratchDirectory { root throws in
            let store = try GroupStore(path: root + "/store", options: creating(initialMapSize: 64 << 10))
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
            #expect(store.environment.mapSize > 64 << 10, "the map did not grow: the test did not retry a batch")
            // The cross-group index was written by the batches too.
            #expect(try store.groups(containing: .bo).count == 4 + 16)
            #expect(try store.verify() == [])
        }
    }

    /// The same requests served as one batch and one by one give the same results and the same store.
    @Test func aBatchJudgesEachRequestAsALoneSubmitWould() throws {
        let requests = Self.mixedRequests()
        try withNewStore { batched throws in
            try withNewStore { alone throws in
                let together = batched.serveSubmits(requests)
                let separately = requests.map { alone.serveSubmits([$0])[0] }
                #expect(together == separately)
                let expected: [Result<UInt64, StoreError>] = [
                    .success(0), .failure(.rejected(CommitRejection(changeIndex: 0, reason: .notAMember(.gus)))), .success(1),
                    .failure(.sequenceConflict(.named("b1"), expected: 1, actual: 2)), .success(2),
                    .failure(.groupNotFound(.named("missing"))), .success(0), .success(1), .success(3),
                ]
                let sequences = together.map { $0.map(\.commit.sequence) }
                #expect(sequences.count == expected.count)
                for (index, (got, wanted)) in zip(sequences, expected).enumerated() {
                    switch (got, wanted) {
                    case let (.failure(.rejected), .failure(.rejected(wantedRejection))):
                        #expect(Self.isNotAMember(got), "request \(index): \(got), wanted \(wantedRejection)")
                    default:
                        #expect(got == wanted, "request \(index)")
                    }
                }
                let inboxes: [InboxID] = [.alix, .bo, .caro, .gus]
                #expect(try StoreContents(batched, inboxes: inboxes) == StoreContents(alone, inboxes: inboxes))
                #expect(try batched.verify() == [])
            }
        }
    }

    /// A request whose write cannot fit the map fails the batch's transaction; the others are then
    /// served one by one and succeed, and the failing one gets its own error and writes nothing.
    @Test func aRequestThatFailsTheTransactionFailsAlone() throws {
        try withScratchDirectory { root throws in
            let small = 1 << 20
            var options = creating(initialMapSize: small)
            options.maximumMapSize = small
            let store = try GroupStore(path: root + "/store", options: options)
            let crowd = (0..<20_000).map { InboxID.named("member-\($0)") }
            let requests = [
                GroupStore.SubmitRequest(group: .named("small"), actor: .alix, time: 1,
                                         changes: [.create(CreateConversation(members: [.bo]))], expectedSequence: nil),
                GroupStore.SubmitRequest(group: .named("huge"), actor: .alix, time: 1,
                                         changes: [.create(CreateConversation(members: crowd, memberLimit: 30_000))], expectedSequence: nil),
                GroupStore.SubmitRequest(group: .named("small"), actor: .alix, time: 2, changes: [.updateName("still here")], expectedSequence: 1),
            ]
            let results = store.serveSubmits(requests)
            #expect(results.map { $0.map(\.commit.sequence) }.count == 3)
            #expect(try results[0].get().commit.sequence == 0)
            #expect(try results[2].get().commit.sequence == 1)
            guard case let .failure(.storage(operation, code, message)) = results[1] else {
                Issue.record("the huge create got \(results[1]), not a storage error")
                return
            }
            #expect(LMDBError(code: code, operation: operation).isMapFull, "\(message)")
            #expect(try store.groups().map(\.group) == [.named("small")])
            #expect(try store.state(of: .named("small")).state?.metadata.name == "still here")
            #expect(try store.verify() == [])
        }
    }

    /// A thread with a read transaction open is refused at once, as before group commit: waiting
    /// for another thread to write for it could wait forever.
    @Test func submitInsideAReadIsRefused() throws {
        try withNewStore { store throws in
            try store.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            let result = try store.environment.read { _ throws(StoreError) in
                Result { () throws(StoreError) in try store.submit(to: .test, actor: .alix, time: 2, changes: [.updateName("inside")]) }
            }
            guard case let .failure(.storage(_, code, _)) = result else {
                Issue.record("a submit inside a read got \(result)")
                return
            }
            #expect(code == EDEADLK)
            #expect(try store.headSequence(of: .test) == 0)
        }
    }

    // MARK: Helpers

    /// Requests for one batch: creations, renames, a rejection, a sequence conflict, an unknown
    /// group, each against the state the ones before leave.
    private static func mixedRequests() -> [GroupStore.SubmitRequest] {
        let first = GroupID.named("b1"), second = GroupID.named("b2")
        func request(_ group: GroupID, _ actor: InboxID, _ changes: [Change], expecting sequence: UInt64? = nil) -> GroupStore.SubmitRequest {
            GroupStore.SubmitRequest(group: group, actor: actor, time: 5, changes: changes, expectedSequence: sequence)
        }
        return [
            request(first, .alix, [.create(CreateConversation(members: [.bo, .caro], name: "one"))]),
            request(first, .gus, [.updateName("not a member")]),
            request(first, .bo, [.updateName("renamed")], expecting: 1),
            request(first, .caro, [.updateName("too late")], expecting: 1),
            request(first, .caro, [.updateName("renamed again")]),
            request(.named("missing"), .alix, [.updateName("nowhere")]),
            request(second, .bo, [.create(CreateConversation(members: [.alix], name: "two"))]),
            request(second, .alix, [.updateName("second")], expecting: 1),
            request(first, .alix, [.removeMembers(inboxes: [.caro], withMessages: false)]),
        ]
    }

    /// Whether a result is the reducer's `notAMember` rejection, whatever change it names.
    private static func isNotAMember<T>(_ result: Result<T, StoreError>) -> Bool {
        if case let .failure(.rejected(rejection)) = result, case .notAMember = rejection.reason { return true }
        return false
    }

    /// Checks that the logs of `groups` hold exactly their creations and the applied
    /// `acknowledgements` (renames by name, creations by an index of -1): gapless sequences,
    /// each once, each thread's in its own order, with the sequence and hash its submit returned;
    /// and that each head state is the replay of its log.
    private static func expectLogs(in store: GroupStore, holdExactly acknowledgements: [Acknowledgement], groups: [GroupID]) throws {
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
