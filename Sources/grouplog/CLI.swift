import GroupAudit
import GroupCodec
import GroupStore

/// The `grouplog` command line: finds the command in the table and turns its errors into exit
/// codes.
package enum CLI {
    package static func run(_ arguments: [String], streams: inout some Streams) -> ExitStatus {
        var words = arguments
        let store: StoreLocation
        do {
            store = try StoreLocation.extract(from: &words)
        } catch {
            return usage(error, streams: &streams)
        }
        guard let name = words.first else {
            streams.err(Overview.text)
            return .usage
        }
        let rest = Array(words.dropFirst())
        let command = CommandTable.command(named: name)
        if rest.contains("--help") || rest.contains("-h"), let command {
            streams.out(command.helpPage)
            return .success
        }
        do {
            if name == "--help" || name == "-h" {
                streams.out(Overview.text)
                return .success
            }
            guard let command else { throw UsageError("unknown command \(name.debugDescription)") }
            return try command.run(rest, store: store, streams: &streams)
        } catch let error as UsageError {
            return usage(error, streams: &streams)
        } catch let error as InputError {
            streams.err("grouplog: \(error.message)")
            return .badInput
        } catch let error as LogSourceError {
            streams.err("grouplog: \(error.message)")
            return .badInput
        } catch let error as StoreError {
            streams.err("grouplog: \(error)")
            return ExitStatus(error)
        } catch let error as KeyFileError {
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
