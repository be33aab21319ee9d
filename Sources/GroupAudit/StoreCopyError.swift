import GroupCore
import GroupStore

/// Why a store copy stopped. Refusals found before anything is written (`destinationNotEmpty`,
/// `destinationDiffers`, a claim another inbox holds) leave the destination as it was.
public enum StoreCopyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The destination already holds groups, and the copy is not resuming; nothing was written.
    case destinationNotEmpty(groups: Int, first: GroupID)
    /// Resuming, the destination holds a log that is not a prefix of the source's; nothing was
    /// written.
    case destinationDiffers(GroupID, reason: String)
    /// The destination judged a commit otherwise than the source had stored it. The batch that
    /// holds it is in the destination; the source's stored outcome disagrees with the reducer
    /// (`grouplog verify` on the source reports it).
    case outcomeMismatch(GroupID, sequence: UInt64, stored: CommitOutcome, judged: CommitOutcome)
    /// Reading the source failed.
    case source(StoreError)
    /// Writing or reading the destination failed.
    case destination(StoreError)

    public var description: String {
        switch self {
        case let .destinationNotEmpty(groups, first):
            "the destination already holds \(groups) group\(groups == 1 ? "" : "s") (\(first) first); nothing was written"
        case let .destinationDiffers(group, reason):
            "the destination's log of group \(group) is not a copy of the source's: \(reason); nothing was written"
        case let .outcomeMismatch(group, sequence, stored, judged):
            "group \(group) commit \(sequence): the source stored \(Self.text(stored)), the destination judged it \(Self.text(judged))"
        case let .source(error): "the source: \(error)"
        case let .destination(error): "the destination: \(error)"
        }
    }

    private static func text(_ outcome: CommitOutcome) -> String {
        switch outcome {
        case .applied: "applied"
        case let .rejected(rejection): "rejected \(rejection)"
        }
    }
}
