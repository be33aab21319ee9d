import GroupCodec
import GroupCore

/// A log whose commits carry the hash of the commit before them, as the store requires of
/// ingested commits, with each commit's canonical encoding (what the store writes) for the
/// raw-LMDB rivals.
struct ChainedLog {
    let commits: [Commit]
    /// `CommitCodec.encode` of each commit.
    let records: [[UInt8]]

    /// Chains `log`: each commit gets `CommitCodec.hash` of the commit before it in its group
    /// (the groups' commits may interleave).
    /// - Parameter signer: the key each commit is signed with, once chained (the signature covers
    ///   the previous hash, and the next commit's hash covers the signature); nil for none.
    init(chaining log: [Commit], signer: ((Commit) -> Ed25519.PrivateKey?)? = nil) {
        var commits: [Commit] = []
        var records: [[UInt8]] = []
        commits.reserveCapacity(log.count)
        records.reserveCapacity(log.count)
        var previous: [GroupID: Digest] = [:]
        for commit in log {
            var chained = Commit(
                groupID: commit.groupID, sequence: commit.sequence, actor: commit.actor, time: commit.time,
                changes: commit.changes, previousHash: previous[commit.groupID])
            if let key = signer?(chained) { chained = chained.signed(with: key) }
            let record = CommitCodec.encode(chained)
            // CommitCodec.hash(chained), without encoding the commit a second time.
            previous[commit.groupID] = SHA256.hash(record)
            commits.append(chained)
            records.append(record)
        }
        self.commits = commits
        self.records = records
    }

    var count: Int { commits.count }
    /// The group of the first commit: the only one of a single-group log.
    var group: GroupID { commits[0].groupID }

    /// Every group of the log, in order of first appearance.
    var groups: [GroupID] {
        var seen = Set<GroupID>()
        return commits.compactMap { seen.insert($0.groupID).inserted ? $0.groupID : nil }
    }
    var recordBytes: Int { records.reduce(0) { $0 + $1.count } }

    /// The commits from `start` on, cut into arrays of `size` for the batch `ingest`.
    func batches(of size: Int, from start: Int = 0) -> [[Commit]] {
        stride(from: start, to: count, by: size).map { Array(commits[$0..<min($0 + size, count)]) }
    }
}
