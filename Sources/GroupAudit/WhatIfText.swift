import GroupCore
import GroupFixtures

/// A what-if replay as text: each flip as the replay reaches it, then a summary and the
/// differences of the final states.
///
/// ```
/// #2 bo @3000 addSuperAdmin bo
///   actual:  rejected permissionDenied (change 0): bo (admin) does not pass ...
///   what-if: applied
/// 1 of 4 commits flip: 1 now applied, 0 now rejected, 0 rejected differently
/// final state, actual -> what-if: 2 differences
/// ```
public enum WhatIfText {
    /// The lines of one flip.
    public static func lines(_ flip: OutcomeFlip) -> [String] {
        let commit = flip.commit
        return [
            "#\(commit.sequence) \(commit.actor) @\(commit.time) \(commit.changes.map(\.summary).joined(separator: "; "))",
            "  actual:  \(describe(flip.actual))",
            "  what-if: \(describe(flip.whatIf))",
        ]
    }

    /// The summary line, then the final states' differences.
    public static func lines(_ report: WhatIfReport) -> [String] {
        let flips = report.flips
        let verb = report.commitCount == 1 ? "commit flips" : "commits flip"
        let summary = "\(flips.total) of \(report.commitCount) \(verb): \(flips.nowApplied) now applied, "
            + "\(flips.nowRejected) now rejected, \(flips.rejectedDifferently) rejected differently"
        return report.notes.map { "note: " + $0 } + [summary, "final state, actual -> what-if: \(StateDiffText.count(report.differences))"]
            + StateDiffText.lines(report.differences)
    }

    /// `applied`, or `rejected CODE (change N): detail`.
    public static func describe(_ outcome: CommitOutcome) -> String {
        switch outcome {
        case .applied: "applied"
        case let .rejected(rejection): "rejected \(rejection)"
        }
    }
}
