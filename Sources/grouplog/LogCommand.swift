import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog log GROUP [--from SEQ] [--limit N] [--json]`
enum LogCommand: CommandBody {
    static let command = Command(
        name: "log",
        overview: [OverviewEntry("log GROUP [--from SEQ] [--limit N]", summary: "the commits with their outcomes")],
        page: [.text("""
        Prints the group's commits from SEQ on (at most N), each with its stored outcome.
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog log GROUP [--from SEQ] [--limit N] [--json] [--store DIR]"]

    enum Option: String, CommandOption {
        case from = "--from SEQ", limit = "--limit N", json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let group = try CommandValues.group(arguments.onlyPositional("log takes exactly one group"))
        let limit = try arguments.number(.limit).map { Int(clamping: $0) } ?? .max
        let logged = try store.open().commits(of: group, from: try arguments.number(.from) ?? 0, limit: limit)
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.array(logged.map { ReplayReport.json($0.commit, $0.outcome, events: $0.events) }), pretty: true))
        } else {
            for entry in logged { streams.out(ReplayReport.line(entry.commit, entry.outcome, events: entry.events)) }
        }
        return .success
    }
}
