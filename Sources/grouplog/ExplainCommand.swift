import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog explain TARGET SEQ [--json]`: the full reasoning for one commit of a fixture file or
/// a group of the store.
enum ExplainCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, flags: ["--json"])
        guard arguments.positionals.count == 2 else {
            throw UsageError("explain takes a fixture file or group, and the sequence of one of its commits")
        }
        let target = arguments.positionals[0]
        let text = arguments.positionals[1]
        guard let requested = UInt64(text) else { throw UsageError("SEQ takes a whole number, not \(text.debugDescription)") }
        let source = try LogSource.open(target, store: store)
        let sequence = try source.checked(requested, option: "SEQ")
        let explanation = try source.explain(sequence)
        if arguments.flag("--json") {
            streams.out(JSONWriter.write(ExplanationJSON.encode(explanation), pretty: true))
        } else {
            for line in ExplanationText.lines(explanation) { streams.out(line) }
        }
        return .success
    }
}
