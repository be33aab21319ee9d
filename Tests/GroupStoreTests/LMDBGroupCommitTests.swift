import Dispatch
import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// The LMDB backend's group commit from the inside: batches served directly, a batch whose
/// transaction fails, and a submit from a thread holding a read transaction. The seam's suite
/// (GroupCommitTests) checks what any backend's concurrent submits must give.
struct LMDBGroupCommitTests {
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
                        #expect(GroupCommitTests.isNotAMember(got), "request \(index): \(got), wanted \(wantedRejection)")
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
                SubmitRequest(group: .named("small"), actor: .alix, time: 1,
                                         changes: [.create(CreateConversation(members: [.bo]))], expectedSequence: nil),
                SubmitRequest(group: .named("huge"), actor: .alix, time: 1,
                                         changes: [.create(CreateConversation(members: crowd, memberLimit: 30_000))], expectedSequence: nil),
                SubmitRequest(group: .named("small"), actor: .alix, time: 2, changes: [.updateName("still here")], expectedSequence: 1),
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
    private static func mixedRequests() -> [SubmitRequest] {
        let first = GroupID.named("b1"), second = GroupID.named("b2")
        func request(_ group: GroupID, _ actor: InboxID, _ changes: [Change], expecting sequence: UInt64? = nil) -> SubmitRequest {
            SubmitRequest(group: group, actor: actor, time: 5, changes: changes, expectedSequence: sequence)
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
}
