import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog user-data GROUP|FIXTURE [--field F]... [--inbox X]... [--at SEQ] [--json]`: the user
/// fields' values per inbox.
enum UserDataCommand: CommandBody {
    static let command = Command(
        name: "user-data",
        overview: [OverviewEntry("user-data GROUP|FIXTURE [--field F]... [--inbox X]...", summary: "the user fields' values per inbox")],
        page: [.text("""
        Prints the user fields' values per inbox. Without --field, every user field; without
        --inbox, every current member (former members are read by naming them).
        """)],
        action: .run(Self.self))

    static let usage = [
        "grouplog user-data GROUP|FIXTURE [--field F]... [--inbox X]... [--at SEQ] [--json]",
        "                   [--store DIR]",
    ]

    enum Option: String, CommandOption {
        case field = "--field F...", inbox = "--inbox X...", at = "--at SEQ", json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let target = try arguments.onlyPositional("user-data takes exactly one group or fixture")
        let at = try arguments.number(.at)
        let state = try store.source(target).state(at: at, option: "--at").existing()
        let fields = try arguments.values(.field).map { names in
            try names.map { name -> FieldReference in
                let reference = FieldText.reference(name)
                guard state.registry.descriptor(for: reference) != nil else {
                    throw InputError("no field \(name) is registered in this conversation")
                }
                return reference
            }
        }
        let inboxes = try arguments.values(.inbox)?.map(CommandValues.inbox)
        let records = state.userData(fields: fields, inboxes: inboxes)
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.object(JSONObject(records.map { record in
                JSONObject.Member(key: record.inbox.rawValue, value: .array(record.values.map { field, value in
                    .object(JSONObject(["field": .string(field.label), "value": FieldReadingJSON.encode(value)]))
                }))
            })), pretty: true))
            return .success
        }
        for record in records {
            let values = record.values.map { "\($0.field.label) = \(FieldText.text($0.value))" }
            streams.out("\(record.inbox.rawValue.padding(16))\(values.isEmpty ? "(none)" : values.joined(separator: ", "))")
        }
        return .success
    }
}
