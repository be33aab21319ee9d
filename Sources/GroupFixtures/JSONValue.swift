/// A parsed JSON document that keeps what Foundation's parser loses: the order of object keys
/// and the exact text of numbers, so integers above 2^53 and booleans are never confused.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON type's name, for error messages: "a string", "an object".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public static func int(_ value: Int64) -> JSONValue { .number(JSONNumber(text: String(value))) }
    public static func uint(_ value: UInt64) -> JSONValue { .number(JSONNumber(text: String(value))) }
}

/// A JSON number, kept as its literal text.
public struct JSONNumber: Equatable, Sendable, CustomStringConvertible {
    /// The literal as written, for example `-12`, `3.5e2`.
    public let text: String

    public init(text: String) { self.text = text }

    /// The value when it is a whole number that fits Int64.
    public var int64: Int64? { Int64(text) }
    /// The value when it is a whole number that fits UInt64.
    public var uint64: UInt64? { UInt64(text) }
    public var double: Double? { Double(text) }
    public var description: String { text }
}

/// A JSON object with its keys in document order. Keys are unique: the parser refuses duplicates.
public struct JSONObject: Equatable, Sendable {
    public struct Member: Equatable, Sendable {
        public let key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var members: [Member]

    public init(_ members: [Member] = []) { self.members = members }

    /// Builds an object from pairs in the order given; a later pair replaces an earlier one.
    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        members = []
        for (key, value) in pairs { self[key] = value }
    }

    public var keys: [String] { members.map(\.key) }
    public var isEmpty: Bool { members.isEmpty }

    /// The value under `key`; setting nil removes the key, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }
}
