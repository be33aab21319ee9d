import GroupAudit
import GroupCodec
import GroupCore
import GroupFixtures

/// `grouplog diff FIXTURE|GROUP --from SEQ [--to SEQ] [--json]`: what changed between the state
/// after one commit and the state after another.
enum DiffCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--from", "--to"], flags: ["--json"])
        guard arguments.positionals.count == 1, let target = arguments.positionals.first else {
            throw UsageError("diff takes exactly one fixture file or group")
        }
        guard let requestedFrom = try arguments.number("--from") else { throw UsageError("diff needs --from SEQ") }
        let requestedTo = try arguments.number("--to")
        let source = try LogSource.open(target, store: store)
        let from = try source.checkedPoint(requestedFrom, option: "--from")
        let to = try source.checkedPoint(requestedTo ?? source.headSequence, option: "--to")
        let before = try source.state(after: from), after = try source.state(after: to)
        let diff = StateDiff(from: before, to: after)
        if arguments.flag("--json") {
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
