import GroupFixtures

/// `grouplog config check FILE [--json]`: validates an operator configuration and prints the
/// fields it defines.
enum ConfigCheckCommand: CommandBody {
    static let usage = ["grouplog config check FILE [--json]"]

    enum Option: String, CommandOption {
        case json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let configuration = try ConfigCommand.load(arguments.onlyPositional("config check takes exactly one file"))
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(ConfigurationWriter.json(configuration), pretty: true))
            return .success
        }
        streams.out("member_limit \(configuration.memberLimit)")
        for component in configuration.components {
            let descriptor = component.descriptor
            var places: [String] = []
            if component.inGroups { places.append("groups") }
            if component.inDMs { places.append("DMs") }
            streams.out("\(descriptor.id.hex)  \((descriptor.name ?? "-").padding(20))\(descriptor.type.description.padding(26))insert \(descriptor.insert), update \(descriptor.update), delete \(descriptor.delete); in \(places.isEmpty ? "none (registerFields only)" : places.joined(separator: " and "))")
        }
        streams.out("\(configuration.components.count) application fields")
        return .success
    }
}
