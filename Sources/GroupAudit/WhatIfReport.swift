import GroupCore

/// What a what-if replay found, besides the flips it reported one by one.
public struct WhatIfReport: Equatable, Sendable {
    /// How many commits flipped, by direction.
    public struct Counts: Equatable, Sendable {
        /// Rejected in the log, applied under the overrides.
        public private(set) var nowApplied = 0
        /// Applied in the log, rejected under the overrides.
        public private(set) var nowRejected = 0
        /// Rejected both ways, with another code, change or reason.
        public private(set) var rejectedDifferently = 0

        public init() {}

        public var total: Int { nowApplied + nowRejected + rejectedDifferently }

        mutating func count(_ flip: OutcomeFlip) {
            switch flip.direction {
            case .nowApplied: nowApplied += 1
            case .nowRejected: nowRejected += 1
            case .rejectedDifferently: rejectedDifferently += 1
            }
        }
    }

    /// The group ID, or the fixture's file.
    public let name: String
    public let firstSequence: UInt64
    public let lastSequence: UInt64
    /// The commits replayed.
    public let commitCount: Int
    public let flips: Counts
    /// From the log's final state to the what-if final state.
    public let differences: StateDiff
    /// Pins that could not act as a reader might expect, said in words.
    public let notes: [String]
}
