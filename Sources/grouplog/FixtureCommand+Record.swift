import GroupAudit
import GroupCore
import GroupStore

extension FixtureCommand {
    /// `grouplog fixture record GROUP|FIXTURE [--from SEQ] [--to SEQ] -o FILE`
    static func record(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--from", "--to", "-o", "--output"])
        guard arguments.positionals.count == 1, let target = arguments.positionals.first else {
            throw UsageError("fixture record takes exactly one group or fixture file")
        }
        let output = try outputPath(arguments, for: "record")
        if TargetState.isFixture(target) { try OutputFile.refuseOverwriting(target, with: output) }
        try OutputFile.checkWritable(output)
        let from = try arguments.number("--from")
        let to = try arguments.number("--to")
        let source = try LogSource.open(target, store: store)
        let recorded: RecordedFixture
        do {
            recorded = try FixtureRecorder(source: source, replayedAs: FixtureFiles.groupID(for: output)).record(from: from, through: to)
        } catch let error as LogSourceError {
            throw InputError(error.message)
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
