/// A strict RFC 8259 JSON parser that works on UTF-8 bytes and keeps what the format says:
/// object keys in document order, numbers as their literal text.
///
/// Strict means it accepts nothing an RFC 8259 parser may refuse: no comments, no trailing
/// commas, no single quotes, no `NaN`, no leading zeros, no duplicate keys, no unpaired
/// surrogates, no invalid UTF-8. The first problem is reported as a ``JSONSyntaxError`` with its
/// line and column; bad input never traps. A UTF-8 byte order mark at the start is skipped.
public enum JSONParser {
    /// The deepest nesting of arrays and objects a document may have: the outermost array or
    /// object is level 1. The parser keeps its own stack, so the limit protects memory and the
    /// recursive code that later walks the value (equality, release), not the parser itself.
    public static let maximumDepth = 512

    /// The longest string a document may hold, in bytes as written between its quotes: 1 MiB,
    /// far above any field GroupLog reads (the longest, app data, is 8,192 bytes). A longer
    /// string is refused when the parser reaches its limit, not after reading it whole.
    public static let maximumStringLength = 1 << 20

    /// Parses one JSON document.
    /// - Parameter bytes: The document as UTF-8, optionally starting with a byte order mark.
    /// - Returns: The value of the document's single top-level value.
    /// - Throws: ``JSONSyntaxError`` at the first place the input is not valid JSON.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = Reader(bytes: bytes)
        return try reader.readDocument()
    }

    /// Parses one JSON document held in a string.
    /// - Throws: ``JSONSyntaxError`` at the first place the text is not valid JSON.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

extension JSONParser {
    /// An array or object whose closing bracket has not been read yet. Keeping these on an
    /// explicit stack instead of recursing is what lets 100 000 `[` fail with an error rather
    /// than overflow the thread's stack.
    private struct Container {
        let isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        /// The key read before the value now being parsed.
        var pendingKey = ""
        /// Filled only once an object is large enough that a linear scan for duplicates would
        /// cost more than hashing; small objects, by far the most common, never allocate it.
        var keyIndex: Set<String> = []

        init(isObject: Bool) { self.isObject = isObject }

        /// Records `key` as used, or returns false when the object already has it. Keys compare
        /// as Swift strings (canonical equivalence), the same rule `JSONObject`'s subscript
        /// uses, so a parsed object never holds two keys its subscript cannot tell apart.
        mutating func claim(_ key: String) -> Bool {
            if keyIndex.isEmpty && members.count < 16 {
                return !members.contains { $0.key == key }
            }
            if keyIndex.isEmpty { keyIndex = Set(members.lazy.map(\.key)) }
            return keyIndex.insert(key).inserted
        }

        mutating func append(_ value: JSONValue) {
            if isObject {
                members.append(JSONObject.Member(key: pendingKey, value: value))
            } else {
                elements.append(value)
            }
        }

        consuming func finish() -> JSONValue {
            isObject ? .object(JSONObject(members)) : .array(elements)
        }
    }

    /// Where a value is expected, which decides what an error message says was expected.
    private enum ValueSlot {
        case document, firstElement, nextElement, memberValue

        var expectation: String {
            switch self {
            case .document: "a value"
            case .firstElement: "a value or ']'"
            case .nextElement: "a value after ',' in an array"
            case .memberValue: "a value after ':' in an object"
            }
        }
    }

    /// The parsing state: the input and a read position in it.
    private struct Reader {
        let bytes: [UInt8]
        var index: Int
        /// Where the document starts: after the byte order mark, if any, which columns skip.
        let start: Int

        init(bytes: [UInt8]) {
            self.bytes = bytes
            let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
            start = hasBOM ? 3 : 0
            index = start
        }

        // MARK: Structure

        mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
            var stack: [Container] = []
            var slot = ValueSlot.document
            parsing: while true {
                skipWhitespace()
                guard index < bytes.count else { throw unexpected(expected: slot.expectation) }
                var value: JSONValue
                switch bytes[index] {
                case Byte.leftBracket:
                    try checkDepth(stack.count)
                    index += 1
                    skipWhitespace()
                    if index < bytes.count && bytes[index] == Byte.rightBracket {
                        index += 1
                        value = .array([])
                    } else {
                        stack.append(Container(isObject: false))
                        slot = .firstElement
                        continue parsing
                    }
                case Byte.leftBrace:
                    try checkDepth(stack.count)
                    index += 1
                    skipWhitespace()
                    if index < bytes.count && bytes[index] == Byte.rightBrace {
                        index += 1
                        value = .object(JSONObject())
                    } else {
                        var container = Container(isObject: true)
                        try readKey(into: &container, expected: "a string key or '}'")
                        stack.append(container)
                        slot = .memberValue
                        continue parsing
                    }
                case Byte.quote:
                    value = .string(try readString())
                case Byte.minus, Byte.zero ... Byte.nine:
                    value = .number(try readNumber())
                default:
                    value = try readLiteral(slot)
                }

                // A complete value: store it in its container, and close every container it
                // completes, until a ',' asks for another value or the document ends.
                while !stack.isEmpty {
                    let top = stack.count - 1
                    stack[top].append(value)
                    skipWhitespace()
                    let isObject = stack[top].isObject
                    let closer: UInt8 = isObject ? Byte.rightBrace : Byte.rightBracket
                    guard index < bytes.count, bytes[index] == Byte.comma || bytes[index] == closer else {
                        throw unexpected(
                            expected: isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
                        )
                    }
                    if bytes[index] == Byte.comma {
                        index += 1
                        if isObject {
                            skipWhitespace()
                            try readKey(into: &stack[top], expected: "a string key after ',' in an object")
                            slot = .memberValue
                        } else {
                            slot = .nextElement
                        }
                        continue parsing
                    }
                    index += 1
                    value = stack.removeLast().finish()
                }

                skipWhitespace()
                guard index == bytes.count else {
                    guard let found = describeCharacter(at: index) else { throw invalidUTF8(at: index) }
                    throw failure("trailing content after the document, found \(found)", at: index)
                }
                return value
            }
        }

        func checkDepth(_ openContainers: Int) throws(JSONSyntaxError) {
            guard openContainers < JSONParser.maximumDepth else {
                throw failure("nesting deeper than \(JSONParser.maximumDepth) levels", at: index)
            }
        }

        /// Reads `"key" :` with the whitespace around it, starting at the key's quote.
        mutating func readKey(into container: inout Container, expected: String) throws(JSONSyntaxError) {
            guard index < bytes.count, bytes[index] == Byte.quote else { throw unexpected(expected: expected) }
            let keyStart = index
            let key = try readString()
            guard container.claim(key) else {
                throw failure("duplicate key \(JSONWriter.quoted(key)) in an object", at: keyStart)
            }
            container.pendingKey = key
            skipWhitespace()
            guard index < bytes.count, bytes[index] == Byte.colon else {
                throw unexpected(expected: "':' after an object key")
            }
            index += 1
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case Byte.space, Byte.tab, Byte.lineFeed, Byte.carriageReturn: index += 1
                default: return
                }
            }
        }

        // MARK: Scalars

        mutating func readLiteral(_ slot: ValueSlot) throws(JSONSyntaxError) -> JSONValue {
            if matches("true") {
                index += 4
                return .bool(true)
            }
            if matches("false") {
                index += 5
                return .bool(false)
            }
            if matches("null") {
                index += 4
                return .null
            }
            throw unexpectedValue(expected: slot.expectation)
        }

        func matches(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            return literal.withUTF8Buffer { $0.elementsEqual(bytes[index ..< index + count]) }
        }

        /// Reads a number, checking the RFC 8259 grammar `-? int frac? exp?`, and keeps its text.
        mutating func readNumber() throws(JSONSyntaxError) -> JSONNumber {
            let numberStart = index
            if bytes[index] == Byte.minus { index += 1 }
            guard index < bytes.count, Byte.isDigit(bytes[index]) else {
                throw unexpected(expected: "a digit after '-'")
            }
            if bytes[index] == Byte.zero {
                if index + 1 < bytes.count && Byte.isDigit(bytes[index + 1]) {
                    throw failure("leading zeros are not allowed in numbers", at: index)
                }
                index += 1
            } else {
                skipDigits()
            }
            if index < bytes.count && bytes[index] == Byte.period {
                index += 1
                guard index < bytes.count, Byte.isDigit(bytes[index]) else {
                    throw unexpected(expected: "a digit after the decimal point")
                }
                skipDigits()
            }
            if index < bytes.count && (bytes[index] == Byte.lowercaseE || bytes[index] == Byte.uppercaseE) {
                index += 1
                if index < bytes.count && (bytes[index] == Byte.plus || bytes[index] == Byte.minus) { index += 1 }
                guard index < bytes.count, Byte.isDigit(bytes[index]) else {
                    throw unexpected(expected: "a digit in the exponent")
                }
                skipDigits()
            }
            return JSONNumber(text: String(decoding: bytes[numberStart ..< index], as: UTF8.self))
        }

        mutating func skipDigits() {
            while index < bytes.count && Byte.isDigit(bytes[index]) { index += 1 }
        }

        /// Reads a string starting at its opening quote. Most strings have no escapes, so they
        /// are validated in place and decoded from one slice; only an escape starts a buffer.
        mutating func readString() throws(JSONSyntaxError) -> String {
            let quote = index
            index += 1
            let contentStart = index
            while index < bytes.count {
                try checkStringLength(from: contentStart, quote: quote)
                let byte = bytes[index]
                if byte == Byte.quote {
                    let string = String(decoding: bytes[contentStart ..< index], as: UTF8.self)
                    index += 1
                    return string
                }
                if byte == Byte.backslash { break }
                try skipStringCharacter(byte)
            }
            guard index < bytes.count else { throw unterminatedString(at: quote) }

            var buffer = Array(bytes[contentStart ..< index])
            var chunkStart = index
            while index < bytes.count {
                try checkStringLength(from: contentStart, quote: quote)
                let byte = bytes[index]
                if byte == Byte.quote {
                    buffer.append(contentsOf: bytes[chunkStart ..< index])
                    index += 1
                    return String(decoding: buffer, as: UTF8.self)
                }
                if byte == Byte.backslash {
                    buffer.append(contentsOf: bytes[chunkStart ..< index])
                    try readEscape(into: &buffer, stringStart: quote)
                    chunkStart = index
                } else {
                    try skipStringCharacter(byte)
                }
            }
            throw unterminatedString(at: quote)
        }

        func checkStringLength(from contentStart: Int, quote: Int) throws(JSONSyntaxError) {
            guard index - contentStart <= JSONParser.maximumStringLength else {
                throw failure("a string longer than \(JSONParser.maximumStringLength) bytes", at: quote)
            }
        }

        /// Steps over one unescaped character of a string, checking it may appear there.
        mutating func skipStringCharacter(_ byte: UInt8) throws(JSONSyntaxError) {
            if byte >= 0x20 && byte < 0x80 {
                index += 1
            } else if byte < 0x20 {
                throw failure("unescaped control character \(codePoint(UInt32(byte))) in a string", at: index)
            } else if let length = scalarLength(at: index) {
                index += length
            } else {
                throw invalidUTF8(at: index)
            }
        }

        /// Decodes the escape whose backslash is at `index` and appends its UTF-8 to `buffer`.
        mutating func readEscape(into buffer: inout [UInt8], stringStart: Int) throws(JSONSyntaxError) {
            let escape = index
            guard escape + 1 < bytes.count else { throw unterminatedString(at: stringStart) }
            let decoded: UInt8
            switch bytes[escape + 1] {
            case Byte.quote: decoded = Byte.quote
            case Byte.backslash: decoded = Byte.backslash
            case Byte.slash: decoded = Byte.slash
            case Byte.lowercaseB: decoded = 0x08
            case Byte.lowercaseF: decoded = 0x0C
            case Byte.lowercaseN: decoded = Byte.lineFeed
            case Byte.lowercaseR: decoded = Byte.carriageReturn
            case Byte.lowercaseT: decoded = Byte.tab
            case Byte.lowercaseU:
                try readUnicodeEscape(into: &buffer, stringStart: stringStart)
                return
            case let code:
                guard let found = describeCharacter(at: escape + 1) else { throw invalidUTF8(at: escape + 1) }
                let shown = code >= 0x21 && code < 0x7F ? "'\\\(Unicode.Scalar(code))'" : "'\\' followed by \(found)"
                throw failure("invalid escape \(shown) in a string", at: escape)
            }
            buffer.append(decoded)
            index += 2
        }

        /// Decodes `\uXXXX`, or a surrogate pair of two such escapes, at `index`.
        mutating func readUnicodeEscape(into buffer: inout [UInt8], stringStart: Int) throws(JSONSyntaxError) {
            let first = index
            let unit = try readHexQuad(escapeAt: first, stringStart: stringStart)
            index = first + 6
            let scalar: UInt32
            switch unit {
            case 0xD800 ... 0xDBFF:
                let pairFollows = index + 1 < bytes.count
                    && bytes[index] == Byte.backslash && bytes[index + 1] == Byte.lowercaseU
                guard pairFollows else { throw unpairedSurrogate(at: first, isHigh: true) }
                let low = try readHexQuad(escapeAt: index, stringStart: stringStart)
                guard (0xDC00 ... 0xDFFF).contains(low) else { throw unpairedSurrogate(at: first, isHigh: true) }
                index += 6
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            case 0xDC00 ... 0xDFFF:
                throw unpairedSurrogate(at: first, isHigh: false)
            default:
                scalar = unit
            }
            Self.appendUTF8(scalar, to: &buffer)
        }

        /// The four hex digits after the `\u` whose backslash is at `escape`.
        func readHexQuad(escapeAt escape: Int, stringStart: Int) throws(JSONSyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for offset in escape + 2 ..< escape + 6 {
                guard offset < bytes.count else { throw unterminatedString(at: stringStart) }
                guard let digit = Byte.hexValue(bytes[offset]) else {
                    throw failure("invalid \\u escape: expected four hex digits after '\\u'", at: escape)
                }
                value = value << 4 | digit
            }
            return value
        }

        static func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
            switch scalar {
            case 0 ..< 0x80:
                buffer.append(UInt8(scalar))
            case 0x80 ..< 0x800:
                buffer.append(0xC0 | UInt8(scalar >> 6))
                buffer.append(0x80 | UInt8(scalar & 0x3F))
            case 0x800 ..< 0x10000:
                buffer.append(0xE0 | UInt8(scalar >> 12))
                buffer.append(0x80 | UInt8((scalar >> 6) & 0x3F))
                buffer.append(0x80 | UInt8(scalar & 0x3F))
            default:
                buffer.append(0xF0 | UInt8(scalar >> 18))
                buffer.append(0x80 | UInt8((scalar >> 12) & 0x3F))
                buffer.append(0x80 | UInt8((scalar >> 6) & 0x3F))
                buffer.append(0x80 | UInt8(scalar & 0x3F))
            }
        }

        func scalarLength(at offset: Int) -> Int? { SourceText.scalarLength(in: bytes, at: offset) }

        // MARK: Errors

        func failure(_ message: String, at offset: Int) -> JSONSyntaxError {
            let (line, column) = position(of: offset)
            return JSONSyntaxError(line: line, column: column, message: message)
        }

        func position(of offset: Int) -> (line: Int, column: Int) { SourceText.position(of: offset, in: bytes, from: start) }

        /// The error for finding something other than `expected` at `index`.
        func unexpected(expected: String) -> JSONSyntaxError {
            guard index < bytes.count else {
                return failure("unexpected end of input, expected \(expected)", at: index)
            }
            guard let found = describeCharacter(at: index) else { return invalidUTF8(at: index) }
            return failure("expected \(expected), found \(found)", at: index)
        }

        /// Like `unexpected(expected:)`, but shows a whole bare word such as `NaN`, `tru` or
        /// `Infinity`: the word says more about the mistake than its first letter.
        func unexpectedValue(expected: String) -> JSONSyntaxError {
            guard index < bytes.count, Byte.isLetter(bytes[index]) else { return unexpected(expected: expected) }
            var end = index
            while end < bytes.count && end - index < 32 && (Byte.isLetter(bytes[end]) || Byte.isDigit(bytes[end])) {
                end += 1
            }
            let word = String(decoding: bytes[index ..< end], as: UTF8.self)
            return failure("expected \(expected), found '\(word)'", at: index)
        }

        func unterminatedString(at quote: Int) -> JSONSyntaxError {
            failure("unterminated string: no closing '\"' before the end of input", at: quote)
        }

        func unpairedSurrogate(at escape: Int, isHigh: Bool) -> JSONSyntaxError {
            let written = String(decoding: bytes[escape ..< escape + 6], as: UTF8.self)
            let reason = isHigh
                ? "a high surrogate must be followed by a \\u escape of a low surrogate"
                : "a low surrogate must follow a \\u escape of a high surrogate"
            return failure("unpaired surrogate '\(written)' in a string: \(reason)", at: escape)
        }

        func invalidUTF8(at offset: Int) -> JSONSyntaxError {
            failure("invalid UTF-8 sequence starting with byte 0x\(hex(UInt32(bytes[offset]), digits: 2))", at: offset)
        }

        /// How an error message shows the character at `offset`: `'x'`, `U+000A`, or
        /// `'é' (U+00E9)`; nil when the bytes there are not valid UTF-8.
        func describeCharacter(at offset: Int) -> String? {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "'") { return "\"'\"" }
            if byte < 0x80 {
                let isPrintable = byte >= 0x20 && byte != 0x7F
                return isPrintable ? "'\(Unicode.Scalar(byte))'" : "control character \(codePoint(UInt32(byte)))"
            }
            guard let length = scalarLength(at: offset) else { return nil }
            let character = String(decoding: bytes[offset ..< offset + length], as: UTF8.self)
            let value = character.unicodeScalars.first?.value ?? 0
            return "'\(character)' (\(codePoint(value)))"
        }

        func codePoint(_ value: UInt32) -> String { "U+" + hex(value, digits: 4) }

        func hex(_ value: UInt32, digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
    }
}

extension JSONParser {
    /// The ASCII bytes the grammar names, so the parser reads like the RFC instead of hex.
    private enum Byte {
        static let tab: UInt8 = 0x09
        static let lineFeed: UInt8 = 0x0A
        static let carriageReturn: UInt8 = 0x0D
        static let space = UInt8(ascii: " ")
        static let quote = UInt8(ascii: "\"")
        static let plus = UInt8(ascii: "+")
        static let comma = UInt8(ascii: ",")
        static let minus = UInt8(ascii: "-")
        static let period = UInt8(ascii: ".")
        static let slash = UInt8(ascii: "/")
        static let zero = UInt8(ascii: "0")
        static let nine = UInt8(ascii: "9")
        static let colon = UInt8(ascii: ":")
        static let uppercaseE = UInt8(ascii: "E")
        static let leftBracket = UInt8(ascii: "[")
        static let backslash = UInt8(ascii: "\\")
        static let rightBracket = UInt8(ascii: "]")
        static let lowercaseB = UInt8(ascii: "b")
        static let lowercaseE = UInt8(ascii: "e")
        static let lowercaseF = UInt8(ascii: "f")
        static let lowercaseN = UInt8(ascii: "n")
        static let lowercaseR = UInt8(ascii: "r")
        static let lowercaseT = UInt8(ascii: "t")
        static let lowercaseU = UInt8(ascii: "u")
        static let leftBrace = UInt8(ascii: "{")
        static let rightBrace = UInt8(ascii: "}")

        static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

        static func isLetter(_ byte: UInt8) -> Bool {
            let lowercased = byte | 0x20
            return lowercased >= UInt8(ascii: "a") && lowercased <= UInt8(ascii: "z")
        }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case zero ... nine: UInt32(byte - zero)
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
