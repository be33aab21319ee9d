/// One measured figure that has no rival of its own: a size, a memory reading, a rate.
struct Figure {
    /// `workload.growth.snapshotBytes`.
    let name: String
    let value: Double
    /// `commits/s`, `ms`, `bytes`, `MB`.
    let unit: String

    init(_ name: String, _ value: Double, _ unit: String) {
        self.name = name
        self.value = value
        self.unit = unit
    }

    /// A timed result as a rate (or, for calls, as a median latency in ms).
    init(_ result: Harness.Result, latency: Bool = false) {
        self.init(result.name, latency ? result.median * 1_000 : result.ratePerSecond, latency ? "ms" : "\(result.unitName)/s")
    }

    var text: String {
        let decimals = value < 10 && value != value.rounded() ? 2 : 0
        return "\(name.padded(44)) \(Report.format(value, decimals: decimals).leftPadded(14)) \(unit)"
    }
}
