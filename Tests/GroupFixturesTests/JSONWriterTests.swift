import GroupFixtures
import GroupTestSupport
import Testing

struct JSONWriterTests {
    static let sample = JSONValue.object(JSONObject([
        "name": .string("Zoë"),
        "n": .number(JSONNumber(text: "-1.5e3")),
        "tags": .array([.string("a"), .null, .bool(true)]),
        "empty": .array([]),
        "none": .object(JSONObject()),
        "nested": .object(JSONObject(["deep": .array([.object(JSONObject(["x": .int(1)]))])])),
    ]))

    @Test func compactFormHasNoWhitespace() {
        #expect(JSONWriter.write(Self.sample) == #"""
            {"name":"Zoë","n":-1.5e3,"tags":["a",null,true],"empty":[],"none":{},"nested":{"deep":[{"x":1}]}}
            """#)
    }

    @Test func prettyFormIndentsByTwoSpaces() {
        #expect(JSONWriter.write(Self.sample, pretty: true) == #"""
            {
              "name": "Zoë",
              "n": -1.5e3,
              "tags": [
                "a",
                null,
                true
              ],
              "empty": [],
              "none": {},
              "nested": {
                "deep": [
                  {
                    "x": 1
                  }
                ]
              }
            }
            """#)
    }

    @Test func prettyFormHasNoTrailingSpacesOrNewline() {
        let text = JSONWriter.write(Self.sample, pretty: true)
        #expect(!text.hasSuffix("\n"))
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(!line.hasSuffix(" "), "trailing space in \(line.debugDescription)")
        }
    }

    @Test(arguments: [
        (JSONValue.null, "null"),
        (.bool(false), "false"),
        (.int(-42), "-42"),
        (.uint(UInt64.max), "18446744073709551615"),
        (.array([]), "[]"),
        (.object(JSONObject()), "{}"),
    ])
    func writesScalarsAndEmptyContainersTheSameInBothForms(_ value: JSONValue, _ expected: String) {
        #expect(JSONWriter.write(value) == expected)
        #expect(JSONWriter.write(value, pretty: true) == expected)
    }

    @Test(arguments: [
        ("quote \" backslash \\", #""quote \" backslash \\""#),
        ("\n\t\r\u{8}\u{C}", #""\n\t\r\b\f""#),
        ("\u{0}\u{1}\u{1B}\u{1F}", #""\u0000\u0001\u001b\u001f""#),
        ("slash / stays", #""slash / stays""#),
        ("é 日本 😀 \u{2028} \u{7F}", "\"é 日本 😀 \u{2028} \u{7F}\""),
        ("e\u{301}", "\"e\u{301}\""),
    ])
    func escapesOnlyWhatJSONRequires(_ string: String, _ expected: String) {
        let written = JSONWriter.write(.string(string))
        // Compare scalars: String's == would accept a canonically equivalent rewrite.
        #expect(Array(written.unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test func keepsStoredKeyOrder() {
        var object = JSONObject()
        object["zeta"] = .int(1)
        object["alpha"] = .int(2)
        object["mid"] = .int(3)
        #expect(JSONWriter.write(.object(object)) == #"{"zeta":1,"alpha":2,"mid":3}"#)
    }

    @Test func escapesKeysLikeValues() {
        let value = JSONValue.object(JSONObject(["a\"b\n": .string("c\\")]))
        #expect(JSONWriter.write(value) == #"{"a\"b\n":"c\\"}"#)
    }

    static let roundTripValues: [JSONValue] = [
        .null,
        .bool(true),
        .string(""),
        .string("héllo 日本 😀 \u{2028}"),
        .string("\"\\/\u{8}\u{C}\n\r\t\u{0}\u{1F}\u{7F}"),
        .number(JSONNumber(text: "18446744073709551615")),
        .number(JSONNumber(text: "-9223372036854775808")),
        .number(JSONNumber(text: "-0")),
        .number(JSONNumber(text: "-12.75")),
        .number(JSONNumber(text: "6.02214076E+23")),
        .number(JSONNumber(text: "1e-7")),
        .array([]),
        .object(JSONObject()),
        .array([.array([.array([])]), .object(JSONObject(["": .null]))]),
        sample,
        .object(JSONObject([
            "z": .uint(UInt64.max),
            "a": .array([.int(-1), .number(JSONNumber(text: "0.5")), .string("tab\there")]),
            "ключ": .object(JSONObject(["😀": .bool(false), "\u{1}": .string("\u{10FFFF}")])),
        ])),
    ]

    @Test(arguments: roundTripValues)
    func roundTripsThroughTheParser(_ value: JSONValue) throws {
        #expect(try JSONParser.parse(JSONWriter.write(value)) == value)
        #expect(try JSONParser.parse(JSONWriter.write(value, pretty: true)) == value)
    }

    @Test(arguments: [
        #"{"z":1,"a":[true,false,null],"m":{"k":"v\n"},"n":-0.5e-3}"#,
        #"[18446744073709551615,"\u0001",{},[]]"#,
    ])
    func rewritesCompactTextUnchanged(_ text: String) throws {
        #expect(JSONWriter.write(try JSONParser.parse(text)) == text)
    }

    @Test func randomValuesRoundTrip() throws {
        for seed: UInt64 in 1 ... 200 {
            var generator = SeededGenerator(seed: seed)
            let value = Self.randomValue(depth: 0, using: &generator)
            for pretty in [false, true] {
                let text = JSONWriter.write(value, pretty: pretty)
                let parsed = try JSONParser.parse(text)
                #expect(parsed == value, "seed \(seed), pretty \(pretty): \(text)")
                #expect(JSONWriter.write(parsed, pretty: pretty) == text, "seed \(seed), pretty \(pretty)")
            }
        }
    }

    /// Characters chosen to stress escaping and UTF-8: controls, quote, backslash, two- to
    /// four-byte scalars, the JavaScript line separator.
    private static let alphabet: [Character] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
        "é", "ß", "日", "😀", "\u{2028}", "\u{FFFD}", "\u{10FFFF}",
    ]

    private static func randomString(using generator: inout SeededGenerator) -> String {
        String((0 ..< Int.random(in: 0 ... 8, using: &generator)).map { _ in
            alphabet.randomElement(using: &generator) ?? "a"
        })
    }

    private static func randomNumber(using generator: inout SeededGenerator) -> JSONNumber {
        switch Int.random(in: 0 ... 3, using: &generator) {
        case 0: JSONNumber(text: String(Int64.random(in: .min ... .max, using: &generator)))
        case 1: JSONNumber(text: String(UInt64.random(in: .min ... .max, using: &generator)))
        case 2: JSONNumber(text: "-\(Int.random(in: 0 ... 99, using: &generator)).\(Int.random(in: 0 ... 999, using: &generator))")
        default: JSONNumber(text: "\(Int.random(in: 1 ... 9, using: &generator))e-\(Int.random(in: 0 ... 300, using: &generator))")
        }
    }

    private static func randomValue(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        let kind = Int.random(in: 0 ... (depth < 4 ? 6 : 4), using: &generator)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(randomNumber(using: &generator))
        case 3, 4: return .string(randomString(using: &generator))
        case 5:
            return .array((0 ..< Int.random(in: 0 ... 4, using: &generator)).map { _ in
                randomValue(depth: depth + 1, using: &generator)
            })
        default:
            var object = JSONObject()
            for _ in 0 ..< Int.random(in: 0 ... 4, using: &generator) {
                object[randomString(using: &generator)] = randomValue(depth: depth + 1, using: &generator)
            }
            return .object(object)
        }
    }
}
