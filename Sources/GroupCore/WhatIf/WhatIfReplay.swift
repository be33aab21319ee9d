/// Two replicas of one log folded side by side: the log as it is, and the log under pinned
/// policies (``PolicyOverrides``). Hand it the commits in order; it keeps two states and no
/// commit, so it runs in constant memory whatever the log's length.
///
/// ```swift
/// var replay = WhatIfReplay(overrides: overrides)
/// for commit in log { if let flip = replay.fold(commit) { report(flip) } }
/// let differences = replay.finalDifferences
/// ```
public struct WhatIfReplay: Equatable, Sendable {
    public let overrides: PolicyOverrides
    /// The log as it is.
    public private(set) var actual: Replica
    /// The log under the overrides.
    public private(set) var whatIf: Replica
    /// The commits folded so far.
    public private(set) var commitCount = 0
    /// The commits whose outcome flipped so far.
    public private(set) var flipCount = 0

    /// - Parameter start: the replica the log starts from: an empty one for a log from
    ///   commit 0, or a fixture's start state (pinned at once).
    public init(overrides: PolicyOverrides, start: Replica = Replica()) {
        self.overrides = overrides
        actual = start
        whatIf = start
        whatIf.pin(overrides)
    }

    /// Folds `commit` into both replicas; returns the flip when the outcomes differ (applied in
    /// one and rejected in the other, or rejected with another code, change or reason).
    public mutating func fold(_ commit: Commit) -> OutcomeFlip? {
        let actualOutcome = actual.fold(commit)
        let whatIfOutcome = whatIf.fold(commit, pinning: overrides)
        commitCount += 1
        guard actualOutcome != whatIfOutcome else { return nil }
        flipCount += 1
        return OutcomeFlip(commit: commit, actual: actualOutcome, whatIf: whatIfOutcome)
    }

    /// How the what-if state differs from the actual one, as the log stands so far.
    public var finalDifferences: StateDiff { StateDiff(from: actual.state, to: whatIf.state) }
}
