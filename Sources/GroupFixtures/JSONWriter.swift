/// Writes a ``JSONValue`` as JSON text, the same text for the same value on every run: object
/// keys come out in their stored order and numbers as their literal text.
///
/// The writer trusts the value: a ``JSONNumber`` must hold a valid JSON number literal (the
/// parser and `JSONValue.int`/`.uint` only make such numbers) and an object built from members
/// must not repeat a key, or the output will not parse back.
public enum JSONWriter {
    /// Writes a value as JSON.
    /// - Parameters:
    ///   - value: The value to write.
    ///   - pretty: When true, one member or element per line, indented by two spaces, with
    ///     `"key": value`; empty arrays and objects stay `[]` and `{}`. When false, no
    ///     whitespace at all. Neither form ends with a newline.
    /// - Returns: The JSON text.
    public static func write(_ value: JSONValue, pretty: Bool = false) -> String {
        var output: [UInt8] = []
        append(value, to: &output, indent: pretty ? 0 : nil)
        return String(decoding: output, as: UTF8.self)
    }

    /// A string as a JSON string literal, quotes included, for messages that name a key.
    static func quoted(_ string: String) -> String {
        var output: [UInt8] = []
        appendString(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `value`; `indent` is the nesting level when pretty, nil when compact.
    private static func append(_ value: JSONValue, to output: inout [UInt8], indent: Int?) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            output.append(contentsOf: number.text.utf8)
        case .string(let string):
            appendString(string, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output.append(contentsOf: "[]".utf8)
                return
            }
            let inner = indent.map { $0 + 1 }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                appendLineBreak(indent: inner, to: &output)
                append(element, to: &output, indent: inner)
            }
            appendLineBreak(indent: indent, to: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                output.append(contentsOf: "{}".utf8)
                return
            }
            let inner = indent.map { $0 + 1 }
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                appendLineBreak(indent: inner, to: &output)
                appendString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                append(member.value, to: &output, indent: inner)
            }
            appendLineBreak(indent: indent, to: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// In pretty form, starts a new line indented to `indent` levels; in compact form, nothing.
    private static func appendLineBreak(indent: Int?, to output: inout [UInt8]) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends a string literal. Only what JSON requires is escaped; other Unicode is written
    /// as UTF-8 so names in fixtures stay readable.
    private static func appendString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0x00 ..< 0x20:
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
