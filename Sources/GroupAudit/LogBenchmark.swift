import GroupCore
import GroupGenerator
import GroupStore

/// `grouplog bench`: measures a user's own log where it lives: the replay with the chain check,
/// the raw scan of the same stored bytes as the limit a replay cannot beat (LMDB only), the
/// state at seeded random sequences, and the audit and what-if throughput. Each is timed over
/// `runs` runs after one untimed replay that brings the log into the page cache.
public struct LogBenchmark: Sendable {
    public let store: any GroupLogStorage
    public let group: GroupID
    public var runs = 5
    /// The random sequences the state is read at, one timed call each.
    public var stateSamples = 20
    /// The seed of those sequences: the same sequences on every run of the command.
    public var seed: UInt64 = 7

    /// The pin of the what-if measure: one slot, which every member's addMembers consults.
    public static let whatIfOverrides = PolicyOverrides(slots: [.addMember: .adminOnly])

    public init(store: any GroupLogStorage, group: GroupID) {
        self.store = store
        self.group = group
    }

    /// Everything measured, in the order the command prints it.
    public struct Report: Sendable {
        public let group: GroupID
        /// The commits of the log: its head's sequence + 1.
        public let commits: Int
        /// Members at the head.
        public let members: Int
        public let figures: [BenchFigure]

        /// The figure named `name`, if it was measured.
        public func figure(_ name: String) -> BenchFigure? { figures.first { $0.name == name } }
    }

    /// What `run` throws when `shouldStop` ended it.
    public struct Stopped: Error, Equatable {
        /// The measures done before it stopped.
        public let measures: Int
    }

    /// Runs every measure; `measured` hears of each figure as it is done.
    /// - Parameter shouldStop: asked before each run; true ends the benchmark there.
    /// - Throws: `StoreError` when the store cannot be read; `Stopped`.
    public func run(shouldStop: () -> Bool = { false }, _ measured: (BenchFigure) -> Void = { _ in }) throws -> Report {
        let head = try store.headSequence(of: group)
        let commits = Int(head) + 1
        // Untimed: the first read pays for the page cache, which no later run does.
        let final = try store.replay(group) { _, _, _ in }
        var figures: [BenchFigure] = []
        func stopIfAsked() throws(Stopped) {
            if shouldStop() { throw Stopped(measures: figures.count) }
        }
        func add(_ figure: BenchFigure) {
            figures.append(figure)
            measured(figure)
        }
        add(try time("replay", "replay, chain checked", unit: "commits", units: commits, before: stopIfAsked) { () throws(StoreError) in
            _ = try store.replay(group) { _, _, _ in }
        })
        if let lmdb = store as? GroupStore {
            var bytes = 0
            add(try time("rawScan", "raw scan of the same bytes", unit: "commits", units: commits, before: stopIfAsked) { () throws(StoreError) in
                try lmdb.rawScan(of: group) { record in bytes &+= record.count }
            })
        }
        add(try states(head: head, before: stopIfAsked))
        let source = try LogSource(store: store, group: group)
        add(try time("audit", "audit", unit: "commits", units: commits, before: stopIfAsked) { () throws in
            try source.audit(filter: AuditFilter()) { _, _ in }
        })
        add(try time("whatif", "whatif --policy addMember=adminOnly", unit: "commits", units: commits, before: stopIfAsked) { () throws in
            _ = try WhatIf.run(source, overrides: Self.whatIfOverrides) { _ in }
        })
        return Report(group: group, commits: commits, members: final.state?.memberCount ?? 0, figures: figures)
    }

    /// `runs` timed runs of `body`, each after `before` (which may stop the benchmark).
    private func time(
        _ name: String, _ summary: String, unit: String, units: Int, before: () throws -> Void, _ body: () throws -> Void
    ) throws -> BenchFigure {
        var seconds: [Double] = []
        for _ in 0..<runs {
            try before()
            let start = ContinuousClock.now
            try body()
            seconds.append((ContinuousClock.now - start).seconds)
        }
        return BenchFigure(name: name, summary: summary, unit: unit, units: units, seconds: seconds)
    }

    /// One timed `state(of:at:)` at each of `stateSamples` seeded random sequences.
    private func states(head: UInt64, before: () throws -> Void) throws -> BenchFigure {
        var random = SplitMix64(seed: seed)
        var seconds: [Double] = []
        for _ in 0..<stateSamples {
            try before()
            let sequence = random.next() % (head + 1)
            let start = ContinuousClock.now
            _ = try store.state(of: group, at: sequence)
            seconds.append((ContinuousClock.now - start).seconds)
        }
        return BenchFigure(name: "stateAt", summary: "state at a random sequence", unit: "calls", units: 1, seconds: seconds)
    }
}
