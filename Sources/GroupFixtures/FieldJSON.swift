import GroupCore

/// Field values, mutations and references in JSON (SPEC section 13): a value is
/// `{"kind": "string", "value": "..."}` or `{"kind": "bytes", "value": "<base64>"}`, and a bare
/// string means a string.
enum FieldJSON {
    static func value(_ field: JSONField) throws(FixtureError) -> FieldValue {
        if case let .string(text) = field.value { return .string(text) }
        let object = try field.object()
        try object.allowOnly(["kind", "value"])
        let kind = try object.required("kind").choice("value kind", ValueKind.allCases.map { ($0.rawValue, $0) })
        let valueField = try object.required("value")
        let text = try valueField.string()
        guard kind == .bytes else { return .string(text) }
        guard let bytes = Base64.decode(text) else { throw valueField.error("\(text.quoted) is not valid base64") }
        return .bytes(bytes)
    }

    static func encode(_ value: FieldValue) -> JSONValue {
        switch value {
        case let .string(text): .string(text)
        case let .bytes(bytes): .object(JSONObject(["kind": .string("bytes"), "value": .string(Base64.encode(bytes))]))
        }
    }

    /// A field named by its name, or by its component ID as a number.
    /// A field named by its ID (a number, or hexadecimal text such as `"0xC001"`, as the CLI and
    /// SPEC section 11 write IDs) or by its name.
    static func reference(_ field: JSONField) throws(FixtureError) -> FieldReference {
        if case .number = field.value {
            let raw = try field.uint64()
            guard let id = UInt16(exactly: raw) else { throw field.error("\(raw) is not a 16-bit component ID") }
            return .id(ComponentID(id))
        }
        let text = try field.string()
        if let id = componentID(hex: text) { return .id(id) }
        return .name(text)
    }

    /// The ID `0xC001` (one to four hexadecimal digits after `0x`) names, if `text` is one.
    /// The configuration refuses a field name of this shape, so none is ever mistaken for one.
    public static func componentID(hex text: String) -> ComponentID? {
        guard text.hasPrefix("0x") || text.hasPrefix("0X") else { return nil }
        let digits = text.dropFirst(2)
        guard (1...4).contains(digits.count), let raw = UInt16(digits, radix: 16) else { return nil }
        return ComponentID(raw)
    }

    static func encode(_ reference: FieldReference) -> JSONValue {
        switch reference {
        case let .id(id): .uint(UInt64(id.rawValue))
        case let .name(name): .string(name)
        }
    }

    static func mutation(_ field: JSONField) throws(FixtureError) -> FieldMutation {
        let object = try field.object()
        switch try object.required("kind").string() {
        case "replace":
            try object.allowOnly(["kind", "value"])
            guard object.has("value") else { throw object.error("replace needs \"value\" (null unsets the field)") }
            return .replace(try object.optional("value").map(value))
        case "mapDelta":
            try object.allowOnly(["kind", "op", "key", "value"])
            let operation = try object.required("op").choice("mapDelta op", FieldOperation.allCases.map { ($0.rawValue, $0) })
            let key = try value(object.required("key"))
            let entryValue = try object.optional("value").map(value)
            if operation == .delete && entryValue != nil { throw object.error("mapDelta delete takes no value") }
            if operation != .delete && entryValue == nil { throw object.error("mapDelta \(operation.rawValue) needs a value") }
            return .mapDelta(operation, key: key, value: entryValue)
        case "setDelta":
            try object.allowOnly(["kind", "op", "key"])
            let operation = try object.required("op").choice("setDelta op", [("insert", FieldOperation.insert), ("delete", .delete)])
            return .setDelta(operation, key: try value(object.required("key")))
        case let other:
            throw try object.required("kind").error("unknown mutation kind \(other.quoted); expected replace, mapDelta or setDelta")
        }
    }

    static func encode(_ mutation: FieldMutation) -> JSONValue {
        switch mutation {
        case let .replace(value):
            return .object(JSONObject(["kind": .string("replace"), "value": value.map(encode) ?? .null]))
        case let .mapDelta(operation, key, value):
            var object = JSONObject(["kind": .string("mapDelta"), "op": .string(operation.rawValue), "key": encode(key)])
            if let value { object["value"] = encode(value) }
            return .object(object)
        case let .setDelta(operation, key):
            return .object(JSONObject(["kind": .string("setDelta"), "op": .string(operation.rawValue), "key": encode(key)]))
        }
    }

    /// The values of `updateUserData`: `[{"field": F, "value": V or null}]`.
    static func userUpdates(_ field: JSONField) throws(FixtureError) -> [UserFieldUpdate] {
        var updates: [UserFieldUpdate] = []
        for item in try field.array() {
            let object = try item.object()
            try object.allowOnly(["field", "value"])
            guard object.has("value") else { throw object.error("each value needs \"value\" (null removes the entry)") }
            updates.append(UserFieldUpdate(field: try reference(object.required("field")), value: try object.optional("value").map(value)))
        }
        if updates.isEmpty { throw field.error("updateUserData needs at least one value") }
        return updates
    }
}
