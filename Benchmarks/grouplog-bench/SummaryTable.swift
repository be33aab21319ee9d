/// The closing table of the storage suite: each figure, its rival, the ratio and the target,
/// then notes (store sizes and build times) that have no rival.
struct SummaryTable {
    var comparisons: [Comparison] = []
    /// Figures without a rival: sizes, memory, the workloads' rates.
    var figures: [Figure] = []
    var notes: [String] = []

    var isEmpty: Bool { !comparisons.contains { $0.figure != nil || $0.rival != nil } && notes.isEmpty && figures.isEmpty }

    var text: String {
        let header = ["figure", "value", "rival", "value", "x time", "target", ""]
        var rows = [header]
        for comparison in comparisons where comparison.figure != nil || comparison.rival != nil {
            rows.append([
                comparison.figure?.name ?? "-", value(comparison.figure, comparison),
                comparison.rival?.name ?? "-", value(comparison.rival, comparison),
                comparison.timeRatio.map { Report.format($0, decimals: $0 < 10 ? 3 : 1) + "x" } ?? "-",
                comparison.target.map(Self.describe) ?? "-",
                comparison.meetsTarget.map { $0 ? "MET" : "MISSED" } ?? "",
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = ["", "Summary (x time: the figure's time per unit over its rival's)"]
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, cell in
                column == 1 || column == 3 || column == 4 ? cell.leftPadded(widths[column]) : cell.padded(widths[column])
            }
            lines.append(cells.joined(separator: "  "))
            if index == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        if !figures.isEmpty {
            lines += ["", "Figures"] + figures.map(\.text)
        }
        if !notes.isEmpty {
            lines.append("")
            lines += notes
        }
        return lines.joined(separator: "\n")
    }

    private func value(_ result: Harness.Result?, _ comparison: Comparison) -> String {
        guard let result else { return "not run" }
        if comparison.showsLatency { return Report.format(result.median * 1000, decimals: 2) + " ms median" }
        return Report.format(result.ratePerSecond) + " \(result.unitName)/s"
    }

    static func describe(_ target: Comparison.Target) -> String {
        switch target {
        case let .rateAtLeast(rate): ">= \(Report.format(rate))/s"
        case let .overheadAtMost(fraction): "<= \(Report.format(1 + fraction, decimals: 2))x rival"
        case let .medianAtMost(seconds): "median <= \(Report.format(seconds * 1000, decimals: 0)) ms"
        case let .speedupAtLeast(factor): ">= \(Report.format(factor))x rival's rate"
        }
    }
}
