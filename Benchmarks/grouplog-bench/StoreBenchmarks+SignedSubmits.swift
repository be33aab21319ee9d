import GroupCodec
import GroupCore
import GroupStore

/// What signing costs a durable submit (SPEC section 14): renames by the members of a group that
/// requires signatures, each signed by the store with its member's key, beside the same renames
/// unsigned in a group that does not; then the same pair from 16 threads at once to one group, as
/// `store.submitConcurrent.16threads.oneGroup` submits. Each pair runs in turn. The store signs
/// inside the write transaction, once it knows the commit's sequence and previous hash, and does
/// not verify its own signature; the reducer checks that the key is one recorded for the actor.
extension StoreBenchmarks {
    static let signedSubmitNames = ["store.submit.signed", "store.submit.unsigned"]
    static let signedConcurrentSubmitNames = [
        "store.submitConcurrent.16threads.oneGroup.signed", "store.submitConcurrent.16threads.oneGroup.unsigned",
    ]

    func measureSignedSubmits(into table: inout SummaryTable) {
        print("signed submit workload: a group of 10 members, then \(sizes.signedSubmits) renames by its members in turn, "
            + "signed with their keys where the group requires signatures")
        let results = harness.measureInTurn([
            memberRenames("store.submit.signed", isSigned: true),
            memberRenames("store.submit.unsigned", isSigned: false),
        ])
        table.comparisons.append(Comparison(figure: results[0], rival: results[1]))
    }

    func measureSignedConcurrentSubmits(into table: inout SummaryTable) {
        let threads = Self.concurrentSubmitThreads
        let perThread = sizes.signedSubmitsPerThread
        var signed = ConcurrentSubmitLoad(threads: threads, submitsPerThread: perThread, layout: .oneGroup)
        signed.isSigned = true
        let loads = [signed, ConcurrentSubmitLoad(threads: threads, submitsPerThread: perThread, layout: .oneGroup)]
        print("signed concurrent submit workload: \(signed.submits) durable renames of one group of 10 members from \(threads) threads, "
            + "signed with the owner's key where the group requires signatures")
        let tallies = loads.map { _ in BatchTally() }
        let results = harness.measureInTurn(zip(Self.signedConcurrentSubmitNames, zip(loads, tallies)).map { name, pair in
            var last: TemporaryStore?
            return pair.0.benchmark(name, fresh: {
                last?.remove()
                last = TemporaryStore(label: "signedConcurrent", options: StoreOptions())
                return last!.open()
            }, tally: pair.1)
        })
        for (index, result) in results.enumerated() {
            guard let result else { continue }
            let note = "\(result.name): \(Report.format(tallies[index].submitsPerBatch, decimals: 2)) submits per batch (one write transaction, one fsync)"
            print(note)
            table.notes.append(note)
        }
        table.comparisons.append(Comparison(figure: results[0], rival: results[1]))
    }

    /// `sizes.signedSubmits` durable renames, one per transaction, by the 10 members in turn, on a fresh
    /// store holding the group; signed, the members' keys are claimed first, the group requires
    /// signatures (its create records the keys) and each member signs with its own key.
    private func memberRenames(_ name: String, isSigned: Bool) -> TurnBenchmark {
        let group = GroupID(unchecked: "signedSubmits")
        let owner = ConcurrentSubmitLoad.owner
        let members = ConcurrentSubmitLoad.members
        let keys = isSigned ? ConcurrentSubmitLoad.keys : [:]
        let submits = sizes.signedSubmits
        var last: TemporaryStore?
        return TurnBenchmark(name, units: submits, unitName: "commits", prepare: { () -> any GroupLogStorage in
            last?.remove()
            last = TemporaryStore(label: "signedSubmit", options: StoreOptions())
            let store = last!.open()
            BenchmarkKeys.claim(keys, in: store)
            let create = CreateConversation(members: members, name: "submits", memberLimit: 100, requireSignatures: isSigned)
            orExit("create the group") {
                try store.submit(to: group, actor: owner, time: 1_000, changes: [.create(create)], expectedSequence: nil, signingKey: keys[owner])
            }
            return store
        }) { store in
            for index in 1...submits {
                let actor = members[index % members.count]
                orExit("submit \(index)") {
                    try store.submit(
                        to: group, actor: actor, time: 1_000 + UInt64(index), changes: [.updateName("name \(index)")],
                        expectedSequence: nil, signingKey: keys[actor])
                }
            }
        }
    }
}
