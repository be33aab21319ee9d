/// One measure of `grouplog bench`: how long each of N runs took to do `units` of work.
public struct BenchFigure: Equatable, Sendable {
    /// `replay`, `rawScan`, `stateAt`, `audit` or `whatif`.
    public let name: String
    /// What one run reads, for people: `replay, chain checked`.
    public let summary: String
    /// What the work is counted in: `commits`, or `calls` for a read of one state.
    public let unit: String
    /// The work of one run.
    public let units: Int
    /// Each run's time, in seconds, in the order they ran.
    public let seconds: [Double]

    /// - Precondition: `seconds` holds at least one run (a programming error otherwise, never
    ///   input: `LogBenchmark`, the one maker, runs each measure `--runs` times, 1 or more).
    public init(name: String, summary: String, unit: String, units: Int, seconds: [Double]) {
        precondition(!seconds.isEmpty, "a figure has at least one run")
        self.name = name
        self.summary = summary
        self.unit = unit
        self.units = units
        self.seconds = seconds
    }

    /// The median run's time (the mean of the middle two for an even count).
    public var median: Double {
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The fastest run's time.
    public var minimum: Double { seconds.min()! }

    /// Units a second at the median time.
    public var medianRate: Double { Double(units) / median }

    /// Units a second at the fastest run.
    public var bestRate: Double { Double(units) / minimum }
}
