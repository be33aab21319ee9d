/// A figure read against its rival, measured in the same run, and the target it answers to.
struct Comparison {
    /// What a target asks of the figure.
    enum Target {
        /// At least this many units per second.
        case rateAtLeast(Double)
        /// At most this fraction more time per unit than the rival.
        case overheadAtMost(Double)
        /// A median run of at most this many seconds.
        case medianAtMost(Double)
        /// At least this many times the rival's rate (the rival's time per unit over the figure's).
        case speedupAtLeast(Double)
    }

    let figure: Harness.Result?
    let rival: Harness.Result?
    var target: Target?
    /// Show median run times rather than rates (for latencies, where one run is one call).
    var showsLatency = false

    /// The figure's time per unit over the rival's: 2.0 means it takes twice as long.
    var timeRatio: Double? {
        guard let figure, let rival else { return nil }
        return (figure.median / Double(figure.units)) / (rival.median / Double(rival.units))
    }

    /// Whether the figure meets its target; nil without a target or without the numbers to judge.
    var meetsTarget: Bool? {
        guard let target, let figure else { return nil }
        switch target {
        case let .rateAtLeast(rate): return figure.ratePerSecond >= rate
        case let .overheadAtMost(fraction): return timeRatio.map { $0 <= 1 + fraction }
        case let .medianAtMost(seconds): return figure.median <= seconds
        case let .speedupAtLeast(factor): return timeRatio.map { $0 * factor <= 1 }
        }
    }
}
