import GroupAudit
import GroupFixtures

/// `bench`'s report: a table for people, or one JSON object for machines.
enum BenchOutput {
    static func table(_ report: LogBenchmark.Report, of label: String, runs: Int) -> [String] {
        var lines = ["bench \(label): \(report.commits.grouped) commits, \(report.members.grouped) members at the head; \(runs) runs"]
        lines.append("measure".padding(38) + "median".padding(12) + "fastest".padding(12) + "rate (median)".padding(24) + "rate (fastest)")
        for figure in report.figures {
            var summary = figure.summary
            if figure.name == "stateAt" { summary += " (\(figure.seconds.count))" }
            lines.append((summary.padding(38) + time(figure.median).padding(12) + time(figure.minimum).padding(12)
                + rate(figure.medianRate, figure.unit).padding(24) + rate(figure.bestRate, figure.unit)).trimmingTrailingSpaces())
        }
        if let replay = report.figure("replay"), let scan = report.figure("rawScan") {
            lines.append("the replay runs at \(percent(replay.medianRate / scan.medianRate)) of the raw scan's rate (medians)")
        }
        return lines
    }

    static func json(_ report: LogBenchmark.Report, of label: String, runs: Int) -> JSONValue {
        var top = JSONObject()
        top["target"] = .string(label)
        top["group"] = .string(report.group.rawValue)
        top["commits"] = .int(Int64(report.commits))
        top["members"] = .int(Int64(report.members))
        top["runs"] = .int(Int64(runs))
        top["measures"] = .array(report.figures.map(json))
        if let replay = report.figure("replay"), let scan = report.figure("rawScan") {
            top["replayOverRawScan"] = number(replay.medianRate / scan.medianRate)
        }
        return .object(top)
    }

    private static func json(_ figure: BenchFigure) -> JSONValue {
        var object = JSONObject()
        object["name"] = .string(figure.name)
        object["unit"] = .string(figure.unit)
        object["unitsPerRun"] = .int(Int64(figure.units))
        object["seconds"] = .array(figure.seconds.map(number))
        object["medianSeconds"] = number(figure.median)
        object["minimumSeconds"] = number(figure.minimum)
        object["medianRate"] = number(figure.medianRate)
        object["bestRate"] = number(figure.bestRate)
        return .object(object)
    }

    /// A JSON number as Swift spells a Double (`0.0123`, `1.2e-05`: both JSON); null for a
    /// rate of a run too fast for the clock.
    private static func number(_ value: Double) -> JSONValue {
        value.isFinite ? .number(JSONNumber(text: String(value))) : .null
    }

    /// `1.234 s`, `12.3 ms`, `45 µs`.
    private static func time(_ seconds: Double) -> String {
        if seconds >= 1 { return fixed(seconds, 3) + " s" }
        if seconds >= 0.001 { return fixed(seconds * 1_000, 1) + " ms" }
        return fixed(seconds * 1_000_000, 0) + " µs"
    }

    /// `623,456 commits/s`, `81.2 calls/s`.
    private static func rate(_ perSecond: Double, _ unit: String) -> String {
        perSecond >= 1_000 ? "\(Int(perSecond.rounded()).grouped) \(unit)/s" : "\(fixed(perSecond, 1)) \(unit)/s"
    }

    private static func percent(_ ratio: Double) -> String {
        fixed(ratio * 100, 1) + "%"
    }

    /// The number with `decimals` digits after the point.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        guard decimals > 0 else { return scaled.grouped }
        let whole = scaled / Int(scale), fraction = String(scaled % Int(scale))
        return "\(whole.grouped).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
    }
}
