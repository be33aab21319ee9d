import GroupAudit
import GroupCore
import GroupStore

/// `grouplog fixture record GROUP|FIXTURE [--from SEQ] [--to SEQ] -o FILE`
enum FixtureRecordCommand: CommandBody {
    static let usage = ["grouplog fixture record GROUP|FIXTURE [--from SEQ] [--to SEQ] -o FILE [--store DIR]"]

    enum Option: String, CommandOption {
        case from = "--from SEQ", to = "--to SEQ", output = "-o|--output FILE"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let target = try arguments.onlyPositional("fixture record takes exactly one group or fixture file")
        let output = try FixtureCommand.outputPath(arguments.value(.output), for: "record")
        if FixtureFile.isNamed(by: target) { try OutputFile.refuseOverwriting(target, with: output) }
        try OutputFile.checkWritable(output)
        let from = try arguments.number(.from)
        let to = try arguments.number(.to)
        let source = try store.source(target)
        let recorded: RecordedFixture
        do {
            recorded = try FixtureRecorder(source: source, replayedAs: FixtureFile.groupID(for: output)).record(from: from, through: to)
        } catch let error as FixtureRecordingError {
            streams.err("grouplog: \(error)")
            return .expectationsNotMet
        }
        try OutputFile.write(recorded.text, to: output)
        let starting = recorded.first > 0 ? "from the state after commit \(recorded.first - 1)" : "from the start of the log"
        streams.out("recorded commits \(recorded.first)...\(recorded.last) of \(source.name) \(starting): "
            + "\(recorded.commits) commits (\(recorded.applied) applied, \(recorded.rejected) rejected), \(recorded.changes) changes")
        streams.out("wrote \(output)")
        return .success
    }
}
