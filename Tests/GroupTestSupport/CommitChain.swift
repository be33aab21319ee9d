import GroupCodec
import GroupCore

/// `commits` chained as a store log holds them: each commit's previous hash is the hash of the
/// canonical encoding of the one before (`first` for the first, nil for a log that starts at
/// commit 0), as `GroupStore.ingest` requires.
public func chained(_ commits: some Sequence<Commit>, after first: Digest? = nil) -> [Commit] {
    var previous = first
    return commits.map { commit in
        let linked = Commit(groupID: commit.groupID, sequence: commit.sequence, actor: commit.actor, time: commit.time,
                            changes: commit.changes, previousHash: previous)
        previous = CommitCodec.hash(linked)
        return linked
    }
}

/// `commits` chained from commit 0 and cut into batches of `size`, for a batched ingest of a
/// long log.
public func chainedBatches(_ commits: some Sequence<Commit>, of size: Int) -> [[Commit]] {
    let linked = chained(commits)
    return stride(from: 0, to: linked.count, by: size).map { Array(linked[$0..<min($0 + size, linked.count)]) }
}
