import Foundation
import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog submit GROUP --actor INBOX [--key FILE] [--time MS] [--expect-sequence SEQ] --changes JSON|-`
enum SubmitCommand: CommandBody {
    static let command = Command(
        name: "submit",
        overview: [
            OverviewEntry(
                "submit GROUP --actor INBOX --changes JSON|- [--key FILE] [--time MS]",
                "       [--expect-sequence SEQ] [--config FILE]",
                summary: "check changes against the group and append them as a commit"),
        ],
        page: [.text("""
        Checks the changes (a JSON array of changes, or one change, in fixture syntax; - reads
        standard input) against the group's current state and, when the reducer applies them,
        appends them as one commit and prints its sequence. A create change makes a new group
        or DM ('grouplog dm' finds or creates the DM between two inboxes). Identities in
        create, addMembers and removeMembers are resolved through the store's directory now
        (one no inbox claims is identityNotFound); with --config FILE, a create registers the
        configured fields and registerFields finds the fields it names there (the commit
        records their descriptors). The time defaults to the clock. With --expect-sequence,
        the commit is written only if it would get that sequence.

        With --key FILE (a private key file from 'grouplog key generate'), the commit is signed
        with that key once its sequence is known (SPEC section 14); a file others may read gets a
        warning. A group created with "requireSignatures": true rejects an unsigned commit
        (unsignedCommit) and one signed with a key not recorded for the actor
        (wrongSigningKey). Changes that make an inbox a member record its keys from the
        directory ('grouplog identity claim INBOX --key PUBLIC').

        Exit status: 0 applied; 1 rejected (the code and detail are printed; nothing written);
        2 bad input; 3 store error, such as sequenceConflict (nothing written); 4 no store.
        """)],
        action: .run(Self.self))

    static let usage = [
        "grouplog submit GROUP --actor INBOX --changes JSON|- [--key FILE] [--time MS]",
        "                [--expect-sequence SEQ] [--config FILE] [--json] [--store DIR]",
    ]

    enum Option: String, CommandOption {
        case actor = "--actor INBOX", changes = "--changes JSON|-", time = "--time MS"
        case expectSequence = "--expect-sequence SEQ", config = "--config FILE", json = "--json", key = "--key FILE"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let groupText = try arguments.onlyPositional("submit takes exactly one group")
        guard let actorText = arguments.value(.actor) else { throw UsageError("submit needs --actor INBOX") }
        guard let changesText = arguments.value(.changes) else { throw UsageError("submit needs --changes JSON (or - for standard input)") }
        let group = try CommandValues.group(groupText)
        let actor = try CommandValues.inbox(actorText)
        // The CLI, not the core, reads the clock: a commit's time is written by whoever makes it.
        let time = try arguments.number(.time) ?? UInt64(Date().timeIntervalSince1970 * 1000)
        let changes = try decodeChanges(changesText == "-" ? OutputFile.read("-") : Array(changesText.utf8))

        let configuration = try arguments.value(.config).map(ConfigCommand.load) ?? OperatorConfiguration()
        let signingKey = try arguments.value(.key).map { path in try KeyFile.reading(path, streams: &streams) }
        let submitted = try store.open(configuration: configuration).submit(
            to: group, actor: actor, time: time, changes: changes, expectedSequence: try arguments.number(.expectSequence),
            signingKey: signingKey)
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.object(JSONObject([
                "group": .string(group.rawValue), "sequence": .uint(submitted.commit.sequence),
                "hash": .string(submitted.hash.hex), "outcome": .string("applied"),
                "signedBy": submitted.commit.signature.map { .string($0.publicKey.base64) } ?? .null,
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
