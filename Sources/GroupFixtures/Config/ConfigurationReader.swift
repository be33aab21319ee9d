import GroupCore

/// Reads an operator configuration from TOML or JSON (SPEC section 11). A syntax error names the
/// file, line and column; a semantic error the file, the entry and the reason. Nothing starts
/// with a bad configuration.
public enum ConfigurationReader {
    /// The largest configuration file read: 1 MiB, room for thousands of fields.
    public static let maximumFileSize = 1 << 20

    /// Reads the configuration file at `path` (see ``read(_:file:)``), refusing one over
    /// ``maximumFileSize`` before reading it.
    public static func read(contentsOf path: String) throws(FixtureError) -> OperatorConfiguration {
        try read(InputFile.read(path, limit: maximumFileSize, what: "a configuration file"), file: path)
    }

    /// Reads a configuration file: JSON when its name ends in `.json`, TOML otherwise.
    public static func read(_ bytes: [UInt8], file: String) throws(FixtureError) -> OperatorConfiguration {
        guard bytes.count <= maximumFileSize else {
            throw InputFile.tooLarge(file, size: "\(bytes.count) bytes", limit: maximumFileSize, what: "a configuration file")
        }
        let document: JSONValue
        if file.hasSuffix(".json") {
            do throws(JSONSyntaxError) { document = try JSONParser.parse(bytes) } catch {
                throw FixtureError(file: file, syntax: error)
            }
        } else {
            do throws(TOMLSyntaxError) { document = try TOMLParser.parse(bytes) } catch {
                throw FixtureError(file: file, path: "$", line: error.line, column: error.column, message: error.message)
            }
        }
        do {
            return try decode(JSONField(document))
        } catch {
            var located = error
            located.file = file
            throw located
        }
    }

    /// Decodes the configuration's structure, wherever it came from (a file, or a fixture's
    /// `config`, whose errors then carry the fixture's JSON path).
    static func decode(_ field: JSONField) throws(FixtureError) -> OperatorConfiguration {
        let top = try field.object()
        try top.allowOnly(["member_limit", "application_components"])
        var configuration = OperatorConfiguration()
        if let limit = top.optional("member_limit") {
            configuration.memberLimit = try limit.int()
            if configuration.memberLimit < 1 { throw limit.error("member_limit must be at least 1") }
        }
        var ids: [ComponentID: Int] = [:]
        var names: [String: Int] = [:]
        for (index, item) in (try top.optional("application_components")?.array() ?? []).enumerated() {
            let component = try decodeComponent(item, index: index)
            let descriptor = component.descriptor
            if let first = ids[descriptor.id] {
                throw item.error("entry \(index): component ID \(descriptor.id.hex) is already used by entry \(first)")
            }
            if let name = descriptor.name {
                if let first = names[name] { throw item.error("entry \(index): the name \(name.quoted) is already used by entry \(first)") }
                if WellKnownFields.descriptors(for: .group, policies: .allMembers).contains(where: { $0.name == name }) {
                    throw item.error("entry \(index): \(name.quoted) is the name of a well-known field")
                }
                names[name] = index
            }
            ids[descriptor.id] = index
            configuration.components.append(component)
        }
        return configuration
    }

    private static func decodeComponent(_ item: JSONField, index: Int) throws(FixtureError) -> OperatorConfiguration.Component {
        let entry = try item.object()
        func fail(_ field: JSONField, _ reason: String) -> FixtureError { field.error("entry \(index): \(reason)") }
        try entry.allowOnly(["id", "name", "type", "key", "value", "insert", "update", "delete", "in_groups", "in_dms"])
        let idField = try entry.required("id")
        let raw = try idField.uint64()
        guard let value = UInt16(exactly: raw), ComponentID(value).isApplication else {
            let shown = UInt16(exactly: raw).map { ComponentID($0).hex } ?? String(raw)
            throw fail(idField, "component ID \(shown) is outside the application ranges 0xC000-0xFCFF and 0xFD00-0xFEFF")
        }
        let name = try entry.optional("name")?.string()
        if let name, name.isEmpty { throw fail(try entry.required("name"), "a name cannot be empty") }
        if let name, FieldJSON.componentID(hex: name) != nil {
            throw fail(try entry.required("name"), "the name \(name.quoted) reads as a component ID; give the field a name that is not one")
        }
        let typeField = try entry.required("type")
        let typeName = try typeField.string()
        func kind(_ key: String) throws(FixtureError) -> ValueKind {
            guard let field = entry.optional(key) else { return .string }
            let name = try field.string()
            guard let kind = ValueKind(rawValue: name) else { throw fail(field, "unknown \(key) kind \(name.quoted); expected string or bytes") }
            return kind
        }
        func refuse(_ keys: String...) throws(FixtureError) {
            let article = typeName.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            for key in keys where entry.has(key) { throw fail(try entry.required(key), "\(article) \(typeName) field takes no \"\(key)\"") }
        }
        let type: FieldType
        switch typeName {
        case "string":
            try refuse("key", "value")
            type = .string
        case "bytes":
            try refuse("key", "value")
            type = .bytes
        case "set":
            try refuse("value")
            type = .set(key: try kind("key"))
        case "map":
            type = .map(key: try kind("key"), value: try kind("value"))
        case "inboxMap":
            try refuse("key")
            type = .inboxMap(value: try kind("value"))
        default:
            throw fail(typeField, "unknown type \(typeName.quoted); expected string, bytes, set, map or inboxMap")
        }
        func policy(_ key: String) throws(FixtureError) -> Policy {
            let field = try entry.required(key)
            let policy = try PolicyJSON.decode(field)
            if policy.containsEmptyCombinator { throw fail(field, "an any or all combinator needs at least one policy") }
            return policy
        }
        let descriptor = FieldDescriptor(
            id: ComponentID(value), name: name, type: type,
            insert: try policy("insert"), update: try policy("update"), delete: try policy("delete"))
        return OperatorConfiguration.Component(
            descriptor: descriptor, inGroups: try entry.optional("in_groups")?.bool() ?? true,
            inDMs: try entry.optional("in_dms")?.bool() ?? false)
    }
}
