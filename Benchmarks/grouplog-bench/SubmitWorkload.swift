import GroupCore

/// What submitters send to one group: the group as it stands before them (created and grown,
/// ingested untimed), then commits the reducer applies, taken in order from the mixed workload's
/// everyday commits. Rejected ones are left out, since a rejected submit writes nothing and
/// would time no fsync; leaving them out changes no state, so the rest apply as they did.
struct SubmitWorkload {
    let base: ChainedLog
    let submits: [Commit]

    /// - Parameters:
    ///   - group: the group's ID, in place of the workload's own, so that many can share a store.
    ///   - count: how many applied commits to submit.
    init(_ workload: MixedWorkload, group: GroupID, submits count: Int) {
        let baseCount = 1 + (workload.members + 999) / 1_000
        // Enough mixed commits that `count` of them apply (about seven in eight do).
        let log = workload.log(mixedCommits: count * 2 + 16).map { commit in
            Commit(groupID: group, sequence: commit.sequence, actor: commit.actor, time: commit.time, changes: commit.changes)
        }
        var replica = Replica()
        for commit in log[..<baseCount] { replica.fold(commit) }
        var submits: [Commit] = []
        for commit in log[baseCount...] where submits.count < count {
            if replica.fold(commit).isApplied { submits.append(commit) }
        }
        precondition(submits.count == count, "the mixed workload gave only \(submits.count) applied commits of \(count)")
        base = ChainedLog(chaining: Array(log[..<baseCount]))
        self.submits = submits
    }
}
