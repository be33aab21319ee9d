import GroupCore
import GroupFixtures
import GroupStore

/// The small store commands: `init`, `groups`, `verify`, `rebuild`.
enum StoreCommands {
    /// `grouplog init`
    static func initialize(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words)
        guard arguments.positionals.isEmpty else { throw UsageError("init takes no arguments") }
        _ = try store.open(create: true)
        streams.out("store ready at \(store.path)")
        return .success
    }

    /// `grouplog groups [--member INBOX [--after CURSOR] [--limit N]] [--json]`
    static func groups(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--member", "--after", "--limit"], flags: ["--json"])
        guard arguments.positionals.isEmpty else { throw UsageError("groups takes no arguments") }
        if let member = arguments.value("--member") {
            return try CrossGroupCommands.memberGroups(try CommandValues.inbox(member), arguments, store: store, streams: &streams)
        }
        let summaries = try store.open().groups()
        if arguments.flag("--json") {
            streams.out(JSONWriter.write(.array(summaries.map { summary in
                .object(JSONObject(["group": .string(summary.group.rawValue), "headSequence": .uint(summary.headSequence)]))
            }), pretty: true))
        } else {
            for summary in summaries { streams.out("\(summary.group)  \(summary.headSequence + 1) commits") }
            streams.out("\(summaries.count) groups")
        }
        return .success
    }

    /// `grouplog verify [GROUP]`
    static func verify(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words)
        guard arguments.positionals.count <= 1 else { throw UsageError("verify takes at most one group") }
        let group = try arguments.positionals.first.map(CommandValues.group)
        let problems = try store.open().verify(group)
        for problem in problems { streams.out("PROBLEM \(problem)") }
        streams.out(problems.isEmpty ? "verify: no problems" : "verify: \(problems.count) problems")
        return problems.isEmpty ? .success : .expectationsNotMet
    }

    /// `grouplog rebuild`
    static func rebuild(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words)
        guard arguments.positionals.isEmpty else { throw UsageError("rebuild takes no arguments") }
        let report = try store.open().rebuild()
        streams.out("rebuilt \(report.groups) groups from \(report.commits) commits (\(report.snapshots) snapshots)")
        return .success
    }
}
