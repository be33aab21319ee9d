import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog fields`, `grouplog field` and `grouplog user-data`: the configurable fields of a
/// group of the store or of a fixture's final state (SPEC section 11).
enum FieldCommands {
    /// `grouplog fields GROUP|FIXTURE [--at SEQ] [--json]`
    static func fields(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--at"], flags: ["--json"])
        guard arguments.positionals.count == 1 else { throw UsageError("fields takes exactly one group or fixture") }
        let state = try TargetState.load(arguments.positionals[0], at: try arguments.number("--at"), store: store).existing()
        let descriptors = state.metadataFields()
        if arguments.flag("--json") {
            streams.out(JSONWriter.write(.array(descriptors.map(describe)), pretty: true))
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

    /// `grouplog field GROUP|FIXTURE NAME [--key K] [--at SEQ] [--json]`
    static func field(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--at", "--key"], flags: ["--json"])
        guard arguments.positionals.count == 2 else { throw UsageError("field takes a group or fixture, then a field name") }
        let state = try TargetState.load(arguments.positionals[0], at: try arguments.number("--at"), store: store).existing()
        let reference = reference(arguments.positionals[1])
        guard let descriptor = state.registry.descriptor(for: reference), let reading = state.metadataValue(reference) else {
            throw InputError("no field \(arguments.positionals[1]) is registered in this conversation")
        }
        if let key = arguments.value("--key") {
            let value = state.mapValue(reference, key: .string(key))
            if arguments.flag("--json") {
                streams.out(JSONWriter.write(value.map(FieldReadingJSON.encode) ?? .null))
            } else {
                streams.out(value.map(text) ?? "(no entry for \(key.quoted))")
            }
            return .success
        }
        if arguments.flag("--json") {
            streams.out(JSONWriter.write(.object(JSONObject(["field": describe(descriptor), "value": FieldReadingJSON.encode(reading)])), pretty: true))
            return .success
        }
        switch reading {
        case let .scalar(value):
            streams.out(value.map(text) ?? "(unset)")
        case let .set(keys):
            for key in keys { streams.out(text(key)) }
            if keys.isEmpty { streams.out("(empty)") }
        case let .map(entries):
            for entry in entries { streams.out("\(text(entry.key)) = \(text(entry.value))  (by \(entry.author))") }
            if entries.isEmpty { streams.out("(empty)") }
        }
        return .success
    }

    /// `grouplog user-data GROUP|FIXTURE [--field F]... [--inbox X]... [--at SEQ] [--json]`
    static func userData(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--at"], repeatable: ["--field", "--inbox"], flags: ["--json"])
        guard arguments.positionals.count == 1 else { throw UsageError("user-data takes exactly one group or fixture") }
        let state = try TargetState.load(arguments.positionals[0], at: try arguments.number("--at"), store: store).existing()
        let fields = try arguments.values("--field").map { names in
            try names.map { name -> FieldReference in
                let reference = reference(name)
                guard state.registry.descriptor(for: reference) != nil else {
                    throw InputError("no field \(name) is registered in this conversation")
                }
                return reference
            }
        }
        let inboxes = try arguments.values("--inbox")?.map(CommandValues.inbox)
        let records = state.userData(fields: fields, inboxes: inboxes)
        if arguments.flag("--json") {
            streams.out(JSONWriter.write(.object(JSONObject(records.map { record in
                JSONObject.Member(key: record.inbox.rawValue, value: .array(record.values.map { field, value in
                    .object(JSONObject(["field": .string(field.label), "value": FieldReadingJSON.encode(value)]))
                }))
            })), pretty: true))
            return .success
        }
        for record in records {
            let values = record.values.map { "\($0.field.label) = \(text($0.value))" }
            streams.out("\(record.inbox.rawValue.padding(16))\(values.isEmpty ? "(none)" : values.joined(separator: ", "))")
        }
        return .success
    }

    /// A field named on the command line: a name, or an ID in hex (`0xC001`) or decimal.
    static func reference(_ text: String) -> FieldReference {
        if text.hasPrefix("0x"), let id = UInt16(text.dropFirst(2), radix: 16) { return .id(ComponentID(id)) }
        if let id = UInt16(text) { return .id(ComponentID(id)) }
        return .name(text)
    }

    static func describe(_ descriptor: FieldDescriptor) -> JSONValue {
        var object = JSONObject(["id": .string(descriptor.id.hex)])
        object["name"] = descriptor.name.map(JSONValue.string) ?? .null
        object["type"] = .string(descriptor.type.description)
        object["insert"] = PolicyJSON.encode(descriptor.insert)
        object["update"] = PolicyJSON.encode(descriptor.update)
        object["delete"] = PolicyJSON.encode(descriptor.delete)
        object["isUserField"] = .bool(descriptor.isUserField)
        object["immutable"] = .bool(descriptor.id.isImmutable)
        return .object(object)
    }

    private static func text(_ value: FieldValue) -> String {
        switch value {
        case let .string(string): string.quoted
        case let .bytes(bytes): "base64:" + Base64.encode(bytes)
        }
    }
}

/// `grouplog config check FILE`
enum ConfigCommand {
    static func run(_ words: [String], streams: inout some Streams) throws -> ExitStatus {
        guard words.first == "check" else { throw UsageError("config needs a subcommand: check") }
        let arguments = try Arguments(Array(words.dropFirst()), flags: ["--json"])
        guard arguments.positionals.count == 1 else { throw UsageError("config check takes exactly one file") }
        let configuration = try load(arguments.positionals[0])
        if arguments.flag("--json") {
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

    /// Reads and checks a configuration file, TOML or (for `.json`) JSON.
    static func load(_ path: String) throws -> OperatorConfiguration {
        let bytes = try OutputFile.read(path)
        do {
            return try ConfigurationReader.read(bytes, file: path)
        } catch {
            throw InputError(error.description)
        }
    }
}
