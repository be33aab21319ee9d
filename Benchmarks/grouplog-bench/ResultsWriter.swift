#if canImport(Glibc)
import Glibc
#endif

/// Writes a run's results into a directory: `benchmarks.csv` (every figure and every comparison
/// with its rival, ratio and target), `growth.csv` (the growth benchmark, one row per group size)
/// and SVG charts of throughput and memory against group size.
struct ResultsWriter {
    let directory: String

    func write(_ table: SummaryTable, growth: [GrowthFigures]) {
        mkdir(directory, 0o755)
        let charts = growth.isEmpty ? [] : GrowthCharts(growth).all
        if !growth.isEmpty { save(([GrowthFigures.csvHeader] + growth.map(\.csvRow)).joined(separator: "\n") + "\n", as: "growth.csv") }
        var rows = [["name", "value", "unit", "rival", "rival_value", "rival_unit", "time_ratio", "target", "verdict"]]
        for figure in table.figures {
            rows.append([figure.name, number(figure.value), figure.unit, "", "", "", "", "", ""])
        }
        for comparison in table.comparisons {
            guard let figure = comparison.figure else { continue }
            let (value, unit) = reading(figure, comparison)
            let rival = comparison.rival.map { reading($0, comparison) }
            rows.append([
                figure.name, value, unit, comparison.rival?.name ?? "", rival?.0 ?? "", rival?.1 ?? "",
                comparison.timeRatio.map { number($0) } ?? "", comparison.target.map(SummaryTable.describe) ?? "",
                comparison.meetsTarget.map { $0 ? "met" : "missed" } ?? "",
            ])
        }
        save(rows.map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\n") + "\n", as: "benchmarks.csv")
        for (file, chart) in charts where !chart.series.isEmpty { save(chart.svg, as: file) }
        let written = ["benchmarks.csv"] + (growth.isEmpty ? [] : ["growth.csv"]) + charts.map(\.file)
        print("wrote \(written.joined(separator: ", ")) in \(directory)")
    }

    private func reading(_ result: Harness.Result, _ comparison: Comparison) -> (String, String) {
        comparison.showsLatency ? (number(result.median * 1_000), "ms") : (number(result.ratePerSecond), "\(result.unitName)/s")
    }

    /// A plain decimal number, without grouping commas, to six significant places at most.
    private func number(_ value: Double) -> String {
        let decimals = value >= 1_000 ? 0 : value >= 1 ? 3 : 6
        return Report.format(value, decimals: decimals).filter { $0 != "," }
    }

    private func csvField(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + text.replacingAll("\"", "\"\"") + "\"" : text
    }

    private func save(_ text: String, as name: String) {
        let path = directory + "/" + name
        guard let file = fopen(path, "w") else { exitWithMessage("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        guard fputs(text, file) >= 0 else { exitWithMessage("cannot write \(path): \(String(cString: strerror(errno)))") }
    }
}
