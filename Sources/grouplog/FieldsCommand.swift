import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog fields GROUP|FIXTURE [--at SEQ] [--json]`: the fields registered in a conversation
/// (SPEC section 11).
enum FieldsCommand: CommandBody {
    static let command = Command(
        name: "fields",
        overview: [OverviewEntry("fields GROUP|FIXTURE", summary: "the registered fields: ID, name, type, policies")],
        page: [.text("""
        Lists the fields registered in the conversation (SPEC section 11), in ID order: the
        component ID in hex, the name, the type, the insert, update and delete policies, and
        whether it is a user field. A FIXTURE (an existing file, or a name ending in .json) is
        replayed first; anything else names a group of the store.
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog fields GROUP|FIXTURE [--at SEQ] [--json] [--store DIR]"]

    enum Option: String, CommandOption {
        case at = "--at SEQ", json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let target = try arguments.onlyPositional("fields takes exactly one group or fixture")
        let at = try arguments.number(.at)
        let state = try store.source(target).state(at: at, option: "--at").existing()
        let descriptors = state.metadataFields()
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.array(descriptors.map(FieldText.describe)), pretty: true))
            return .success
        }
        for descriptor in descriptors {
            let name = (descriptor.name ?? "-").padding(20)
            let policies = "insert \(descriptor.insert), update \(descriptor.update), delete \(descriptor.delete)"
            let user = descriptor.isUserField ? "  user field" : ""
            streams.out("\(descriptor.id.hex)  \(name)\(descriptor.type.description.padding(26))\(policies)\(user)")
        }
        return .success
    }
}
