import GroupCore

/// A JSON value together with its path in the document, so that every decoding error can say
/// exactly where the offending value is.
struct JSONField {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String = "$") {
        self.value = value
        self.path = path
    }

    func error(_ message: String) -> FixtureError { FixtureError(path: path, message: message) }

    private func mismatch(_ wanted: String) -> FixtureError {
        error("expected \(wanted), found \(value.typeName)")
    }

    var isNull: Bool { value == .null }

    func object() throws(FixtureError) -> JSONObjectReader {
        guard case let .object(object) = value else { throw mismatch("an object") }
        return JSONObjectReader(object: object, path: path)
    }

    func array() throws(FixtureError) -> [JSONField] {
        guard case let .array(items) = value else { throw mismatch("an array") }
        return items.enumerated().map { JSONField($1, path: "\(path)[\($0)]") }
    }

    func string() throws(FixtureError) -> String {
        guard case let .string(text) = value else { throw mismatch("a string") }
        return text
    }

    func bool() throws(FixtureError) -> Bool {
        guard case let .bool(flag) = value else { throw mismatch("a boolean") }
        return flag
    }

    func uint64() throws(FixtureError) -> UInt64 {
        guard case let .number(number) = value else { throw mismatch("a whole number") }
        guard let whole = number.uint64 else { throw error("expected a whole number from 0 to \(UInt64.max), found \(number.text)") }
        return whole
    }

    func int64() throws(FixtureError) -> Int64 {
        guard case let .number(number) = value else { throw mismatch("a whole number") }
        guard let whole = number.int64 else { throw error("expected a whole number that fits 64 signed bits, found \(number.text)") }
        return whole
    }

    func int() throws(FixtureError) -> Int {
        let whole = try int64()
        guard let fitted = Int(exactly: whole) else { throw error("\(whole) is out of range") }
        return fitted
    }

    /// A string that must be one of `choices`, such as a role or a rule name.
    func choice<T>(_ what: String, _ choices: [(String, T)]) throws(FixtureError) -> T {
        let name = try string()
        guard let match = choices.first(where: { $0.0 == name }) else {
            throw error("unknown \(what) \(name.debugDescription); expected one of \(choices.map(\.0).joined(separator: ", "))")
        }
        return match.1
    }

    func inbox() throws(FixtureError) -> InboxID {
        let text = try string()
        do throws(IdentifierProblem) {
            return try InboxID(text)
        } catch {
            throw self.error("invalid inbox ID \(text.debugDescription): it \(error)")
        }
    }

    func inboxes() throws(FixtureError) -> [InboxID] {
        var result: [InboxID] = []
        for item in try array() { result.append(try item.inbox()) }
        return result
    }

    /// Base64 of exactly `count` bytes, `what` naming them in errors.
    func base64(_ what: String, count: Int) throws(FixtureError) -> [UInt8] {
        let text = try string()
        guard let bytes = Base64.decode(text) else { throw error("\(what) is not valid base64: \(text.quoted)") }
        guard bytes.count == count else { throw error("\(what) is \(count) bytes, not \(bytes.count)") }
        return bytes
    }

    /// An Ed25519 public key: base64 of 32 bytes.
    func publicKey() throws(FixtureError) -> PublicKey {
        // 32 bytes always make a key.
        PublicKey(bytes: try base64("a public key", count: PublicKey.byteCount))!
    }

    /// A list of public keys.
    func publicKeys() throws(FixtureError) -> [PublicKey] {
        var result: [PublicKey] = []
        for item in try array() { result.append(try item.publicKey()) }
        return result
    }
}

/// The members of a JSON object, read by key, with the object's path for errors.
struct JSONObjectReader {
    let object: JSONObject
    let path: String

    private func childPath(_ key: String) -> String { "\(path).\(key)" }

    func error(_ message: String) -> FixtureError { FixtureError(path: path, message: message) }

    /// The value under `key`; a missing key is an error. Null counts as present.
    func required(_ key: String) throws(FixtureError) -> JSONField {
        guard let value = object[key] else { throw error("missing required key \"\(key)\"") }
        return JSONField(value, path: childPath(key))
    }

    /// The value under `key`, or nil when the key is absent or null.
    func optional(_ key: String) -> JSONField? {
        guard let value = object[key], value != .null else { return nil }
        return JSONField(value, path: childPath(key))
    }

    /// Whether the key is present, null included.
    func has(_ key: String) -> Bool { object[key] != nil }

    /// Refuses keys outside `allowed`, so that a misspelt argument is an error, not a silent default.
    func allowOnly(_ allowed: [String]) throws(FixtureError) {
        if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
            throw FixtureError(path: childPath(unknown), message: "unknown key \"\(unknown)\"; expected one of \(allowed.joined(separator: ", "))")
        }
    }
}
