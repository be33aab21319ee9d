/// A line chart as a standalone SVG file: x on a logarithmic scale (group sizes from thousands
/// to millions), y linear from zero, one line per series, with axes, ticks and a legend.
struct SVGChart {
    struct Series {
        let name: String
        /// (x, y) points; x must be positive.
        let points: [(x: Double, y: Double)]
    }

    let title: String
    let xLabel: String
    let yLabel: String
    let series: [Series]

    private let width = 720.0, height = 420.0
    private let left = 80.0, right = 30.0, top = 50.0, bottom = 70.0
    private static let colours = ["#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df"]

    var svg: String {
        let points = series.flatMap(\.points)
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max() else { return "" }
        let lowX = log10(minX), highX = max(log10(maxX), lowX + 1)
        let highY = niceCeiling(points.map(\.y).max() ?? 1)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func px(_ x: Double) -> Double { left + (log10(x) - lowX) / (highX - lowX) * plotWidth }
        func py(_ y: Double) -> Double { top + plotHeight - y / highY * plotHeight }

        var out = [##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" viewBox="0 0 \##(Int(width)) \##(Int(height))" font-family="sans-serif" font-size="12">"##]
        out.append(##"<rect width="100%" height="100%" fill="white"/>"##)
        out.append(##"<text x="\##(Int(width / 2))" y="24" text-anchor="middle" font-size="15" font-weight="bold">\##(escaped(title))</text>"##)
        // Axes, y grid lines and ticks.
        for step in 0...4 {
            let value = highY * Double(step) / 4
            let y = py(value)
            out.append(##"<line x1="\##(f(left))" y1="\##(f(y))" x2="\##(f(width - right))" y2="\##(f(y))" stroke="#e5e7eb"/>"##)
            out.append(##"<text x="\##(f(left - 8))" y="\##(f(y + 4))" text-anchor="end">\##(label(value))</text>"##)
        }
        var decade = pow10(Int(lowX.rounded(.down)))
        while decade <= maxX * 1.0001 {
            if decade >= minX * 0.9999 {
                let x = px(decade)
                out.append(##"<line x1="\##(f(x))" y1="\##(f(top + plotHeight))" x2="\##(f(x))" y2="\##(f(top + plotHeight + 5))" stroke="#374151"/>"##)
                out.append(##"<text x="\##(f(x))" y="\##(f(top + plotHeight + 20))" text-anchor="middle">\##(label(decade))</text>"##)
            }
            decade *= 10
        }
        out.append(##"<line x1="\##(f(left))" y1="\##(f(top))" x2="\##(f(left))" y2="\##(f(top + plotHeight))" stroke="#374151"/>"##)
        out.append(##"<line x1="\##(f(left))" y1="\##(f(top + plotHeight))" x2="\##(f(width - right))" y2="\##(f(top + plotHeight))" stroke="#374151"/>"##)
        out.append(##"<text x="\##(f(left + plotWidth / 2))" y="\##(f(height - 22))" text-anchor="middle">\##(escaped(xLabel))</text>"##)
        out.append(##"<text x="18" y="\##(f(top + plotHeight / 2))" text-anchor="middle" transform="rotate(-90 18 \##(f(top + plotHeight / 2)))">\##(escaped(yLabel))</text>"##)
        // The lines, their points and the legend.
        for (index, line) in series.enumerated() {
            let colour = Self.colours[index % Self.colours.count]
            let path = line.points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
            out.append(##"<polyline points="\##(path)" fill="none" stroke="\##(colour)" stroke-width="2"/>"##)
            for point in line.points {
                out.append(##"<circle cx="\##(f(px(point.x)))" cy="\##(f(py(point.y)))" r="3.5" fill="\##(colour)"><title>\##(label(point.x)): \##(label(point.y))</title></circle>"##)
            }
            let legendY = top + 6 + Double(index) * 18
            out.append(##"<rect x="\##(f(left + 12))" y="\##(f(legendY - 9))" width="14" height="4" fill="\##(colour)"/>"##)
            out.append(##"<text x="\##(f(left + 32))" y="\##(f(legendY - 3))">\##(escaped(line.name))</text>"##)
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    private func f(_ value: Double) -> String { Report.format(value, decimals: 1) }

    /// 1.2k, 3M, 250, 0.5: short labels for ticks.
    private func label(_ value: Double) -> String {
        if value >= 1_000_000 { return trimmed(value / 1_000_000) + "M" }
        if value >= 1_000 { return trimmed(value / 1_000) + "k" }
        return trimmed(value)
    }

    private func trimmed(_ value: Double) -> String {
        value == value.rounded() ? Report.format(value) : Report.format(value, decimals: value < 10 ? 2 : 1)
    }

    /// The smallest 1, 2 or 5 times a power of ten at or above `value`.
    private func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        var magnitude = pow10(Int(log10(value).rounded(.down)))
        while magnitude * 10 < value { magnitude *= 10 }
        for factor in [1.0, 2, 5, 10] where magnitude * factor >= value { return magnitude * factor }
        return magnitude * 10
    }

    private func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    private func log10(_ value: Double) -> Double { Glibc.log10(value) }

    private func escaped(_ text: String) -> String {
        text.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;")
    }
}

#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// The string with every `target` replaced (no Foundation in the benchmarks' hot files).
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
