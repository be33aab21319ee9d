import GroupCore
import GroupStore

extension LogSource {
    /// The full reasoning for commit `sequence` of the log, judged against the state before it:
    /// for a store group, the nearest snapshot and at most the snapshot interval of commits, not
    /// the whole log. The caller checks `sequence` first (`check(_:option:)`).
    public func explain(_ sequence: UInt64) throws -> CommitExplanation {
        let replica = try replica(before: sequence)
        var found: Commit?
        try forEachCommit(from: sequence, through: sequence) { found = $0 }
        guard let commit = found else { throw LogSourceError("commit \(sequence) is not in the log") }
        return replica.explain(commit)
    }
}
