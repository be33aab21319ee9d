import GroupStore

/// The `grouplog` command line: finds the command and turns its errors into exit codes.
enum CLI {
    static func run(_ arguments: [String], streams: inout some Streams) -> ExitStatus {
        var words = arguments
        let store: StoreLocation
        do {
            store = try StoreLocation.extract(from: &words)
        } catch {
            return usage(error, streams: &streams)
        }
        guard let name = words.first else {
            streams.err(Help.overview)
            return .usage
        }
        let rest = Array(words.dropFirst())
        if rest.contains("--help") || rest.contains("-h"), let text = Help.commands[name] {
            streams.out(text)
            return .success
        }
        do {
            switch name {
            case "--help", "-h":
                streams.out(Help.overview)
                return .success
            case "help": return try Help.run(rest, streams: &streams)
            case "fixture": return try FixtureCommand.run(rest, store: store, streams: &streams)
            case "replay": return try ReplayCommand.run(rest, store: store, streams: &streams)
            case "init": return try StoreCommands.initialize(rest, store: store, streams: &streams)
            case "groups": return try StoreCommands.groups(rest, store: store, streams: &streams)
            case "import": return try ImportCommand.run(rest, store: store, streams: &streams)
            case "export": return try ExportCommand.run(rest, store: store, streams: &streams)
            case "submit": return try SubmitCommand.run(rest, store: store, streams: &streams)
            case "dm": return try DMCommand.run(rest, store: store, streams: &streams)
            case "log": return try LogCommand.run(rest, store: store, streams: &streams)
            case "diff": return try DiffCommand.run(rest, store: store, streams: &streams)
            case "whatif": return try WhatIfCommand.run(rest, store: store, streams: &streams)
            case "explain": return try ExplainCommand.run(rest, store: store, streams: &streams)
            case "state": return try StateCommand.run(rest, store: store, streams: &streams)
            case "audit": return try AuditCommand.run(rest, store: store, streams: &streams)
            case "verify": return try StoreCommands.verify(rest, store: store, streams: &streams)
            case "rebuild": return try StoreCommands.rebuild(rest, store: store, streams: &streams)
            case "identity": return try IdentityCommand.run(rest, store: store, streams: &streams)
            case "fields": return try FieldCommands.fields(rest, store: store, streams: &streams)
            case "field": return try FieldCommands.field(rest, store: store, streams: &streams)
            case "user-data": return try FieldCommands.userData(rest, store: store, streams: &streams)
            case "config": return try ConfigCommand.run(rest, streams: &streams)
            case "directory": return try CrossGroupCommands.directory(rest, store: store, streams: &streams)
            case "members": return try CrossGroupCommands.members(rest, store: store, streams: &streams)
            case "watch":
                guard var standard = streams as? StandardStreams else { throw UsageError("watch needs a terminal's standard output") }
                return try WatchCommand.run(rest, store: store, streams: &standard)
            default: throw UsageError("unknown command \(name.debugDescription)")
            }
        } catch let error as UsageError {
            return usage(error, streams: &streams)
        } catch let error as InputError {
            streams.err("grouplog: \(error.message)")
            return .badInput
        } catch let error as StoreError {
            streams.err("grouplog: \(error)")
            return ExitStatus(error)
        } catch {
            streams.err("grouplog: \(error)")
            return .badInput
        }
    }

    private static func usage(_ error: UsageError, streams: inout some Streams) -> ExitStatus {
        streams.err("grouplog: \(error.message)")
        streams.err("Run 'grouplog --help' for the commands, 'grouplog help COMMAND' for one.")
        return .usage
    }
}
