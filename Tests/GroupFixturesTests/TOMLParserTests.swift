import GroupFixtures
import GroupTestSupport
import Testing

struct TOMLParserTests {
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

    /// A TOML document and a JSON document of the same structure.
    struct Equivalent: Sendable, CustomTestStringConvertible {
        let toml: String
        let json: String

        init(_ toml: String, _ json: String) {
            self.toml = toml
            self.json = json
        }

        var testDescription: String { toml.debugDescription }
    }

    private static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(JSONObject(pairs))
    }

    private func expectRefusal(_ refusal: Refusal, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = TOMLSyntaxError(line: refusal.line, column: refusal.column, message: refusal.message)
        #expect(throws: expected, sourceLocation: sourceLocation) { try TOMLParser.parse(refusal.input) }
    }

    private func expectEquivalent(_ pair: Equivalent, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try JSONParser.parse(pair.json)
        #expect(try TOMLParser.parse(pair.toml) == expected, sourceLocation: sourceLocation)
    }

    // MARK: Accepted constructs

    static let documentShapes: [Equivalent] = [
        Equivalent("", "{}"),
        Equivalent("# only a comment\n\n   \n\t# another\n", "{}"),
        Equivalent("a = 1", #"{"a": 1}"#),
        Equivalent("a = 1 # a comment after a value\n", #"{"a": 1}"#),
        Equivalent("a=1\n  b\t=\t2  \n", #"{"a": 1, "b": 2}"#),
        Equivalent("a = 1\r\nb = 2\r\n# c\r\n", #"{"a": 1, "b": 2}"#),
        Equivalent("z = 1\na = 2\n[m]\n[b]\n", #"{"z": 1, "a": 2, "m": {}, "b": {}}"#),
        Equivalent("\u{FEFF}a = 'bom'", #"{"a": "bom"}"#),
    ]

    static let keys: [Equivalent] = [
        Equivalent("Key_with-dash09 = true", #"{"Key_with-dash09": true}"#),
        Equivalent("1234 = 1", #"{"1234": 1}"#),
        Equivalent(#""a b" = 1"#, #"{"a b": 1}"#),
        Equivalent("'c.d' = 2", #"{"c.d": 2}"#),
        Equivalent(#""" = 3"#, #"{"": 3}"#),
        Equivalent(#""\u00e9t\u00E9" = 4"#, #"{"été": 4}"#),
        Equivalent("a.b.c = 1", #"{"a": {"b": {"c": 1}}}"#),
        Equivalent("a . b = 1\na.c = 2\nd = 3", #"{"a": {"b": 1, "c": 2}, "d": 3}"#),
        Equivalent(#"site."google.com" = true"#, #"{"site": {"google.com": true}}"#),
        Equivalent("3.14 = 'pi'", #"{"3": {"14": "pi"}}"#),
    ]

    static let strings: [Equivalent] = [
        Equivalent(#"s = """#, #"{"s": ""}"#),
        Equivalent(#"s = "plain text""#, #"{"s": "plain text"}"#),
        Equivalent(#"s = "\b\t\n\f\r\"\\""#, #"{"s": "\b\t\n\f\r\"\\"}"#),
        Equivalent(#"s = "\u00E9\U0001F600 \u0041""#, #"{"s": "é😀 A"}"#),
        Equivalent("s = \"tab\there\"", #"{"s": "tab\there"}"#),
        Equivalent(#"s = "héllo 日本 😀""#, #"{"s": "héllo 日本 😀"}"#),
        Equivalent(##"s = "# not a comment""##, ##"{"s": "# not a comment"}"##),
        Equivalent(#"s = 'C:\path\n "quoted"'"#, #"{"s": "C:\\path\\n \"quoted\""}"#),
        Equivalent("s = ''", #"{"s": ""}"#),
        Equivalent("s = 'tab\there'", #"{"s": "tab\there"}"#),
    ]

    static let integers: [Equivalent] = [
        Equivalent("n = 0", #"{"n": 0}"#),
        Equivalent("n = +99", #"{"n": 99}"#),
        Equivalent("n = -17", #"{"n": -17}"#),
        Equivalent("n = -0", #"{"n": 0}"#),
        Equivalent("n = +0", #"{"n": 0}"#),
        Equivalent("n = 1_000", #"{"n": 1000}"#),
        Equivalent("n = 5_349_221", #"{"n": 5349221}"#),
        Equivalent("n = 0xC001", #"{"n": 49153}"#),
        Equivalent("n = 0xDEAD_beef", #"{"n": 3735928559}"#),
        Equivalent("n = 0x00FF", #"{"n": 255}"#),
        Equivalent("n = 0o755", #"{"n": 493}"#),
        Equivalent("n = 0b1101", #"{"n": 13}"#),
        Equivalent("n = 9223372036854775807", #"{"n": 9223372036854775807}"#),
        Equivalent("n = -9223372036854775808", #"{"n": -9223372036854775808}"#),
        Equivalent("n = 0x7FFF_FFFF_FFFF_FFFF", #"{"n": 9223372036854775807}"#),
        Equivalent("n = 0b0", #"{"n": 0}"#),
    ]

    static let booleansAndArrays: [Equivalent] = [
        Equivalent("t = true\nf = false", #"{"t": true, "f": false}"#),
        Equivalent("a = []", #"{"a": []}"#),
        Equivalent("a = [ ]", #"{"a": []}"#),
        Equivalent("a = [1, 2, 3]", #"{"a": [1, 2, 3]}"#),
        Equivalent("a = [1, 2,]", #"{"a": [1, 2]}"#),
        Equivalent("a = [\n  1, # one\n  # a whole comment line\n  2,\n\n]\nb = 3", #"{"a": [1, 2], "b": 3}"#),
        Equivalent("a = [\r\n  'x',\r\n  \"y\"\r\n]", #"{"a": ["x", "y"]}"#),
        Equivalent("a = [[1, 2], ['a'], []]", #"{"a": [[1, 2], ["a"], []]}"#),
        Equivalent("a = [1, 'mixed', true, { k = 0 }]", #"{"a": [1, "mixed", true, {"k": 0}]}"#),
        Equivalent("a = [{ x = 1 }, { x = 2 }]", #"{"a": [{"x": 1}, {"x": 2}]}"#),
    ]

    static let inlineTables: [Equivalent] = [
        Equivalent("t = {}", #"{"t": {}}"#),
        Equivalent(#"t = { a = 1, b = "x" }"#, #"{"t": {"a": 1, "b": "x"}}"#),
        Equivalent("t = {a=1,b=2}", #"{"t": {"a": 1, "b": 2}}"#),
        Equivalent("t = { a.b = 1, a.c = 2 }", #"{"t": {"a": {"b": 1, "c": 2}}}"#),
        Equivalent("t = { a = { b = { c = [1] } } }", #"{"t": {"a": {"b": {"c": [1]}}}}"#),
        Equivalent("t = { a = [\n1,\n2] }", #"{"t": {"a": [1, 2]}}"#),
        Equivalent(#"delete = { any = ["self", "formerMember"] }"#, #"{"delete": {"any": ["self", "formerMember"]}}"#),
    ]

    static let tables: [Equivalent] = [
        Equivalent("[t]\na = 1", #"{"t": {"a": 1}}"#),
        Equivalent("top = 0\n[t]\na = 1\n[u]\nb = 2", #"{"top": 0, "t": {"a": 1}, "u": {"b": 2}}"#),
        Equivalent("[a.b]\nc = 1", #"{"a": {"b": {"c": 1}}}"#),
        Equivalent("[ a . b ]  # spaced\nc = 1", #"{"a": {"b": {"c": 1}}}"#),
        Equivalent(#"[a."b c".'d']"#, #"{"a": {"b c": {"d": {}}}}"#),
        Equivalent("[a.b]\nc = 1\n[a]\nx = 2", #"{"a": {"b": {"c": 1}, "x": 2}}"#),
        Equivalent("[a]\n[a.b]\n[a.c]", #"{"a": {"b": {}, "c": {}}}"#),
        Equivalent(
            "[fruit]\napple.color = 'red'\n[fruit.apple.texture]\nsmooth = true",
            #"{"fruit": {"apple": {"color": "red", "texture": {"smooth": true}}}}"#
        ),
        Equivalent("  [t]\n  a = 1", #"{"t": {"a": 1}}"#),
    ]

    static let arraysOfTables: [Equivalent] = [
        Equivalent("[[p]]\nx = 1\n[[p]]\nx = 2", #"{"p": [{"x": 1}, {"x": 2}]}"#),
        Equivalent("[[p]]\n[[p]]\n[[p]]", #"{"p": [{}, {}, {}]}"#),
        Equivalent("[[a.b]]\nc = 1", #"{"a": {"b": [{"c": 1}]}}"#),
        Equivalent("[[ p ]]\nx = 1", #"{"p": [{"x": 1}]}"#),
        Equivalent(
            "[[p]]\nname = 'one'\n[p.detail]\nq = 1\n[[p.tags]]\nt = 'a'\n[[p.tags]]\nt = 'b'\n[[p]]\nname = 'two'",
            #"{"p": [{"name": "one", "detail": {"q": 1}, "tags": [{"t": "a"}, {"t": "b"}]}, {"name": "two"}]}"#
        ),
        Equivalent("[[p]]\nx.y = 1\n[[p]]\nx.y = 2", #"{"p": [{"x": {"y": 1}}, {"x": {"y": 2}}]}"#),
        Equivalent("[t]\n[[t.items]]\nid = 1", #"{"t": {"items": [{"id": 1}]}}"#),
    ]

    @Test(arguments: documentShapes + keys)
    func parsesDocumentsAndKeys(_ pair: Equivalent) throws {
        try expectEquivalent(pair)
    }

    @Test(arguments: strings + integers + booleansAndArrays)
    func parsesScalarsAndArrays(_ pair: Equivalent) throws {
        try expectEquivalent(pair)
    }

    @Test(arguments: inlineTables + tables + arraysOfTables)
    func parsesTables(_ pair: Equivalent) throws {
        try expectEquivalent(pair)
    }

    @Test func stringsKeepTheirExactScalars() throws {
        // String's == treats canonically equivalent text as equal; the scalars must match too.
        let value = try TOMLParser.parse(#"s = "e\u0301 \u00E9""#)
        guard case .object(let root) = value, case .string(let text)? = root["s"] else {
            Issue.record("unexpected shape: \(value)")
            return
        }
        #expect(Array(text.unicodeScalars) == ["e", "\u{301}", " ", "\u{E9}"])
    }

    @Test func integersKeepTheirCanonicalText() throws {
        let value = try TOMLParser.parse("a = 0xC001\nb = 1_000\nc = -0\nd = +7")
        #expect(value == Self.object([
            "a": .number(JSONNumber(text: "49153")),
            "b": .number(JSONNumber(text: "1000")),
            "c": .number(JSONNumber(text: "0")),
            "d": .number(JSONNumber(text: "7")),
        ]))
    }

    @Test func stringAndByteEntryPointsAgree() throws {
        let text = "name = 'Zoë'\n[[x]]\nn = -5"
        #expect(try TOMLParser.parse(text) == TOMLParser.parse(Array(text.utf8)))
    }

    // MARK: The operator configuration

    static let specExample = ConfigurationSample.specExample()

    @Test func readsTheSpecificationExample() throws {
        let expected = Self.object([
            "member_limit": .int(250),
            "application_components": .array([
                Self.object([
                    "id": .int(0xC001),
                    "name": .string("GROUP_CATEGORY"),
                    "type": .string("string"),
                    "insert": .string("adminOnly"),
                    "update": .string("adminOnly"),
                    "delete": .string("adminOnly"),
                    "in_groups": .bool(true),
                    "in_dms": .bool(false),
                ]),
            ]),
        ])
        let value = try TOMLParser.parse(Self.specExample)
        #expect(value == expected)
        guard case .object(let root) = value else { return }
        #expect(root.keys == ["member_limit", "application_components"])
    }

    @Test func readsAnInlineTablePolicy() throws {
        let text = """
            member_limit = 250

            [[application_components]]
            id = 0xC002          # a set of tags
            name = "TAGS"
            type = "set"
            key = "string"
            insert = "adminOnly"
            update = "adminOnly"
            delete = { any = ["self", "formerMember"] }

            [[application_components]]
            id = 0xFD00
            type = 'inboxMap'
            value = 'bytes'
            insert = "self"
            update = "self"
            delete = { all = [{ any = ["self", "adminOnly"] }, "formerMember"] }
            in_dms = true
            """
        let expected = Self.object([
            "member_limit": .int(250),
            "application_components": .array([
                Self.object([
                    "id": .int(0xC002),
                    "name": .string("TAGS"),
                    "type": .string("set"),
                    "key": .string("string"),
                    "insert": .string("adminOnly"),
                    "update": .string("adminOnly"),
                    "delete": Self.object(["any": .array([.string("self"), .string("formerMember")])]),
                ]),
                Self.object([
                    "id": .int(0xFD00),
                    "type": .string("inboxMap"),
                    "value": .string("bytes"),
                    "insert": .string("self"),
                    "update": .string("self"),
                    "delete": Self.object([
                        "all": .array([
                            Self.object(["any": .array([.string("self"), .string("adminOnly")])]),
                            .string("formerMember"),
                        ]),
                    ]),
                    "in_dms": .bool(true),
                ]),
            ]),
        ])
        #expect(try TOMLParser.parse(text) == expected)
    }

    @Test func configurationReadsTheSameAsItsJSONForm() throws {
        let toml = """
            # GroupLog operator configuration
            member_limit = 250
            name = "Zoë's \\"server\\"\\n"

            [limits]
            scalar = 8_192
            collection = 0x1_0000
            offsets = [-1, +2, 0o17, 0b101]

            [[application_components]]
            id = 0xC001
            name = "GROUP_CATEGORY"
            type = "string"
            insert = "adminOnly"
            update = "adminOnly"
            delete = { any = ["self", "formerMember"] }
            in_groups = true
            in_dms = false

            [[application_components]]
            id = 0xC002
            type = "map"
            kinds.key = 'string'
            kinds.value = 'bytes'
            insert = "allowAll"
            update = "author"
            delete = {
            """
        let jsonPrefix = """
            {
              "member_limit": 250,
              "name": "Zoë's \\"server\\"\\n",
              "limits": {"scalar": 8192, "collection": 65536, "offsets": [-1, 2, 15, 5]},
              "application_components": [
                {
                  "id": 49153, "name": "GROUP_CATEGORY", "type": "string",
                  "insert": "adminOnly", "update": "adminOnly",
                  "delete": {"any": ["self", "formerMember"]},
                  "in_groups": true, "in_dms": false
                },
                {
                  "id": 49154, "type": "map", "kinds": {"key": "string", "value": "bytes"},
                  "insert": "allowAll", "update": "author",
                  "delete": {"any": ["author", "adminOnly"]}
                }
              ]
            }
            """
        let tomlDocument = toml + #" any = ["author", "adminOnly"] }"# + "\n"
        #expect(try TOMLParser.parse(tomlDocument) == JSONParser.parse(jsonPrefix))
    }

    // MARK: Unsupported constructs

    static let unsupported: [Refusal] = [
        Refusal("a = 3.14", 1, 5, "floats are not supported in a GroupLog configuration"),
        Refusal("a = 1e6", 1, 5, "floats are not supported in a GroupLog configuration"),
        Refusal("a = -0.5", 1, 5, "floats are not supported in a GroupLog configuration"),
        Refusal("a = 6.626e-34", 1, 5, "floats are not supported in a GroupLog configuration"),
        Refusal("a = 1_000.5", 1, 5, "floats are not supported in a GroupLog configuration"),
        Refusal("a = inf", 1, 5, "floats are not supported in a GroupLog configuration"),
        Refusal("a = +inf", 1, 5, "floats are not supported in a GroupLog configuration"),
        Refusal("a = nan", 1, 5, "floats are not supported in a GroupLog configuration"),
        Refusal("a = -nan", 1, 5, "floats are not supported in a GroupLog configuration"),
        Refusal("a = [1, 2.5]", 1, 9, "floats are not supported in a GroupLog configuration"),
        Refusal("d = 1979-05-27", 1, 5, "dates and times are not supported in a GroupLog configuration"),
        Refusal("d = 1979-05-27T07:32:00Z", 1, 5, "dates and times are not supported in a GroupLog configuration"),
        Refusal("d = 1979-05-27 07:32:00", 1, 5, "dates and times are not supported in a GroupLog configuration"),
        Refusal("t = 07:32:00", 1, 5, "dates and times are not supported in a GroupLog configuration"),
        Refusal("\n\nt = { at = 1979-05-27T00:32:00.999999-07:00 }", 3, 12,
                "dates and times are not supported in a GroupLog configuration"),
        Refusal(#"s = """x""""#, 1, 5, "multi-line strings are not supported in a GroupLog configuration"),
        Refusal("s = '''x'''", 1, 5, "multi-line strings are not supported in a GroupLog configuration"),
        Refusal("s = [\n  \"\"\"\n  x\"\"\"]", 2, 3, "multi-line strings are not supported in a GroupLog configuration"),
        Refusal("a = yes", 1, 5, "expected a value after '=', found 'yes'"),
        Refusal("a = string", 1, 5, "expected a value after '=', found 'string'"),
        Refusal("a = tru", 1, 5, "expected a value after '=', found 'tru'"),
        Refusal("a = truex", 1, 5, "expected a value after '=', found 'truex'"),
        Refusal("a = null", 1, 5, "expected a value after '=', found 'null'"),
        Refusal("a = .5", 1, 5, "expected a value after '=', found '.'"),
        Refusal("a = _1", 1, 5, "expected a value after '=', found '_'"),
    ]

    @Test(arguments: unsupported)
    func refusesUnsupportedConstructs(_ refusal: Refusal) {
        expectRefusal(refusal)
    }

    // MARK: Malformed lines

    static let malformedLines: [Refusal] = [
        Refusal("a 1", 1, 3, "expected '=' after a key, found '1'"),
        Refusal("a\n", 1, 2, "expected '=' after a key, found end of line"),
        Refusal("a", 1, 2, "expected '=' after a key, found end of input"),
        Refusal("name = \"x\"\nmember_limit 250", 2, 14, "expected '=' after a key, found '2'"),
        Refusal("a = b = 1", 1, 5, "expected a value after '=', found 'b'"),
        Refusal("a =", 1, 4, "expected a value after '=', found end of input"),
        Refusal("a = \nb = 1", 1, 5, "expected a value after '=', found end of line"),
        Refusal("a = # no value", 1, 5, "expected a value after '=', found '#'"),
        Refusal("a = 1 2", 1, 7, "trailing content after a value, found '2'"),
        Refusal(#"a = "x" "y""#, 1, 9, #"trailing content after a value, found '"'"#),
        Refusal("a = true false", 1, 10, "trailing content after a value, found 'f'"),
        Refusal("a = 1,", 1, 6, "trailing content after a value, found ','"),
        Refusal("a = [1] ]", 1, 9, "trailing content after a value, found ']'"),
        Refusal("a = 1 b = 2", 1, 7, "trailing content after a value, found 'b'"),
        Refusal("a = 1\rb = 2", 1, 6, "trailing content after a value, found control character U+000D"),
        Refusal("a = 1é", 1, 6, "trailing content after a value, found 'é' (U+00E9)"),
        Refusal("[t] x = 1", 1, 5, "trailing content after a table header, found 'x'"),
        Refusal("= 1", 1, 1, "expected a key, found '='"),
        Refusal("\n  . = 1", 2, 3, "expected a key, found '.'"),
        Refusal("a. = 1", 1, 4, "expected a key after '.', found '='"),
        Refusal("a.b. = 1", 1, 6, "expected a key after '.', found '='"),
        Refusal("a..b = 1", 1, 3, "expected a key after '.', found '.'"),
        Refusal("ké = 1", 1, 2, "invalid character 'é' (U+00E9) in a bare key"),
        Refusal("a$b = 1", 1, 2, "invalid character '$' in a bare key"),
        Refusal("x = 1\nmember:limit = 1", 2, 7, "invalid character ':' in a bare key"),
        Refusal("[tab!le]", 1, 5, "invalid character '!' in a bare key"),
        Refusal("a.b\"c\" = 1", 1, 4, #"invalid character '"' in a bare key"#),
        Refusal(#""a" "b" = 1"#, 1, 5, #"expected '=' after a key, found '"'"#),
        Refusal("[t", 1, 3, "expected ']' after a table header, found end of input"),
        Refusal("[t\n", 1, 3, "expected ']' after a table header, found end of line"),
        Refusal("[t x]", 1, 4, "expected ']' after a table header, found 'x'"),
        Refusal("[[t]", 1, 5, "expected a second ']' to close an array of tables header, found end of input"),
        Refusal("[[t] ]", 1, 5, "expected a second ']' to close an array of tables header, found ' '"),
        Refusal("[[t", 1, 4, "expected ']]' after an array of tables header, found end of input"),
        Refusal("[]", 1, 2, "expected a key, found ']'"),
        Refusal("[a.]", 1, 4, "expected a key after '.', found ']'"),
        Refusal("[t]]", 1, 4, "trailing content after a table header, found ']'"),
        Refusal("# bad \u{7} comment", 1, 7, "control character U+0007 is not allowed in a comment"),
        Refusal("a = 1 # bad \r comment\n", 1, 13, "control character U+000D is not allowed in a comment"),
        Refusal(bytes: Array("a = 1\n# é".utf8) + [0xFF], 2, 4, "invalid UTF-8 sequence starting with byte 0xFF"),
        Refusal(bytes: [0x61, 0x20, 0x3D, 0x20, 0x22, 0xC0, 0x80, 0x22], 1, 6, "invalid UTF-8 sequence starting with byte 0xC0"),
        Refusal("\u{FEFF}\u{FEFF}a = 1", 1, 1, "expected a key, found '\u{FEFF}' (U+FEFF)"),
    ]

    @Test(arguments: malformedLines)
    func refusesMalformedLines(_ refusal: Refusal) {
        expectRefusal(refusal)
    }

    // MARK: Arrays and inline tables

    static let malformedContainers: [Refusal] = [
        Refusal("a = [1 2]", 1, 8, "expected ',' or ']' after an array element, found '2'"),
        Refusal("a = [,]", 1, 6, "expected a value or ']' in an array, found ','"),
        Refusal("a = [1,,2]", 1, 8, "expected a value or ']' in an array, found ','"),
        Refusal("a = [1, 2", 1, 5, "unclosed array: no ']' before the end of input"),
        Refusal("a = [\n  1,\n  2,\n", 1, 5, "unclosed array: no ']' before the end of input"),
        Refusal("a = [[1], [2", 1, 11, "unclosed array: no ']' before the end of input"),
        Refusal("a = [1, 2\nb = 3", 2, 1, "expected ',' or ']' after an array element, found 'b'"),
        Refusal("a = [1 # one\n 2]", 2, 2, "expected ',' or ']' after an array element, found '2'"),
        Refusal("a = { b = 1", 1, 5, "unclosed inline table: no '}' before the end of input"),
        Refusal("a = [{ b = 1", 1, 6, "unclosed inline table: no '}' before the end of input"),
        Refusal("a = { b = [1", 1, 11, "unclosed array: no ']' before the end of input"),
        Refusal("a = { b = 1\n}", 1, 12, "newline inside an inline table: an inline table must be on one line"),
        Refusal("a = {\n b = 1 }", 1, 6, "newline inside an inline table: an inline table must be on one line"),
        Refusal("a = { b = 1,\r\n c = 2 }", 1, 13, "newline inside an inline table: an inline table must be on one line"),
        Refusal("a = { b =\n 1 }", 1, 10, "newline inside an inline table: an inline table must be on one line"),
        Refusal("a = { b = 1, }", 1, 14, "expected a key after ',' in an inline table, found '}'"),
        Refusal("a = { b = 1 c = 2 }", 1, 13, "expected ',' or '}' after an inline table member, found 'c'"),
        Refusal("a = { b = 1 # c\n}", 1, 13, "expected ',' or '}' after an inline table member, found '#'"),
        Refusal("a = { , }", 1, 7, "expected a key or '}' in an inline table, found ','"),
        Refusal("a = { b }", 1, 9, "expected '=' after a key, found '}'"),
        Refusal("a = { b = }", 1, 11, "expected a value after '=', found '}'"),
        Refusal("a = [ { b = 1 } { c = 2 } ]", 1, 17, "expected ',' or ']' after an array element, found '{'"),
    ]

    @Test(arguments: malformedContainers)
    func refusesMalformedArraysAndInlineTables(_ refusal: Refusal) {
        expectRefusal(refusal)
    }

    // MARK: Strings

    static let malformedStrings: [Refusal] = [
        Refusal(#"a = "abc"#, 1, 5, #"unterminated string: no closing '"' before the end of the line"#),
        Refusal("a = \"abc\nb = 1\"", 1, 5, #"unterminated string: no closing '"' before the end of the line"#),
        Refusal("a = \"abc\r\n", 1, 5, #"unterminated string: no closing '"' before the end of the line"#),
        Refusal("a = 'abc", 1, 5, #"unterminated string: no closing "'" before the end of the line"#),
        Refusal("a = 'abc\n'", 1, 5, #"unterminated string: no closing "'" before the end of the line"#),
        Refusal("\"unclosed key = 1", 1, 1, #"unterminated string: no closing '"' before the end of the line"#),
        Refusal(#"a = "\q""#, 1, 6, #"invalid escape '\q' in a string"#),
        Refusal(#"a = "ok\/""#, 1, 8, #"invalid escape '\/' in a string"#),
        Refusal(#"a = "\x41""#, 1, 6, #"invalid escape '\x' in a string"#),
        Refusal(#"a = "\ ""#, 1, 6, #"invalid escape '\' followed by ' ' in a string"#),
        Refusal("a = \"line\\\nnext\"", 1, 10, #"invalid escape '\' followed by end of line in a string"#),
        Refusal(#"a = "\é""#, 1, 6, #"invalid escape '\' followed by 'é' (U+00E9) in a string"#),
        Refusal(#"a = "\u12""#, 1, 6, #"invalid \u escape: expected four hex digits after '\u'"#),
        Refusal(#"a = "\u12G4""#, 1, 6, #"invalid \u escape: expected four hex digits after '\u'"#),
        Refusal(#"a = "\U0001F60""#, 1, 6, #"invalid \U escape: expected eight hex digits after '\U'"#),
        Refusal(#"a = "\uD800""#, 1, 6, #"invalid \u escape: U+D800 is not a Unicode scalar value"#),
        Refusal(#"a = "\uDFFF""#, 1, 6, #"invalid \u escape: U+DFFF is not a Unicode scalar value"#),
        Refusal(#"a = "\U00110000""#, 1, 6, #"invalid \U escape: U+110000 is not a Unicode scalar value"#),
        Refusal(#"a = "\UFFFFFFFF""#, 1, 6, #"invalid \U escape: U+FFFFFFFF is not a Unicode scalar value"#),
        Refusal("a = \"x\u{1}y\"", 1, 7, "unescaped control character U+0001 in a string"),
        Refusal("a = \"x\u{7F}\"", 1, 7, "unescaped control character U+007F in a string"),
        Refusal("a = \"x\ry\"", 1, 7, "unescaped control character U+000D in a string"),
        Refusal("a = 'x\u{0}'", 1, 7, "control character U+0000 is not allowed in a literal string"),
        Refusal("\"k\u{1B}\" = 1", 1, 3, "unescaped control character U+001B in a string"),
    ]

    @Test(arguments: malformedStrings)
    func refusesMalformedStrings(_ refusal: Refusal) {
        expectRefusal(refusal)
    }

    // MARK: Integers

    static let malformedIntegers: [Refusal] = [
        Refusal("a = 9223372036854775808", 1, 5,
                "integer out of range: an integer must be between -9223372036854775808 and 9223372036854775807"),
        Refusal("a = -9223372036854775809", 1, 5,
                "integer out of range: an integer must be between -9223372036854775808 and 9223372036854775807"),
        Refusal("a = 0x8000000000000000", 1, 5,
                "integer out of range: an integer must be between -9223372036854775808 and 9223372036854775807"),
        Refusal("\na = [1, 0b1_0000000000000000000000000000000000000000000000000000000000000000]", 2, 9,
                "integer out of range: an integer must be between -9223372036854775808 and 9223372036854775807"),
        Refusal("a = 123456789012345678901234567890", 1, 5,
                "integer out of range: an integer must be between -9223372036854775808 and 9223372036854775807"),
        Refusal("a = 012", 1, 5, "leading zeros are not allowed in integers"),
        Refusal("a = -012", 1, 6, "leading zeros are not allowed in integers"),
        Refusal("a = 0_1", 1, 5, "leading zeros are not allowed in integers"),
        Refusal("a = 00", 1, 5, "leading zeros are not allowed in integers"),
        Refusal("a = 1__000", 1, 6, "an underscore in an integer must be between two digits"),
        Refusal("a = 1_", 1, 6, "an underscore in an integer must be between two digits"),
        Refusal("a = [1_]", 1, 7, "an underscore in an integer must be between two digits"),
        Refusal("a = 0x1_", 1, 8, "an underscore in an integer must be between two digits"),
        Refusal("a = 0x", 1, 7, "expected a hexadecimal digit after '0x', found end of input"),
        Refusal("a = 0x\n", 1, 7, "expected a hexadecimal digit after '0x', found end of line"),
        Refusal("a = 0xG1", 1, 7, "expected a hexadecimal digit after '0x', found 'G'"),
        Refusal("a = 0x_1", 1, 7, "expected a hexadecimal digit after '0x', found '_'"),
        Refusal("a = 0o8", 1, 7, "expected an octal digit after '0o', found '8'"),
        Refusal("a = 0b2", 1, 7, "expected a binary digit after '0b', found '2'"),
        Refusal("a = 0x1G", 1, 8, "invalid character 'G' in a hexadecimal integer"),
        Refusal("a = 0o778", 1, 9, "invalid character '8' in an octal integer"),
        Refusal("a = 0b102", 1, 9, "invalid character '2' in a binary integer"),
        Refusal("a = -0x1", 1, 5, "a sign is not allowed before a hexadecimal integer"),
        Refusal("a = +0b1", 1, 5, "a sign is not allowed before a binary integer"),
        Refusal("a = 0X1F", 1, 6, "invalid character 'X' in an integer"),
        Refusal("a = 12abc", 1, 7, "invalid character 'a' in an integer"),
        Refusal("a = 1-2", 1, 6, "invalid character '-' in an integer"),
        Refusal("a = -", 1, 6, "expected a digit after '-', found end of input"),
        Refusal("a = [-]", 1, 7, "expected a digit after '-', found ']'"),
        Refusal("a = +x", 1, 6, "expected a digit after '+', found 'x'"),
        Refusal("a = - 1", 1, 6, "expected a digit after '-', found ' '"),
    ]

    @Test(arguments: malformedIntegers)
    func refusesMalformedIntegers(_ refusal: Refusal) {
        expectRefusal(refusal)
    }

    // MARK: Redefinitions

    static let redefinitions: [Refusal] = [
        Refusal("a = 1\na = 2", 2, 1, "duplicate key 'a', first defined on line 1"),
        Refusal("a = 1\n\"a\" = 2", 2, 1, "duplicate key 'a', first defined on line 1"),
        Refusal("\"a b\" = 1\n\n'a b' = 2", 3, 1, #"duplicate key '"a b"', first defined on line 1"#),
        Refusal("a.b = 1\na . b = 2", 2, 5, "duplicate key 'a.b', first defined on line 1"),
        Refusal("[t]\nx = 1\ny = 2\nx = 3", 4, 1, "duplicate key 't.x', first defined on line 2"),
        Refusal("[[p]]\nid = 1\nid = 2", 3, 1, "duplicate key 'p.id', first defined on line 2"),
        Refusal("a = { b = 1, b = 2 }", 1, 14, "duplicate key 'a.b', first defined on line 1"),
        Refusal("a = 1\na.b = 2", 2, 1, "cannot define key 'a.b': 'a' is already defined as an integer on line 1"),
        Refusal("a.b = 1\na = 2", 2, 1, "key 'a' is already defined as a table on line 1"),
        Refusal("[a.b]\nc = 1\n[a]\nb = 2", 4, 1, "key 'a.b' is already defined as a table on line 1"),
        Refusal("[t]\n[t.p]\n[t]", 3, 2, "table [t] is defined twice, first on line 1"),
        Refusal("[t]\nx = 1\n[t]", 3, 2, "table [t] is defined twice, first on line 1"),
        Refusal("[a.b]\n[a . b]", 2, 6, "table [a.b] is defined twice, first on line 1"),
        Refusal("[a]\nb.c = 1\n[a.b]", 3, 4, "table [a.b] is already defined by dotted keys on line 2"),
        Refusal("a.b = 1\n[a]", 2, 2, "table [a] is already defined by dotted keys on line 1"),
        Refusal("[a.b.c]\n[a]\nb.d = 1", 3, 1,
                "cannot define key 'a.b.d' with a dotted key: table [a.b] belongs to the table header on line 1"),
        Refusal("[a.b]\n[a]\nb.d = 1", 3, 1,
                "cannot define key 'a.b.d' with a dotted key: table [a.b] belongs to the table header on line 1"),
        Refusal("[[a.b]]\n[a]\nb.c = 1", 3, 1,
                "cannot define key 'a.b.c' with a dotted key: 'a.b' is an array of tables, defined on line 1"),
        Refusal("[[p]]\n[p]", 2, 2, "cannot define table [p]: 'p' is already an array of tables, defined on line 1"),
        Refusal("[[p]]\n[[p.q]]\n[p.q]", 3, 4,
                "cannot define table [p.q]: 'p.q' is already an array of tables, defined on line 2"),
        Refusal("[p]\n[[p]]", 2, 3, "cannot define array of tables [[p]]: 'p' is already a table, defined on line 1"),
        Refusal("[p.q]\n[[p]]", 2, 3, "cannot define array of tables [[p]]: 'p' is already a table, defined on line 1"),
        Refusal("p.x = 1\n[[p]]", 2, 3, "cannot define array of tables [[p]]: 'p' is already a table, defined on line 1"),
        Refusal("p = [1]\n[[p]]", 2, 3, "cannot define array of tables [[p]]: 'p' is already defined as an array on line 1"),
        Refusal("p = []\n[[p]]", 2, 3, "cannot define array of tables [[p]]: 'p' is already defined as an array on line 1"),
        Refusal("p = 1\n[p]", 2, 2, "cannot define table [p]: 'p' is already defined as an integer on line 1"),
        Refusal("p = 'x'\n[p.q]", 2, 2, "cannot define table [p.q]: 'p' is already defined as a string on line 1"),
        Refusal("a = { b = 1 }\n[a]", 2, 2, "cannot define table [a]: 'a' is already defined as an inline table on line 1"),
        Refusal("a = { b = 1 }\n[a.c]", 2, 2, "cannot define table [a.c]: 'a' is already defined as an inline table on line 1"),
        Refusal("a = { b = 1 }\na.c = 2", 2, 1,
                "cannot define key 'a.c': 'a' is already defined as an inline table on line 1"),
        Refusal("a = { b = { c = 1 }, b.d = 2 }", 1, 22,
                "cannot define key 'a.b.d': 'a.b' is already defined as an inline table on line 1"),
        Refusal("[t]\na = true\n[t.a.b]", 3, 4, "cannot define table [t.a.b]: 't.a' is already defined as a boolean on line 2"),
        Refusal("[[p]]\nx = 1\n[[p.x]]", 3, 5,
                "cannot define array of tables [[p.x]]: 'p.x' is already defined as an integer on line 2"),
        Refusal("[[p]]\nq = 1\n[[p]]\nq = 1\nq = 2", 5, 1, "duplicate key 'p.q', first defined on line 4"),
    ]

    @Test(arguments: redefinitions)
    func refusesRedefinitions(_ refusal: Refusal) {
        expectRefusal(refusal)
    }

    @Test func acceptsWhatOnlyLooksLikeARedefinition() throws {
        // Each element of an array of tables is a table of its own; [p.q] and [x.y] go to the last.
        let value = try TOMLParser.parse("[[p]]\n[x]\n[p.q]\n[[p]]\n[x.y]\n[p.q]")
        #expect(value == (try JSONParser.parse(#"{"p": [{"q": {}}, {"q": {}}], "x": {"y": {}}}"#)))
        // A key of a table is not the table's own name.
        #expect(try TOMLParser.parse("[[p]]\n[t]\np = 1") == JSONParser.parse(#"{"p": [{}], "t": {"p": 1}}"#))
    }

    // MARK: Nesting

    @Test func acceptsArraysNestedToTheLimit() throws {
        let depth = TOMLParser.maximumDepth
        let text = "a = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        guard case .object(let root) = try TOMLParser.parse(text), var current = root["a"] else {
            Issue.record("expected a table with key a")
            return
        }
        var level = 0
        while case .array(let elements) = current {
            level += 1
            guard let first = elements.first else { break }
            current = first
        }
        #expect(level == depth)
    }

    @Test(arguments: [65, 100_000])
    func refusesArraysNestedBeyondTheLimit(depth: Int) {
        let text = "a = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: TOMLSyntaxError(line: 1, column: 5 + 64, message: "nesting deeper than 64 levels")) {
            try TOMLParser.parse(text)
        }
    }

    @Test func refusesUnclosedDeepArraysAtTheLimit() {
        let text = "a = " + String(repeating: "[", count: 100_000)
        #expect(throws: TOMLSyntaxError(line: 1, column: 5 + 64, message: "nesting deeper than 64 levels")) {
            try TOMLParser.parse(text)
        }
    }

    @Test func limitsInlineTablesAndMixedNesting() throws {
        let inline = "a = " + String(repeating: "{ b = ", count: 65) + "1" + String(repeating: " }", count: 65)
        #expect(throws: TOMLSyntaxError(line: 1, column: 5 + 64 * 6, message: "nesting deeper than 64 levels")) {
            try TOMLParser.parse(inline)
        }
        let mixed = "a = " + String(repeating: "[{ b = ", count: 32) + "1" + String(repeating: " }]", count: 32)
        #expect(try TOMLParser.parse(mixed) != .null)
    }

    @Test func limitsDottedKeysAndHeaders() throws {
        let segments = Array(repeating: "k", count: 64)
        #expect(try TOMLParser.parse(segments.joined(separator: ".") + " = 1") != .null)
        #expect(try TOMLParser.parse("[" + segments.joined(separator: ".") + "]") != .null)

        // The last segment of a key names a value; only the tables before it count.
        #expect(try TOMLParser.parse(Array(repeating: "k", count: 65).joined(separator: ".") + " = 1") != .null)
        let tooMany = Array(repeating: "k", count: 66).joined(separator: ".")
        #expect(throws: TOMLSyntaxError(line: 1, column: 1 + 64 * 2, message: "nesting deeper than 64 levels")) {
            try TOMLParser.parse(tooMany + " = 1")
        }
        let headerTooDeep = Array(repeating: "k", count: 65).joined(separator: ".")
        #expect(throws: TOMLSyntaxError(line: 1, column: 2 + 64 * 2, message: "nesting deeper than 64 levels")) {
            try TOMLParser.parse("[" + headerTooDeep + "]")
        }
        // Levels add up: below a table at level 1, the 64th segment's table is at level 65...
        #expect(throws: TOMLSyntaxError(line: 2, column: 1 + 63 * 2, message: "nesting deeper than 64 levels")) {
            try TOMLParser.parse("[t]\n" + headerTooDeep + " = 1")
        }
        // ...and an array value starts one level below its key's table.
        #expect(throws: TOMLSyntaxError(line: 1, column: 132, message: "nesting deeper than 64 levels")) {
            try TOMLParser.parse(segments.joined(separator: ".") + " = [[1]]")
        }
        #expect(try TOMLParser.parse(segments.joined(separator: ".") + " = [1]") != .null)
        // Each [[array of tables]] is two levels: the array and its table.
        let arrays = (1 ... 33).map { level in "[[" + Array(repeating: "k", count: level).joined(separator: ".") + "]]" }
        #expect(throws: TOMLSyntaxError(line: 33, column: 3 + 32 * 2, message: "nesting deeper than 64 levels")) {
            try TOMLParser.parse(arrays.joined(separator: "\n"))
        }
        #expect(try TOMLParser.parse(arrays.dropLast().joined(separator: "\n")) != .null)
    }

    // MARK: Errors and robustness

    @Test func describesErrorWithPosition() throws {
        let text = "member_limit = 250\n\n[[application_components]]\nmax_age 30\n"
        let error = try #require(throws: TOMLSyntaxError.self) { try TOMLParser.parse(text) }
        #expect(error.description == "line 4, column 9: expected '=' after a key, found '3'")
    }

    @Test func columnsCountScalarsAndSkipTheByteOrderMark() {
        #expect(throws: TOMLSyntaxError(line: 1, column: 10, message: "trailing content after a value, found 'x'")) {
            try TOMLParser.parse("\u{FEFF}k = '日本' x")
        }
        #expect(throws: TOMLSyntaxError(line: 2, column: 9, message: "trailing content after a value, found 'k'")) {
            try TOMLParser.parse("k = 1\r\n'😀' = 1 k = 2\r\n")
        }
        #expect(throws: TOMLSyntaxError(line: 4, column: 1, message: "duplicate key 'x.k', first defined on line 3")) {
            try TOMLParser.parse("k = 1\r\n[x]\r\nk = 2\r\nk = 3\r\n")
        }
    }

    @Test func malformedVariantsOfAConfigurationNeverTrap() {
        // Every truncation, and random byte replacements, of a realistic document: each must
        // either parse or throw, and the typed throw guarantees which error type.
        let document = Array((Self.specExample + "policy = { any = ['self', \"a\\u00e9\"] }\nn = [0x1, -2_0, [true]]\n").utf8)
        for length in 0 ... document.count {
            _ = try? TOMLParser.parse(Array(document[..<length]))
        }
        let replacements: [UInt8] = Array("[]{}=.,#\"'\\\n\r\t 0x_-+e:".utf8) + [0x00, 0x80, 0xFF]
        var generator = SeededGenerator(seed: 0x70_4D4C)
        for _ in 0 ..< 2000 {
            var mutated = document
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &generator) {
                let position = Int.random(in: 0 ..< mutated.count, using: &generator)
                mutated[position] = replacements.randomElement(using: &generator) ?? 0
            }
            _ = try? TOMLParser.parse(mutated)
        }
    }
}
