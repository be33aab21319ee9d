import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog field GROUP|FIXTURE NAME [--key K] [--at SEQ] [--json]`: one field's value.
enum FieldCommand: CommandBody {
    static let command = Command(
        name: "field",
        overview: [OverviewEntry("field GROUP|FIXTURE NAME [--key K]", summary: "a field's value, or one map entry's")],
        page: [.text("""
        Prints a field's value: a scalar (or "(unset)"), a set's keys, or a map's entries with
        the inbox that inserted each. With --key, only that map entry. NAME is a field name or a
        component ID (0xC001).

        Exit status: 0; 2 when no such field is registered.
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog field GROUP|FIXTURE NAME [--key K] [--at SEQ] [--json] [--store DIR]"]

    enum Option: String, CommandOption {
        case key = "--key K", at = "--at SEQ", json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard arguments.positionals.count == 2 else { throw UsageError("field takes a group or fixture, then a field name") }
        let at = try arguments.number(.at)
        let state = try store.source(arguments.positionals[0]).state(at: at, option: "--at").existing()
        let reference = FieldText.reference(arguments.positionals[1])
        guard let descriptor = state.registry.descriptor(for: reference), let reading = state.metadataValue(reference) else {
            throw InputError("no field \(arguments.positionals[1]) is registered in this conversation")
        }
        if let key = arguments.value(.key) {
            let value = state.mapValue(reference, key: .string(key))
            if arguments.flag(.json) {
                streams.out(JSONWriter.write(value.map(FieldReadingJSON.encode) ?? .null))
            } else {
                streams.out(value.map(FieldText.text) ?? "(no entry for \(key.quoted))")
            }
            return .success
        }
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.object(JSONObject([
                "field": FieldText.describe(descriptor), "value": FieldReadingJSON.encode(reading),
            ])), pretty: true))
            return .success
        }
        switch reading {
        case let .scalar(value):
            streams.out(value.map(FieldText.text) ?? "(unset)")
        case let .set(keys):
            for key in keys { streams.out(FieldText.text(key)) }
            if keys.isEmpty { streams.out("(empty)") }
        case let .map(entries):
            for entry in entries { streams.out("\(FieldText.text(entry.key)) = \(FieldText.text(entry.value))  (by \(entry.author))") }
            if entries.isEmpty { streams.out("(empty)") }
        }
        return .success
    }
}
