import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog import FIXTURE [--group ID]`
enum ImportCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--group"])
        guard arguments.positionals.count == 1, let file = arguments.positionals.first else {
            throw UsageError("import takes exactly one fixture file")
        }
        let group = try arguments.value("--group").map(CommandValues.group) ?? FixtureFiles.groupID(for: file)
        let fixture: Fixture
        do {
            fixture = try FixtureFiles.load(file)
        } catch {
            throw InputError(error.description)
        }
        let outcomes = try store.open().importFixture(fixture, as: group)
        let applied = outcomes.filter(\.isApplied).count
        streams.out("imported \(outcomes.count) commits into group \(group): \(applied) applied, \(outcomes.count - applied) rejected")
        return .success
    }
}

/// `grouplog export GROUP [-o FILE]`
enum ExportCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["-o", "--output"])
        guard arguments.positionals.count == 1 else { throw UsageError("export takes exactly one group") }
        let group = try CommandValues.group(arguments.positionals[0])
        let text = JSONWriter.write(try store.open().exportFixture(group), pretty: true)
        guard let file = arguments.value("-o") ?? arguments.value("--output") else {
            streams.out(text)
            return .success
        }
        try OutputFile.write(text + "\n", to: file)
        streams.out("wrote \(file)")
        return .success
    }
}
