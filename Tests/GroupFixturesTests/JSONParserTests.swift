import GroupFixtures
import Testing

struct JSONParserTests {
    /// Input that must be refused, with the exact place and words of the refusal.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let input: [UInt8]
        let line: Int
        let column: Int
        let message: String

        init(_ text: String, _ line: Int, _ column: Int, _ message: String) {
            self.init(bytes: Array(text.utf8), line, column, message)
        }

        init(bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
            input = bytes
            self.line = line
            self.column = column
            self.message = message
        }

        var testDescription: String { String(decoding: input, as: UTF8.self).debugDescription }
    }

    static let endOfInput: [Refusal] = [
        Refusal("", 1, 1, "unexpected end of input, expected a value"),
        Refusal("  \n ", 2, 2, "unexpected end of input, expected a value"),
        Refusal("[", 1, 2, "unexpected end of input, expected a value or ']'"),
        Refusal("[1,", 1, 4, "unexpected end of input, expected a value after ',' in an array"),
        Refusal("[1", 1, 3, "unexpected end of input, expected ',' or ']' after an array element"),
        Refusal("{", 1, 2, "unexpected end of input, expected a string key or '}'"),
        Refusal(#"{"a""#, 1, 5, "unexpected end of input, expected ':' after an object key"),
        Refusal(#"{"a":"#, 1, 6, "unexpected end of input, expected a value after ':' in an object"),
        Refusal(#"{"a":1"#, 1, 7, "unexpected end of input, expected ',' or '}' after an object member"),
        Refusal(#"{"a":1,"#, 1, 8, "unexpected end of input, expected a string key after ',' in an object"),
    ]

    static let unexpectedCharacters: [Refusal] = [
        Refusal("{\n  \"name\": \"x\",\n  \"member\": 3\"y\"\n}", 3, 14,
                #"expected ',' or '}' after an object member, found '"'"#),
        Refusal("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
        Refusal("[}", 1, 2, "expected a value or ']', found '}'"),
        Refusal("[1,]", 1, 4, "expected a value after ',' in an array, found ']'"),
        Refusal("{,}", 1, 2, "expected a string key or '}', found ','"),
        Refusal("{1:2}", 1, 2, "expected a string key or '}', found '1'"),
        Refusal(#"{"a":1,}"#, 1, 8, "expected a string key after ',' in an object, found '}'"),
        Refusal(#"{"a" 1}"#, 1, 6, "expected ':' after an object key, found '1'"),
        Refusal(#"{"a":}"#, 1, 6, "expected a value after ':' in an object, found '}'"),
        Refusal(#"{"a":1]"#, 1, 7, "expected ',' or '}' after an object member, found ']'"),
        Refusal("'a'", 1, 1, #"expected a value, found "'""#),
        Refusal("tru", 1, 1, "expected a value, found 'tru'"),
        Refusal("[NaN]", 1, 2, "expected a value or ']', found 'NaN'"),
        Refusal("[1,Infinity]", 1, 4, "expected a value after ',' in an array, found 'Infinity'"),
        Refusal("+1", 1, 1, "expected a value, found '+'"),
        Refusal(".5", 1, 1, "expected a value, found '.'"),
        Refusal("[é]", 1, 2, "expected a value or ']', found 'é' (U+00E9)"),
        Refusal("[\u{A0}1]", 1, 2, "expected a value or ']', found '\u{A0}' (U+00A0)"),
        Refusal("\u{0C}1", 1, 1, "expected a value, found control character U+000C"),
        Refusal("\t\t/", 1, 3, "expected a value, found '/'"),
        Refusal("[\r\n1,\r\n]", 3, 1, "expected a value after ',' in an array, found ']'"),
        Refusal("[\r\r}", 3, 1, "expected a value or ']', found '}'"),
        Refusal("[\"日本\" 1]", 1, 7, "expected ',' or ']' after an array element, found '1'"),
    ]

    static let trailingContent: [Refusal] = [
        Refusal("{} x", 1, 4, "trailing content after the document, found 'x'"),
        Refusal("1 2", 1, 3, "trailing content after the document, found '2'"),
        Refusal("truex", 1, 5, "trailing content after the document, found 'x'"),
        Refusal("[]]", 1, 3, "trailing content after the document, found ']'"),
        Refusal("\"😀\"\n\n  ,", 3, 3, "trailing content after the document, found ','"),
        Refusal("0x1F", 1, 2, "trailing content after the document, found 'x'"),
    ]

    static let badStrings: [Refusal] = [
        Refusal(#""abc"#, 1, 1, #"unterminated string: no closing '"' before the end of input"#),
        Refusal(#"["a", "b"#, 1, 7, #"unterminated string: no closing '"' before the end of input"#),
        Refusal(#""ab\"#, 1, 1, #"unterminated string: no closing '"' before the end of input"#),
        Refusal(#""a\"b"#, 1, 1, #"unterminated string: no closing '"' before the end of input"#),
        Refusal(#""\u12"#, 1, 1, #"unterminated string: no closing '"' before the end of input"#),
        Refusal("\"a\tb\"", 1, 3, "unescaped control character U+0009 in a string"),
        Refusal("[\n\"a\nb\"]", 2, 3, "unescaped control character U+000A in a string"),
        Refusal("\"\u{0}\"", 1, 2, "unescaped control character U+0000 in a string"),
        Refusal("\"x\\n\u{1F}\"", 1, 5, "unescaped control character U+001F in a string"),
        Refusal(#""a\qb""#, 1, 3, #"invalid escape '\q' in a string"#),
        Refusal(#""\'""#, 1, 2, #"invalid escape '\'' in a string"#),
        Refusal(#""\U0041""#, 1, 2, #"invalid escape '\U' in a string"#),
        Refusal("\"\\\u{7}\"", 1, 2, #"invalid escape '\' followed by control character U+0007 in a string"#),
        Refusal(#""\é""#, 1, 2, #"invalid escape '\' followed by 'é' (U+00E9) in a string"#),
        Refusal(#""\u12G4""#, 1, 2, #"invalid \u escape: expected four hex digits after '\u'"#),
        Refusal(#""\u""#, 1, 2, #"invalid \u escape: expected four hex digits after '\u'"#),
        Refusal(#""\uD800\u12""#, 1, 8, #"invalid \u escape: expected four hex digits after '\u'"#),
        Refusal(#""\uD800""#, 1, 2,
                #"unpaired surrogate '\uD800' in a string: a high surrogate must be followed by a \u escape of a low surrogate"#),
        Refusal(#""a\ud83dz""#, 1, 3,
                #"unpaired surrogate '\ud83d' in a string: a high surrogate must be followed by a \u escape of a low surrogate"#),
        Refusal(#""\uD800\u0041""#, 1, 2,
                #"unpaired surrogate '\uD800' in a string: a high surrogate must be followed by a \u escape of a low surrogate"#),
        Refusal(#""\uD800\uD800""#, 1, 2,
                #"unpaired surrogate '\uD800' in a string: a high surrogate must be followed by a \u escape of a low surrogate"#),
        Refusal(#""\uDC00\uD800""#, 1, 2,
                #"unpaired surrogate '\uDC00' in a string: a low surrogate must follow a \u escape of a high surrogate"#),
    ]

    static let invalidUTF8: [Refusal] = [
        Refusal(bytes: [0x22, 0x61, 0xFF, 0x22], 1, 3, "invalid UTF-8 sequence starting with byte 0xFF"),
        Refusal(bytes: [0x22, 0x80, 0x22], 1, 2, "invalid UTF-8 sequence starting with byte 0x80"),
        Refusal(bytes: [0x22, 0xC0, 0x80, 0x22], 1, 2, "invalid UTF-8 sequence starting with byte 0xC0"),
        Refusal(bytes: [0x22, 0xE0, 0x80, 0x80, 0x22], 1, 2, "invalid UTF-8 sequence starting with byte 0xE0"),
        Refusal(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, "invalid UTF-8 sequence starting with byte 0xED"),
        Refusal(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2, "invalid UTF-8 sequence starting with byte 0xF4"),
        Refusal(bytes: [0x22, 0xE2, 0x82, 0x22], 1, 2, "invalid UTF-8 sequence starting with byte 0xE2"),
        Refusal(bytes: [0x22, 0xE2, 0x82], 1, 2, "invalid UTF-8 sequence starting with byte 0xE2"),
        Refusal(bytes: [0x22, 0xC3, 0xA9, 0xFF, 0x22], 1, 3, "invalid UTF-8 sequence starting with byte 0xFF"),
        Refusal(bytes: [0x5B, 0x0A, 0xFE, 0x5D], 2, 1, "invalid UTF-8 sequence starting with byte 0xFE"),
        Refusal(bytes: [0x22, 0x5C, 0xFF, 0x22], 1, 3, "invalid UTF-8 sequence starting with byte 0xFF"),
        Refusal(bytes: [0x31, 0x20, 0xC3], 1, 3, "invalid UTF-8 sequence starting with byte 0xC3"),
    ]

    static let malformedNumbers: [Refusal] = [
        Refusal("01", 1, 1, "leading zeros are not allowed in numbers"),
        Refusal("[1, -012]", 1, 6, "leading zeros are not allowed in numbers"),
        Refusal("00.5", 1, 1, "leading zeros are not allowed in numbers"),
        Refusal("-", 1, 2, "unexpected end of input, expected a digit after '-'"),
        Refusal("[-]", 1, 3, "expected a digit after '-', found ']'"),
        Refusal("-a", 1, 2, "expected a digit after '-', found 'a'"),
        Refusal("- 1", 1, 2, "expected a digit after '-', found ' '"),
        Refusal("1.", 1, 3, "unexpected end of input, expected a digit after the decimal point"),
        Refusal("[1.e3]", 1, 4, "expected a digit after the decimal point, found 'e'"),
        Refusal("1e", 1, 3, "unexpected end of input, expected a digit in the exponent"),
        Refusal("1e+", 1, 4, "unexpected end of input, expected a digit in the exponent"),
        Refusal("[1E+x]", 1, 5, "expected a digit in the exponent, found 'x'"),
    ]

    static let duplicateKeys: [Refusal] = [
        Refusal(#"{"a":1,"b":2,"a":3}"#, 1, 14, #"duplicate key "a" in an object"#),
        Refusal("{\n  \"name\": 1,\n  \"name\": 2\n}", 3, 3, #"duplicate key "name" in an object"#),
        Refusal(#"[{"a":{"a":1}}, {"q\n":1, "q\u000a":2}]"#, 1, 27, #"duplicate key "q\n" in an object"#),
        Refusal(#"{"é": 1, "\u00e9": 2}"#, 1, 10, #"duplicate key "é" in an object"#),
    ]

    @Test(arguments: endOfInput + unexpectedCharacters + trailingContent)
    func refusesMalformedStructure(_ refusal: Refusal) {
        expectRefusal(refusal)
    }

    @Test(arguments: badStrings + invalidUTF8)
    func refusesMalformedStrings(_ refusal: Refusal) {
        expectRefusal(refusal)
    }

    @Test(arguments: malformedNumbers + duplicateKeys)
    func refusesMalformedNumbersAndDuplicateKeys(_ refusal: Refusal) {
        expectRefusal(refusal)
    }

    private func expectRefusal(_ refusal: Refusal, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = JSONSyntaxError(line: refusal.line, column: refusal.column, message: refusal.message)
        #expect(throws: expected, sourceLocation: sourceLocation) { try JSONParser.parse(refusal.input) }
    }

    @Test func describesErrorWithPosition() throws {
        let text = "{\n  \"name\": \"x\",\n  \"member\": 3\"y\"\n}"
        let error = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        #expect(error.description == #"line 3, column 14: expected ',' or '}' after an object member, found '"'"#)
    }

    @Test func duplicateKeyInLargeObjectIsFound() throws {
        // Past 16 members the parser switches from a linear scan to a hash set.
        let members = (0 ..< 40).map { #""key\#($0)": \#($0)"# }
        let text = "{" + members.joined(separator: ", ") + #", "key7": 0}"#
        let error = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        #expect(error.message == #"duplicate key "key7" in an object"#)
        #expect(error.column == text.count - 9)
    }

    @Test func largeObjectWithoutDuplicatesKeepsItsOrder() throws {
        let keys = (0 ..< 1000).map { "k\(($0 * 7919) % 1000)" }
        let text = "{" + keys.map { #""\#($0)": true"# }.joined(separator: ",") + "}"
        let value = try JSONParser.parse(text)
        guard case .object(let object) = value else {
            Issue.record("expected an object, got \(value.typeName)")
            return
        }
        #expect(object.keys == keys)
    }

    // MARK: Nesting

    @Test func acceptsNestingAtTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let value = try JSONParser.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        var level = 0
        var current = value
        while case .array(let elements) = current {
            level += 1
            guard let first = elements.first else { break }
            current = first
        }
        #expect(level == depth)
    }

    @Test func acceptsMixedNestingAtTheLimit() throws {
        let pairs = JSONParser.maximumDepth / 2
        let text = String(repeating: #"{"a":["#, count: pairs) + "1" + String(repeating: "]}", count: pairs)
        #expect(try JSONParser.parse(text) != .null)
    }

    @Test(arguments: [513, 100_000])
    func refusesDeepNesting(depth: Int) {
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: JSONSyntaxError(line: 1, column: 513, message: "nesting deeper than 512 levels")) {
            try JSONParser.parse(text)
        }
    }

    @Test func refusesDeepUnclosedNestingOfObjects() {
        let text = String(repeating: #"{"k":"#, count: 100_000)
        #expect(throws: JSONSyntaxError(line: 1, column: 5 * 512 + 1, message: "nesting deeper than 512 levels")) {
            try JSONParser.parse(text)
        }
    }

    // MARK: Byte order mark

    @Test func skipsByteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try JSONParser.parse(bom + Array(#"{"a": [1]}"#.utf8)) == .object(JSONObject(["a": .array([.int(1)])])))
        #expect(try JSONParser.parse("\u{FEFF} true ") == .bool(true))
    }

    @Test func byteOrderMarkIsNotCountedAsAColumn() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(throws: JSONSyntaxError(line: 1, column: 4, message: "unexpected end of input, expected a value after ',' in an array")) {
            try JSONParser.parse(bom + Array("[1,".utf8))
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 1, message: "unexpected end of input, expected a value")) {
            try JSONParser.parse(bom)
        }
    }

    @Test func byteOrderMarkIsOnlyAllowedAtTheStart() {
        #expect(throws: JSONSyntaxError(line: 1, column: 1, message: "expected a value, found '\u{FEFF}' (U+FEFF)")) {
            try JSONParser.parse("\u{FEFF}\u{FEFF}1")
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 2, message: "expected a value or ']', found '\u{FEFF}' (U+FEFF)")) {
            try JSONParser.parse("[\u{FEFF}1]")
        }
    }

    // MARK: Values

    @Test(arguments: [
        "0", "-0", "7", "-12", "3.25", "-0.5", "1e5", "1E+5", "2.5e-3", "-1.0E-07",
        "9007199254740993", "18446744073709551615", "-9223372036854775808",
        "123456789012345678901234567890.000000000000000000001",
    ])
    func keepsNumberText(_ literal: String) throws {
        #expect(try JSONParser.parse(literal) == .number(JSONNumber(text: literal)))
        #expect(try JSONParser.parse(" [\(literal)] ") == .array([.number(JSONNumber(text: literal))]))
    }

    @Test func bigIntegersKeepTheirValue() throws {
        let value = try JSONParser.parse("[18446744073709551615, 9223372036854775807, -9223372036854775808]")
        guard case .array(let elements) = value, elements.count == 3,
              case .number(let unsigned) = elements[0], case .number(let signed) = elements[1],
              case .number(let negative) = elements[2]
        else {
            Issue.record("unexpected shape: \(value)")
            return
        }
        #expect(unsigned.uint64 == UInt64.max)
        #expect(unsigned.int64 == nil)
        #expect(signed.int64 == Int64.max)
        #expect(negative.int64 == Int64.min)
    }

    @Test func parsesLiterals() throws {
        #expect(try JSONParser.parse("[true, false, null]") == .array([.bool(true), .bool(false), .null]))
    }

    @Test(arguments: [
        (#""""#, ""),
        (#""plain""#, "plain"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""\u00e9\u00C9""#, "éÉ"),
        (#""\u0000\u001f""#, "\u{0}\u{1F}"),
        (#""\uD83D\uDE00 \ud83d\ude00""#, "😀 😀"),
        (#""\u2028\uFFFF""#, "\u{2028}\u{FFFF}"),
        (#""héllo 日本 😀""#, "héllo 日本 😀"),
        ("\"a\u{7F}b\"", "a\u{7F}b"),
        (#""mixed é \n 😀 \u0041 end""#, "mixed é \n 😀 A end"),
    ])
    func decodesStrings(_ literal: String, _ expected: String) throws {
        let value = try JSONParser.parse(literal)
        #expect(value == .string(expected))
        // Compare scalars too: String's == treats canonically equivalent text as equal.
        guard case .string(let decoded) = value else { return }
        #expect(Array(decoded.unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test func keepsKeyOrder() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": {"y": 2, "b": 3}, "m": []}"#)
        guard case .object(let object) = value, case .object(let inner)? = object["a"] else {
            Issue.record("unexpected shape: \(value)")
            return
        }
        #expect(object.keys == ["z", "a", "m"])
        #expect(inner.keys == ["y", "b"])
    }

    @Test func acceptsAllFourWhitespaceCharacters() throws {
        let value = try JSONParser.parse(" \t\r\n{ \t\r\n\"a\" \t\r\n: \t\r\n[ \t\r\n1 \t\r\n, \t\r\n{ } \t\r\n] \t\r\n} \t\r\n")
        #expect(value == .object(JSONObject(["a": .array([.int(1), .object(JSONObject())])])))
    }

    @Test func stringAndByteEntryPointsAgree() throws {
        let text = #"{"name": "Zoë", "roles": ["admin", null], "n": -1.5e3}"#
        #expect(try JSONParser.parse(text) == JSONParser.parse(Array(text.utf8)))
    }

    @Test func parsesMultiMegabyteDocument() throws {
        // Shaped like a fixture: many small objects with escaped and non-ASCII strings.
        let commit = #"{"seq": 123456, "actor": "inbox-42", "name": "Zoë \"the\" admin\n", "ok": true, "roles": ["admin", "member"], "at": 1.5e3}"#
        let count = 30_000
        let text = "[" + Array(repeating: commit, count: count).joined(separator: ",\n") + "]"
        #expect(text.utf8.count > 3_000_000)
        let value = try JSONParser.parse(text)
        guard case .array(let commits) = value, case .object(let first)? = commits.first else {
            Issue.record("unexpected shape")
            return
        }
        #expect(commits.count == count)
        #expect(first["name"] == .string("Zoë \"the\" admin\n"))
    }
}
