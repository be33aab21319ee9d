import Foundation
import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog submit GROUP --actor INBOX [--time MS] [--expect-sequence SEQ] --changes JSON|-`
enum SubmitCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--actor", "--time", "--changes", "--expect-sequence", "--config"], flags: ["--json"])
        guard arguments.positionals.count == 1 else { throw UsageError("submit takes exactly one group") }
        guard let actorText = arguments.value("--actor") else { throw UsageError("submit needs --actor INBOX") }
        guard let changesText = arguments.value("--changes") else { throw UsageError("submit needs --changes JSON (or - for standard input)") }
        let group = try CommandValues.group(arguments.positionals[0])
        let actor = try CommandValues.inbox(actorText)
        // The CLI, not the core, reads the clock: a commit's time is written by whoever makes it.
        let time = try arguments.number("--time") ?? UInt64(Date().timeIntervalSince1970 * 1000)
        let changes = try decodeChanges(changesText == "-" ? OutputFile.read("-") : Array(changesText.utf8))

        let configuration = try arguments.value("--config").map(ConfigCommand.load) ?? OperatorConfiguration()
        let submitted = try store.open(configuration: configuration).submit(
            to: group, actor: actor, time: time, changes: changes, expectedSequence: try arguments.number("--expect-sequence"))
        if arguments.flag("--json") {
            streams.out(JSONWriter.write(.object(JSONObject([
                "group": .string(group.rawValue), "sequence": .uint(submitted.commit.sequence),
                "hash": .string(submitted.hash.hex), "outcome": .string("applied"),
            ])), pretty: true))
        } else {
            streams.out("\(submitted.commit.sequence)")
        }
        return .success
    }

    /// A JSON array of changes, or a single change object, in fixture syntax.
    static func decodeChanges(_ bytes: [UInt8]) throws(InputError) -> [Change] {
        do {
            let document = try JSONParser.parse(bytes)
            let items: [JSONValue]
            switch document {
            case let .array(values): items = values
            case .object: items = [document]
            default: throw InputError("--changes must be a JSON array of changes or one change object, not \(document.typeName)")
            }
            guard !items.isEmpty else { throw InputError("--changes holds no change") }
            var changes: [Change] = []
            for (index, item) in items.enumerated() {
                changes.append(try ChangeJSON.decode(item, path: "$[\(index)]"))
            }
            return changes
        } catch let error as InputError {
            throw error
        } catch let error as JSONSyntaxError {
            throw InputError("--changes: \(error)")
        } catch {
            throw InputError("--changes: \(error)")
        }
    }
}
