import GroupCodec
import GroupStore

extension ConcurrentSubmitLoad {
    /// The load's submits on a fresh store (`fresh`, called before each run) holding its groups,
    /// each thread's one after the other; the batching is added to `tally`. Any backend runs it.
    func benchmark(_ name: String, fresh: @escaping () -> any GroupLogStorage, tally: BatchTally) -> TurnBenchmark {
        let signingKey = isSigned ? Self.keys[Self.owner] : nil
        return TurnBenchmark(name, units: submits, unitName: "commits", prepare: { () -> any GroupLogStorage in
            let store = fresh()
            if isSigned { BenchmarkKeys.claim(Self.keys, in: store) }
            for group in groups {
                orExit("create \(group)") {
                    try store.submit(
                        to: group, actor: Self.owner, time: 1_000, changes: [isSigned ? Self.signedCreation : Self.creation],
                        expectedSequence: nil, signingKey: signingKey)
                }
            }
            return store
        }) { store in
            // The run's store is inout; its threads share a copy of the reference.
            let shared = store
            let before = store.submitStatistics
            Threads.run(threads) { thread in
                let group = self.group(ofThread: thread)
                for index in 0..<submitsPerThread {
                    orExit("submit \(index) of thread \(thread)") {
                        try shared.submit(
                            to: group, actor: Self.owner, time: Self.time, changes: changes(thread: thread, index: index),
                            expectedSequence: nil, signingKey: signingKey)
                    }
                }
            }
            tally.add(store.submitStatistics, since: before)
        }
    }
}
