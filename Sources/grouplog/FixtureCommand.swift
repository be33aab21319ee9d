import GroupCore
import GroupFixtures

/// `grouplog fixture run|record|shrink ...`
enum FixtureCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let rest = Array(words.dropFirst())
        switch words.first {
        case "run": return try runFixtures(rest, streams: &streams)
        case "record": return try record(rest, store: store, streams: &streams)
        case "shrink": return try shrink(rest, streams: &streams)
        case nil: throw UsageError("fixture needs a subcommand: run, record or shrink")
        case let name?: throw UsageError("unknown fixture subcommand \(name.debugDescription)")
        }
    }

    /// `grouplog fixture run [--json] PATH...`
    static func runFixtures(_ words: [String], streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, flags: ["--json"])
        guard !arguments.positionals.isEmpty else { throw UsageError("fixture run needs at least one file or directory") }
        let files = try FixtureFiles.expand(arguments.positionals)
        guard !files.isEmpty else { throw InputError("no .json fixtures under \(arguments.positionals.joined(separator: ", "))") }

        var passed = 0, failed = 0, malformed = 0
        var reports: [JSONValue] = []
        for file in files {
            var report = JSONObject(["file": .string(file)])
            do {
                let fixture = try FixtureFiles.load(file)
                let run = try FixtureRunner.run(fixture, groupID: FixtureFiles.groupID(for: file))
                report["name"] = .string(fixture.name)
                report["commits"] = .int(Int64(fixture.commits.count))
                report["passed"] = .bool(run.passed)
                if let difference = run.difference {
                    failed += 1
                    report["difference"] = .object(JSONObject([
                        "at": .string(difference.place), "expected": .string(difference.expected), "actual": .string(difference.actual),
                    ]))
                    if !arguments.flag("--json") { streams.out("FAIL  \(file): \(difference)") }
                } else {
                    passed += 1
                    if !arguments.flag("--json") { streams.out("PASS  \(file)") }
                }
            } catch {
                failed += 1
                malformed += 1
                report["passed"] = .bool(false)
                report["error"] = .string(error.description)
                if !arguments.flag("--json") { streams.out("ERROR \(error)") }
            }
            reports.append(.object(report))
        }
        if arguments.flag("--json") {
            streams.out(JSONWriter.write(.object(JSONObject([
                "fixtures": .array(reports), "passed": .int(Int64(passed)), "failed": .int(Int64(failed)),
            ])), pretty: true))
        } else {
            streams.out("\(passed) passed, \(failed) failed")
        }
        if malformed > 0 { return .badInput }
        return failed > 0 ? .expectationsNotMet : .success
    }

    /// The `-o FILE` a subcommand writes to; it is required.
    static func outputPath(_ arguments: Arguments, for subcommand: String) throws(UsageError) -> String {
        if arguments.value("-o") != nil && arguments.value("--output") != nil { throw UsageError("-o is given twice") }
        guard let path = arguments.value("-o") ?? arguments.value("--output") else {
            throw UsageError("fixture \(subcommand) needs -o FILE")
        }
        return path
    }
}
