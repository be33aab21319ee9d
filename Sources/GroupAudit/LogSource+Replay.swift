import GroupCore
import GroupStore

extension LogSource {
    /// The log folded from its first commit through `last` (its last commit when nil), handing
    /// `report` each commit, its outcome and its events as it goes. A store group's commits are
    /// checked against the chain as they are read.
    /// - Parameter option: the option that gave `last`, named when a fixture's log does not
    ///   reach it.
    /// - Throws: `LogSourceError` for a `last` outside a fixture's log; `StoreError` for one
    ///   past a store group's head, or when the store fails.
    public func replay(
        through last: UInt64?, option: String, _ report: (Commit, CommitOutcome, [DomainEvent]) -> Void
    ) throws -> LogState {
        switch backing {
        case let .store(store, group):
            let replayed = try store.replay(group, through: last, report)
            return try logState(replayed.state, after: replayed.sequence)
        case .fixture:
            let last = last ?? headSequence
            try check(last, option: option)
            var replica = try replica(before: firstSequence)
            try forEachCommit(from: firstSequence, through: last) { commit in
                let outcome = replica.fold(commit)
                report(commit, outcome, replica.lastEvents)
            }
            return try logState(replica.state, after: last)
        }
    }

    /// The state after commit `sequence` (the last commit when nil): for a store group, from its
    /// nearest snapshot and at most the snapshot interval of commits; a fixture's log is folded.
    /// - Parameter option: the option that gave `sequence`, named when a fixture's log does not
    ///   reach it.
    public func state(at sequence: UInt64?, option: String) throws -> LogState {
        switch backing {
        case let .store(store, group):
            let stored = try store.state(of: group, at: sequence)
            return try logState(stored.state, after: stored.sequence)
        case .fixture:
            return try replay(through: sequence, option: option) { _, _, _ in }
        }
    }

    private func logState(_ state: GroupState?, after sequence: UInt64) throws -> LogState {
        LogState(state: state, sequence: sequence, directory: try directory(for: state?.records.map(\.inbox) ?? []))
    }
}
