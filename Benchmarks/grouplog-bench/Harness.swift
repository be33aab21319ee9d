#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A dependency-free benchmark harness: a warm-up run, then N timed runs; reports the median and
/// the minimum. It measures and prints; it never asserts.
struct Harness {
    /// Only benchmarks whose name contains this run; several names, separated by commas, run
    /// the benchmarks whose name contains any of them. A name ending in `$` matches only a
    /// benchmark whose name ends there (`interval1000$` leaves out `interval10000`).
    var filter: String?
    var runs: Int
    var warmups: Int

    struct Result {
        let name: String
        let units: Int
        let unitName: String
        let seconds: [Double]

        var median: Double { seconds.sorted()[seconds.count / 2] }
        var minimum: Double { seconds.min() ?? 0 }
        var ratePerSecond: Double { Double(units) / median }
    }

    func shouldRun(_ name: String) -> Bool {
        guard let filter else { return true }
        return filter.split(separator: ",").contains { wanted in
            wanted.hasSuffix("$") ? name.hasSuffix(wanted.dropLast()) : name.contains(wanted)
        }
    }

    /// Times `body` (which processes `units` items) after `prepare` makes its input afresh for each run.
    func measure<Input>(_ name: String, units: Int, unitName: String, prepare: () -> Input, _ body: (inout Input) -> Void) -> Result? {
        guard shouldRun(name) else { return nil }
        for _ in 0..<warmups {
            var input = prepare()
            body(&input)
        }
        var seconds: [Double] = []
        for _ in 0..<runs {
            var input = prepare()
            let start = Clock.now()
            body(&input)
            seconds.append(Clock.now() - start)
        }
        let result = Result(name: name, units: units, unitName: unitName, seconds: seconds)
        print(Report.line(result))
        return result
    }
}

/// A monotonic clock in seconds.
enum Clock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// Formatting of results.
enum Report {
    static func line(_ result: Harness.Result) -> String {
        let rate = format(result.ratePerSecond)
        let median = format(result.median * 1000, decimals: 1)
        let minimum = format(result.minimum * 1000, decimals: 1)
        return "\(result.name.padded(34)) \(rate.leftPadded(12)) \(result.unitName)/s   median \(median) ms   min \(minimum) ms   (\(result.seconds.count) runs, \(result.units) \(result.unitName))"
    }

    static func format(_ value: Double, decimals: Int = 0) -> String {
        if decimals == 0 {
            let whole = Int(value.rounded())
            let digits = String(whole)
            var grouped = ""
            for (index, character) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
                grouped.append(character)
            }
            return grouped
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let fraction = String(scaled % Int(scale))
        return "\(scaled / Int(scale)).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
    }
}

extension String {
    func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
