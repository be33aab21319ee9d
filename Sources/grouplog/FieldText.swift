import GroupCore
import GroupFixtures

/// Fields as `fields`, `field` and `user-data` name and print them.
enum FieldText {
    /// A field named on the command line: a name, or an ID in hex (`0xC001`) or decimal.
    static func reference(_ text: String) -> FieldReference {
        if text.hasPrefix("0x"), let id = UInt16(text.dropFirst(2), radix: 16) { return .id(ComponentID(id)) }
        if let id = UInt16(text) { return .id(ComponentID(id)) }
        return .name(text)
    }

    /// A field's descriptor in JSON.
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

    /// A value as text: a string quoted, bytes in base64.
    static func text(_ value: FieldValue) -> String {
        switch value {
        case let .string(string): string.quoted
        case let .bytes(bytes): "base64:" + Base64.encode(bytes)
        }
    }
}
