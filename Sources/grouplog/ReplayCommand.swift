import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog replay FIXTURE|GROUP [--at SEQ] [--json]`: a fixture file (an existing file, or a
/// name ending in `.json`), or else a group of the store.
enum ReplayCommand: CommandBody {
    static let command = Command(
        name: "replay",
        overview: [
            OverviewEntry("replay FIXTURE [--at SEQ]", summary: "replay a fixture's log: each commit's outcome, then the state"),
            OverviewEntry("replay GROUP [--at SEQ]", summary: "replay the log: each commit's outcome, then the state"),
        ],
        page: [.text("""
        Folds a log from commit 0 and prints each commit's outcome (sequence, actor, time, its
        changes, applied or rejected with code and detail), then the state after the last
        commit, or after commit SEQ with --at: members with roles and states, admins, the
        policy set, metadata and former members. An existing file is read as a fixture
        (expectations are not checked: use fixture run); anything else names a group of the
        store, whose commits are checked against the chain as they are read.

        A progress line (count, rate, time left) is drawn on standard error with --progress,
        or unasked when standard error is a terminal and standard output is not.

        Exit status: 0; 2 when the fixture cannot be read, the group does not exist or SEQ is
        past the log's end; 4 when there is no store; 5 when a record is corrupt; 130 when
        Ctrl-C stopped it (it says how far it got).
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog replay FIXTURE|GROUP [--at SEQ] [--json] [--progress] [--store DIR]"]

    enum Option: String, CommandOption {
        case at = "--at SEQ", json = "--json", progress = "--progress"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let target = try arguments.onlyPositional("replay takes exactly one fixture file or group")
        let json = arguments.flag(.json)
        let at = try arguments.number(.at)
        var outcomes: [JSONValue] = []
        let source = try store.source(target)
        let last = at ?? source.headSequence
        // The text goes out commit by commit: on a terminal it is the progress itself.
        // A SEQ outside the log has no total: the replay refuses it before the first commit.
        let total = last >= source.firstSequence && last <= source.headSequence ? Int(last - source.firstSequence + 1) : nil
        var progress = ProgressLine("replay", total: total,
                                    shown: ProgressLine.shown(requested: arguments.flag(.progress), streams: streams, outputIsBusy: !json))
        Interrupt.stopBetweenSteps()
        func report(_ commit: Commit, _ outcome: CommitOutcome, _ events: [DomainEvent]) {
            if Interrupt.wasRequested {
                progress.clear()
                Interrupt.endReading("replayed \(progress.count.grouped) of \((progress.total ?? 0).grouped) commits", streams: &streams)
            }
            progress.advance()
            if json {
                outcomes.append(ReplayReport.json(commit, outcome, events: events))
            } else {
                streams.out(ReplayReport.line(commit, outcome, events: events))
            }
        }
        let replayed = try source.replay(through: at, option: "--at", report)
        progress.finish()
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
