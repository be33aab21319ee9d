/// The `grouplog` command line: finds the command and turns its errors into exit codes.
enum CLI {
    static func run(_ words: [String], streams: inout some Streams) -> ExitStatus {
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
            case "help":
                return try Help.run(rest, streams: &streams)
            case "fixture":
                return try FixtureCommand.run(rest, streams: &streams)
            case "replay":
                return try ReplayCommand.run(rest, streams: &streams)
            default:
                throw UsageError("unknown command \(name.debugDescription)")
            }
        } catch let error as UsageError {
            streams.err("grouplog: \(error.message)")
            streams.err("Run 'grouplog --help' for the commands, 'grouplog help COMMAND' for one.")
            return .usage
        } catch let error as InputError {
            streams.err("grouplog: \(error.message)")
            return .badInput
        } catch {
            streams.err("grouplog: \(error)")
            return .badInput
        }
    }
}
