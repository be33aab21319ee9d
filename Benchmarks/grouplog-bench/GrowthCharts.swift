/// The growth benchmark's figures as charts against group size: apply throughput, memory per
/// member, and snapshot load time, one line per inbox ID shape.
struct GrowthCharts {
    let figures: [GrowthFigures]

    init(_ figures: [GrowthFigures]) { self.figures = figures }

    var all: [(file: String, chart: SVGChart)] {
        [
            ("throughput.svg", chart("Apply throughput against group size", "commits/s (everyday mix)") { $0.applySecondsPerCommit.map { 1 / $0 } }),
            ("memory.svg", chart("Memory per member against group size", "heap bytes per member (target: 300 at 1M)") { $0.heapBytesPerMember }),
            ("snapshot-load.svg", chart("Snapshot load time against group size", "ms to load (targets at 1M: 100 short IDs, 200 XMTP IDs)") { $0.loadSeconds.map { $0 * 1_000 } }),
        ]
    }

    /// One line per inbox shape, through the sizes where `value` was measured.
    private func chart(_ title: String, _ yLabel: String, _ value: (GrowthFigures) -> Double?) -> SVGChart {
        var shapes: [String] = []
        for figure in figures where !shapes.contains(figure.inboxShape) { shapes.append(figure.inboxShape) }
        let series = shapes.compactMap { shape -> SVGChart.Series? in
            let points = figures.filter { $0.inboxShape == shape }.compactMap { figure in value(figure).map { (x: Double(figure.members), y: $0) } }
            return points.isEmpty ? nil : SVGChart.Series(name: "\(shape) inbox IDs", points: points)
        }
        return SVGChart(title: title, xLabel: "members in the group", yLabel: yLabel, series: series)
    }
}
