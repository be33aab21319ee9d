import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog replay FIXTURE|GROUP [--at SEQ] [--json]`: a fixture file (an existing file, or a
/// name ending in `.json`), or else a group of the store.
enum ReplayCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--at"], flags: ["--json"])
        guard arguments.positionals.count == 1, let target = arguments.positionals.first else {
            throw UsageError("replay takes exactly one fixture file or group")
        }
        let json = arguments.flag("--json")
        var outcomes: [JSONValue] = []
        func report(_ commit: Commit, _ outcome: CommitOutcome, _ events: [DomainEvent]) {
            if json {
                outcomes.append(ReplayReport.json(commit, outcome, events: events))
            } else {
                streams.out(ReplayReport.line(commit, outcome, events: events))
            }
        }
        let replayed = try TargetState.replay(target, at: try arguments.number("--at"), store: store, report)
        if json {
            streams.out(JSONWriter.write(.object(JSONObject([
                "commits": .array(outcomes),
                "state": StateOutput.json(replayed.state, after: replayed.sequence, directory: replayed.directory),
            ])), pretty: true))
        } else {
            streams.out("")
            StateOutput.print(replayed.state, after: replayed.sequence, directory: replayed.directory, json: false, streams: &streams)
        }
        return .success
    }
}
