import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog fixture run [--json] PATH...`
enum FixtureRunCommand: CommandBody {
    static let usage = ["grouplog fixture run [--json] [--progress] PATH..."]

    enum Option: String, CommandOption {
        case json = "--json"
        case progress = "--progress"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard !arguments.positionals.isEmpty else { throw UsageError("fixture run needs at least one file or directory") }
        let files = try FixturePaths.expand(arguments.positionals)
        guard !files.isEmpty else { throw InputError("no .json fixtures under \(arguments.positionals.joined(separator: ", "))") }

        let json = arguments.flag(.json)
        var passed = 0, failed = 0, malformed = 0
        var reports: [JSONValue] = []
        // Each file's line goes out as it is run: on a terminal those lines are the progress.
        var progress = ProgressLine("fixture run", unit: "files", total: files.count,
                                    shown: ProgressLine.shown(requested: arguments.flag(.progress), streams: streams, outputIsBusy: !json))
        defer { progress.finish() }
        Interrupt.stopBetweenSteps()
        for file in files {
            if Interrupt.wasRequested {
                progress.clear()
                streams.err("grouplog: interrupted: ran \(passed + failed) of \(files.count) fixtures (\(passed) passed, \(failed) failed)")
                return .interrupted
            }
            defer { progress.advance() }
            var report = JSONObject(["file": .string(file)])
            do {
                let fixture = try FixtureFile.read(file)
                let run = try FixtureRunner.run(fixture, groupID: FixtureFile.groupID(for: file))
                report["name"] = .string(fixture.name)
                report["commits"] = .int(Int64(fixture.commits.count))
                report["passed"] = .bool(run.passed)
                if let difference = run.difference {
                    failed += 1
                    report["difference"] = .object(JSONObject([
                        "at": .string(difference.place), "expected": .string(difference.expected), "actual": .string(difference.actual),
                    ]))
                    if !json { streams.out("FAIL  \(file): \(difference)") }
                } else {
                    passed += 1
                    if !json { streams.out("PASS  \(file)") }
                }
            } catch {
                failed += 1
                malformed += 1
                report["passed"] = .bool(false)
                report["error"] = .string(error.description)
                if !json { streams.out("ERROR \(error)") }
            }
            reports.append(.object(report))
        }
        if json {
            streams.out(JSONWriter.write(.object(JSONObject([
                "fixtures": .array(reports), "passed": .int(Int64(passed)), "failed": .int(Int64(failed)),
            ])), pretty: true))
        } else {
            streams.out("\(passed) passed, \(failed) failed")
        }
        if malformed > 0 { return .badInput }
        return failed > 0 ? .expectationsNotMet : .success
    }
}
