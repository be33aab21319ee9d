import Foundation
import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog bench GROUP|FIXTURE [--runs N] [--samples N] [--json]`
enum BenchCommand: CommandBody {
    static let command = Command(
        name: "bench",
        overview: [OverviewEntry("bench GROUP|FIXTURE", summary: "measure replay, reads, audit and whatif on your own log")],
        page: [
            .text("""
            Measures the log of GROUP where it is stored, or of FIXTURE imported into a
            temporary LMDB store (deleted afterwards): the replay from commit 0 with the chain
            check; beside it the raw scan of the same stored bytes (no decoding, no hashing, no
            fold: the limit a replay cannot beat; LMDB only); the state at random sequences
            (seeded, the same on every run); and the throughput of audit and of whatif (one
            pin, addMember=adminOnly). Each is run N times after one untimed replay that warms
            the page cache; it prints the median and the fastest run, as a table, or with
            --json as one object. Nothing is written to the store.
            """),
            .options,
            .text("""
            Exit status: 0; 2 when the fixture cannot be read or the group does not exist; 4
            when there is no store; 5 when a record is corrupt; 64 for an option outside its
            range; 130 when Ctrl-C stopped it (before its next run).
            """),
        ],
        action: .run(Self.self))

    static let usage = ["grouplog bench GROUP|FIXTURE [--runs N] [--samples N] [--json] [--store DIR]"]

    enum Option: CaseIterable, CommandOption {
        case runs, samples, json

        var declaration: OptionDeclaration {
            switch self {
            case .runs: .value("--runs", "N", help: "timed runs of each measure: 1 to 1000 (default 5)")
            case .samples: .value("--samples", "N", help: "random sequences the state is read at: 1 to 100000 (default 20)")
            case .json: .flag("--json", help: "print one JSON object instead of the table")
            }
        }
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let target = try arguments.onlyPositional("bench takes exactly one group or fixture file")
        let runs = try count(arguments, .runs, in: 1...1_000) ?? 5
        let samples = try count(arguments, .samples, in: 1...100_000) ?? 20
        let json = arguments.flag(.json)
        return try BenchTarget.open(target, store: store) { opened, label in
            var benchmark = LogBenchmark(store: opened, group: label.group)
            benchmark.runs = runs
            benchmark.stateSamples = samples
            // Every run only reads: Ctrl-C ends the benchmark before the next run.
            Interrupt.stopBetweenSteps()
            let report: LogBenchmark.Report
            do {
                report = try benchmark.run(shouldStop: { Interrupt.wasRequested })
            } catch let stopped as LogBenchmark.Stopped {
                streams.err("grouplog: interrupted: bench stopped after \(stopped.measures) of its measures; nothing was written")
                return .interrupted
            }
            if json {
                streams.out(JSONWriter.write(BenchOutput.json(report, of: label.text, runs: runs), pretty: true))
            } else {
                for line in BenchOutput.table(report, of: label.text, runs: runs) { streams.out(line) }
            }
            return .success
        }
    }

    private static func count(_ arguments: Arguments<Option>, _ option: Option, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(option.declaration.name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(text.debugDescription)")
        }
        return value
    }
}
