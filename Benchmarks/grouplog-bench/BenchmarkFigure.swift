/// One measured figure as a CSV row would hold it: `sqlite.replay.grouplog, 3100000, commits/s`.
struct BenchmarkFigure: Equatable, Sendable {
    let name: String
    let value: Double
    let unit: String

    /// The rate of a timed result (units per second at its median run).
    init(_ result: Harness.Result) {
        self.init(name: result.name, value: result.ratePerSecond, unit: "\(result.unitName)/s")
    }

    init(name: String, value: Double, unit: String) {
        self.name = name
        self.value = value
        self.unit = unit
    }
}
