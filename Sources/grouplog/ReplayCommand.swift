import Foundation
import GroupCodec
import GroupCore
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
        let at = try arguments.number("--at")
        let (state, last, directory): (GroupState?, UInt64, IdentityDirectory)
        if TargetState.isFixture(target) {
            let replayed = try FixtureReplay.replay(target, at: at, report)
            (state, last, directory) = (replayed.state, replayed.sequence, replayed.directory)
        } else {
            let opened = try store.open()
            let replayed = try opened.replay(try CommandValues.group(target), through: at, report)
            (state, last) = (replayed.state, replayed.sequence)
            directory = try opened.directory(for: state?.records.map(\.inbox) ?? [])
        }
        if json {
            streams.out(JSONWriter.write(.object(JSONObject([
                "commits": .array(outcomes), "state": StateOutput.json(state, after: last, directory: directory),
            ])), pretty: true))
        } else {
            streams.out("")
            StateOutput.print(state, after: last, directory: directory, json: false, streams: &streams)
        }
        return .success
    }
}
