import GroupCore

/// A field's value in the form fixtures expect it (SPEC section 13, `fields`): a string,
/// `{"bytes": "<base64>"}`, a list for a set, an object for a map or an inboxMap, null for an
/// unset scalar. A bytes key of a map is written as its base64 text.
public enum FieldReadingJSON {
    public static func encode(_ reading: FieldReading) -> JSONValue {
        switch reading {
        case let .scalar(value): value.map(encode) ?? .null
        case let .set(keys): .array(keys.map(encode))
        case let .map(entries):
            .object(JSONObject(entries.map { entry in JSONObject.Member(key: keyText(entry.key), value: encode(entry.value)) }))
        }
    }

    /// One value: a string, or `{"bytes": "<base64>"}`.
    public static func encode(_ value: FieldValue) -> JSONValue {
        switch value {
        case let .string(text): .string(text)
        case let .bytes(bytes): .object(JSONObject(["bytes": .string(Base64.encode(bytes))]))
        }
    }

    private static func keyText(_ key: FieldValue) -> String {
        switch key {
        case let .string(text): text
        case let .bytes(bytes): Base64.encode(bytes)
        }
    }

    /// Whether two values in this form are equal, with set lists compared in any order and
    /// objects by key.
    static func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.array(a), .array(b)):
            return a.count == b.count && a.map(canonical).sorted() == b.map(canonical).sorted()
        case let (.object(a), .object(b)):
            return Set(a.keys) == Set(b.keys) && a.keys.allSatisfy { key in
                guard let x = a[key], let y = b[key] else { return false }
                return same(x, y)
            }
        default:
            return lhs == rhs
        }
    }

    private static func canonical(_ value: JSONValue) -> String {
        guard case let .object(object) = value else { return JSONWriter.write(value) }
        return JSONWriter.write(.object(JSONObject(object.members.sorted { $0.key < $1.key })))
    }
}
