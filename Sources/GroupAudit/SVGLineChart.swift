import GroupCore

/// A line chart of one count over a log, as inline SVG: axes, ticks, labels, one polyline.
///
/// The x axis is the commit sequence, labelled at both ends with the sequence and its time; the
/// y axis runs from 0 to a round maximum above the peak.
struct SVGLineChart {
    let id: String
    let title: String
    /// (sequence, time, value) points in sequence order.
    let points: [(sequence: UInt64, time: Milliseconds, value: Int)]
    /// The highest value of the whole series, which a downsampled series may have skipped.
    let peak: Int

    private let width = 600.0
    private let height = 240.0
    private let left = 56.0
    private let right = 24.0
    private let top = 32.0
    private let bottom = 48.0

    var svg: String {
        let title = HTMLText.escape(self.title)
        var svg = "<svg id=\"\(id)\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\""
            + " width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"\(title)\" data-points=\"\(points.count)\">\n"
        svg += "<title>\(title)</title>\n"
        svg += "<text class=\"chart-title\" x=\"\(left)\" y=\"20\">\(title)</text>\n"
        svg += axes()
        guard let first = points.first, let last = points.last else {
            return svg + "<text class=\"label\" x=\"\(left + 10)\" y=\"\(top + 20)\">no commits</text>\n</svg>"
        }
        let coordinates = points.map { "\(fixed(x($0.sequence, first.sequence, last.sequence))),\(fixed(y($0.value)))" }
        if points.count == 1 {
            svg += "<circle class=\"point\" cx=\"\(fixed(left))\" cy=\"\(fixed(y(first.value)))\" r=\"3\"/>\n"
        } else {
            svg += "<polyline class=\"line\" fill=\"none\" points=\"\(coordinates.joined(separator: " "))\"/>\n"
        }
        let baseline = height - bottom
        svg += label("#\(first.sequence)", x: left, y: baseline + 16, anchor: "start")
        svg += label(UTCTime.iso8601(first.time), x: left, y: baseline + 32, anchor: "start")
        svg += label("#\(last.sequence)", x: width - right, y: baseline + 16, anchor: "end")
        svg += label(UTCTime.iso8601(last.time), x: width - right, y: baseline + 32, anchor: "end")
        svg += label("commit", x: (left + width - right) / 2, y: baseline + 16, anchor: "middle")
        return svg + "</svg>"
    }

    /// The top of the y axis: the peak rounded up to 1, 2, 4, 6 or 8 times a power of ten, so
    /// that the middle tick is a whole number too.
    var scaleTop: Int {
        guard peak > 1 else { return 1 }
        var unit = 1
        while true {
            for step in [2, 4, 6, 8, 10] where step * unit >= peak { return step * unit }
            unit *= 10
        }
    }

    private func axes() -> String {
        let baseline = height - bottom
        var svg = "<line class=\"axis\" x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(baseline)\"/>\n"
        svg += "<line class=\"axis\" x1=\"\(left)\" y1=\"\(baseline)\" x2=\"\(width - right)\" y2=\"\(baseline)\"/>\n"
        for tick in Set([0, scaleTop / 2, scaleTop]).sorted() {
            let level = fixed(y(tick))
            svg += "<line class=\"grid\" x1=\"\(left)\" y1=\"\(level)\" x2=\"\(width - right)\" y2=\"\(level)\"/>\n"
            svg += label(String(tick), x: left - 6, y: y(tick) + 4, anchor: "end")
        }
        return svg
    }

    private func label(_ text: String, x: Double, y: Double, anchor: String) -> String {
        "<text class=\"label\" x=\"\(fixed(x))\" y=\"\(fixed(y))\" text-anchor=\"\(anchor)\">\(HTMLText.escape(text))</text>\n"
    }

    private func x(_ sequence: UInt64, _ first: UInt64, _ last: UInt64) -> Double {
        guard last > first else { return left }
        return left + Double(sequence - first) / Double(last - first) * (width - left - right)
    }

    private func y(_ value: Int) -> Double {
        height - bottom - Double(value) / Double(scaleTop) * (height - top - bottom)
    }

    /// A coordinate with one decimal, without Foundation's formatting.
    private func fixed(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
