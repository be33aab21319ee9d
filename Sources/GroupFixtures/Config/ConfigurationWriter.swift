import GroupCore

/// Writes an operator configuration in the JSON form fixtures carry as `config`.
public enum ConfigurationWriter {
    public static func json(_ configuration: OperatorConfiguration) -> JSONValue {
        .object(JSONObject([
            "member_limit": .int(Int64(configuration.memberLimit)),
            "application_components": .array(configuration.components.map(component)),
        ]))
    }

    private static func component(_ component: OperatorConfiguration.Component) -> JSONValue {
        let descriptor = component.descriptor
        var object = JSONObject(["id": .uint(UInt64(descriptor.id.rawValue))])
        if let name = descriptor.name { object["name"] = .string(name) }
        object["type"] = .string(descriptor.type.name)
        switch descriptor.type {
        case let .set(key):
            object["key"] = .string(key.rawValue)
        case let .map(key, value):
            object["key"] = .string(key.rawValue)
            object["value"] = .string(value.rawValue)
        case let .inboxMap(value):
            object["value"] = .string(value.rawValue)
        case .string, .bytes, .unsupported:
            break
        }
        object["insert"] = PolicyJSON.encode(descriptor.insert)
        object["update"] = PolicyJSON.encode(descriptor.update)
        object["delete"] = PolicyJSON.encode(descriptor.delete)
        object["in_groups"] = .bool(component.inGroups)
        object["in_dms"] = .bool(component.inDMs)
        return .object(object)
    }
}
