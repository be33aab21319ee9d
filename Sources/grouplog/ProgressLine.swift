#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one updating line a long command shows on standard error: the count, the rate and,
/// when the total is known, the share done and the time left. Drawn over itself (carriage
/// return, erase to the end of the line) at most ten times a second, and finished with a
/// newline; shown only to a person (see `shown(requested:streams:outputIsBusy:)`).
///
/// Cheap enough to call for every commit: `advance` adds to a counter and reads the clock only
/// every `checkEvery` items, so a replay of a million commits reads it about 4,000 times.
struct ProgressLine {
    /// What the line starts with: the command, such as `import`.
    let label: String
    /// What is counted, such as `commits` or `files`.
    let unit: String
    /// How many there are in all, when known.
    var total: Int?
    private(set) var count = 0
    let isShown: Bool
    private let start: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant
    private var nextCheck = 0
    private var hasDrawn = false

    /// Items between two readings of the clock.
    static let checkEvery = 256
    /// The least time between two redraws.
    static let interval: Duration = .milliseconds(100)

    /// - Parameter start: when the work began (now, but for a test of the line's text).
    init(_ label: String, unit: String = "commits", total: Int? = nil, shown: Bool, start: ContinuousClock.Instant = .now) {
        self.label = label
        self.unit = unit
        self.total = total
        isShown = shown
        self.start = start
        // The first line waits one interval: work done by then needs none.
        lastDraw = start
    }

    /// Whether a command shows the line: with `--progress`, always; else only when standard
    /// error is a terminal and, for a command that prints as it goes (`outputIsBusy`), standard
    /// output is not the same person's screen.
    static func shown(requested: Bool, streams: some Streams, outputIsBusy: Bool = false) -> Bool {
        requested || (streams.errorIsTerminal && !(outputIsBusy && streams.outputIsTerminal))
    }

    /// Counts `items` more done, and redraws the line when it is due.
    mutating func advance(by items: Int = 1) {
        count += items
        guard isShown, count >= nextCheck else { return }
        nextCheck = count + Self.checkEvery
        let now = ContinuousClock.now
        guard now - lastDraw >= Self.interval else { return }
        lastDraw = now
        hasDrawn = true
        Self.write("\r\u{1B}[K" + text(at: now))
    }

    /// Counts up to `done` in all.
    mutating func advance(to done: Int) {
        advance(by: done - count)
    }

    /// Ends the line: its final figures and a newline, when it was drawn at all.
    mutating func finish() {
        guard isShown, hasDrawn else { return }
        hasDrawn = false
        Self.write("\r\u{1B}[K" + summary(at: .now) + "\n")
    }

    /// Erases the line, for a command that prints something else on standard error next.
    mutating func clear() {
        guard isShown, hasDrawn else { return }
        hasDrawn = false
        Self.write("\r\u{1B}[K")
    }

    /// `import: 1,200,000 of 3,000,000 commits (40%), 512,345 commits/s, 3.5 s left`
    func text(at now: ContinuousClock.Instant) -> String {
        let seconds = Self.seconds(now - start)
        let rate = seconds > 0 ? Double(count) / seconds : 0
        var line = "\(label): \(count.grouped)"
        if let total, total > 0 {
            line += " of \(total.grouped) \(unit) (\(min(100, count * 100 / total))%)"
        } else {
            line += " \(unit)"
        }
        line += ", \(Int(rate.rounded()).grouped) \(unit)/s"
        if let total, rate > 0, total > count {
            line += ", " + Self.duration(Double(total - count) / rate) + " left"
        }
        return line
    }

    /// `import: 3,000,000 commits in 5.9 s, 508,474 commits/s`
    func summary(at now: ContinuousClock.Instant) -> String {
        let seconds = Self.seconds(now - start)
        let rate = seconds > 0 ? Double(count) / seconds : 0
        return "\(label): \(count.grouped) \(unit) in \(Self.duration(seconds)), \(Int(rate.rounded()).grouped) \(unit)/s"
    }

    /// `0.4 s`, `12 s`, `2 min 5 s`, `1 h 2 min`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 10 { return BenchOutput.fixed(seconds, 1) + " s" }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        if whole < 3_600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3_600) h \(whole % 3_600 / 60) min"
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeMutableBufferPointer { Glibc.write(2, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }
}
