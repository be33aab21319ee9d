import GroupCore

/// Policies in the compact text form `Policy.description` prints: a base policy's name
/// (`adminOnly`, `self`), or `any(...)` / `all(...)` around a comma-separated list, nested at
/// will (`all(adminOnly, any(self, author))`). Spaces around names, commas and parentheses do
/// not matter. A text that starts with `{` is read as JSON instead (`{"any": ["self", "author"]}`).
public enum PolicyText {
    /// Reads a policy from its compact form or its JSON form.
    /// - Throws: ``PolicyTextError`` naming what is wrong and where.
    public static func parse(_ text: String) throws(PolicyTextError) -> Policy {
        let trimmed = Array(text.utf8).trimmingSpaces
        if trimmed.first == UInt8(ascii: "{") { return try parseJSON(text) }
        var reader = Reader(bytes: trimmed)
        let policy = try reader.policy(depth: 0)
        reader.skipSpaces()
        guard reader.offset == reader.bytes.count else {
            throw reader.failure("unexpected \(reader.rest.debugDescription) after the policy")
        }
        return policy
    }

    private static func parseJSON(_ text: String) throws(PolicyTextError) -> Policy {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(text)
        } catch {
            throw PolicyTextError("not valid JSON: \(error)")
        }
        do throws(FixtureError) {
            return try PolicyJSON.decode(JSONField(value))
        } catch {
            throw PolicyTextError(error.path == "$" ? error.message : "at \(error.path): \(error.message)")
        }
    }

    /// The base names and the combinator forms, for messages that list the valid choices.
    public static let choices = Policy.baseNames.map(\.0).joined(separator: ", ")
        + ", or any(P, ...) / all(P, ...), or JSON {\"any\": [...]} / {\"all\": [...]}"

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var rest: String { String(decoding: bytes[offset...], as: UTF8.self) }

        func failure(_ message: String) -> PolicyTextError { PolicyTextError("\(message) (at character \(offset + 1))") }

        mutating func skipSpaces() {
            while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t") { offset += 1 }
        }

        mutating func policy(depth: Int) throws(PolicyTextError) -> Policy {
            skipSpaces()
            let start = offset
            while offset < bytes.count, Self.isNameByte(bytes[offset]) { offset += 1 }
            let name = String(decoding: bytes[start..<offset], as: UTF8.self)
            guard !name.isEmpty else {
                throw failure(offset < bytes.count ? "expected a policy name, found \(rest.debugDescription)" : "expected a policy name, found the end")
            }
            skipSpaces()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "(") else {
                guard let policy = Policy(baseName: name) else {
                    throw PolicyTextError("unknown policy \(name.debugDescription); expected one of \(PolicyText.choices)")
                }
                return policy
            }
            guard name == "any" || name == "all" else {
                throw PolicyTextError("unknown combinator \(name.debugDescription); expected any(...) or all(...)")
            }
            guard depth < Policy.maximumDepth else { throw failure("combinators nest deeper than \(Policy.maximumDepth) levels") }
            offset += 1
            var policies: [Policy] = []
            skipSpaces()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ")") {
                offset += 1
                return name == "any" ? .any([]) : .all([])
            }
            while true {
                policies.append(try policy(depth: depth + 1))
                skipSpaces()
                guard offset < bytes.count else { throw failure("\(name)( is not closed: expected \")\"") }
                let byte = bytes[offset]
                offset += 1
                if byte == UInt8(ascii: ")") { break }
                guard byte == UInt8(ascii: ",") else {
                    offset -= 1
                    throw failure("expected \",\" or \")\", found \(rest.debugDescription)")
                }
            }
            return name == "any" ? .any(policies) : .all(policies)
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
    }
}

/// Why a text is not a policy.
public struct PolicyTextError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

extension [UInt8] {
    /// The bytes without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: [UInt8] {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return [] }
        return Array(self[first...last])
    }
}
