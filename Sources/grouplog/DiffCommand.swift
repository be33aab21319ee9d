import GroupAudit
import GroupCodec
import GroupCore
import GroupFixtures

/// `grouplog diff FIXTURE|GROUP --from SEQ [--to SEQ] [--json]`: what changed between the state
/// after one commit and the state after another.
enum DiffCommand: CommandBody {
    static let command = Command(
        name: "diff",
        overview: [OverviewEntry("diff GROUP|FIXTURE --from SEQ [--to SEQ]", summary: "what changed between the states after two commits")],
        page: [.text("""
        Prints what differs between the state after commit --from and the state after commit
        --to (default: the last commit): members that joined (+), departed (-, left or
        removed, and when) or changed (~: role, state, flags, mutes), policies per slot,
        settings, metadata, the field registry and field values (per key for sets, maps and
        user fields, with each entry's author), bans, the allow list, links, mute-all,
        deletion and the last applied commit. --from may come after --to: the differences are
        then read the other way round. A FIXTURE (an existing file, or a name ending in .json)
        is replayed; a GROUP of the store costs two snapshot loads and at most two snapshot
        intervals of commits. --json adds both state hashes.

        Exit status: 0 (whether or not anything differs); 2 when the fixture cannot be read,
        the group does not exist or SEQ is outside the log; 4 when there is no store; 5 when a
        record is corrupt; 64 without --from.
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog diff GROUP|FIXTURE --from SEQ [--to SEQ] [--json] [--store DIR]"]

    enum Option: String, CommandOption {
        case from = "--from SEQ", to = "--to SEQ", json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let target = try arguments.onlyPositional("diff takes exactly one fixture file or group")
        guard let from = try arguments.number(.from) else { throw UsageError("diff needs --from SEQ") }
        let requestedTo = try arguments.number(.to)
        let source = try store.source(target)
        try source.checkPoint(from, option: "--from")
        let to = requestedTo ?? source.headSequence
        try source.checkPoint(to, option: "--to")
        let before = try source.state(after: from), after = try source.state(after: to)
        let diff = StateDiff(from: before, to: after)
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.object(JSONObject([
                "target": .string(source.name),
                "from": .uint(from),
                "to": .uint(to),
                "fromStateHash": before.map { .string(StateCodec.hash($0).hex) } ?? .null,
                "toStateHash": after.map { .string(StateCodec.hash($0).hex) } ?? .null,
                "differences": StateDiffJSON.encode(diff),
            ])), pretty: true))
        } else {
            streams.out("\(source.name): after commit \(from) -> after commit \(to): \(StateDiffText.count(diff))")
            for line in StateDiffText.lines(diff) { streams.out(line) }
        }
        return .success
    }
}
