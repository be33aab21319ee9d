extension TOMLReader {
    /// Reads the value at `index`.
    /// - Parameters:
    ///   - depth: The level the value occupies if it is an array or inline table.
    ///   - path: The key path the value is stored under, for messages about an inline table's keys.
    ///   - expected: What the error says was expected when no value is there.
    mutating func readValue(depth: Int, path: [String], expected: String) throws(TOMLSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw unexpected(expected: expected) }
        let byte = bytes[index]
        switch byte {
        case TOMLByte.quote:
            return .string(try readBasicString())
        case TOMLByte.apostrophe:
            return .string(try readLiteralString())
        case TOMLByte.leftBracket:
            return try readArray(depth: depth, path: path)
        case TOMLByte.leftBrace:
            return try readInlineTable(depth: depth, path: path)
        case TOMLByte.plus, TOMLByte.minus, TOMLByte.zero ... TOMLByte.nine:
            return .number(try readInteger())
        default:
            guard TOMLByte.isLetter(byte) else { throw unexpected(expected: expected) }
            return try readWord(expected: expected)
        }
    }

    // MARK: Arrays and inline tables

    mutating func readArray(depth: Int, path: [String]) throws(TOMLSyntaxError) -> JSONValue {
        try checkDepth(depth)
        openers.append(Opener(offset: index, isInlineTable: false))
        index += 1
        var elements: [JSONValue] = []
        while true {
            try skipArrayFiller()
            if index < bytes.count && bytes[index] == TOMLByte.rightBracket {
                index += 1
                break
            }
            elements.append(try readValue(depth: depth + 1, path: path, expected: "a value or ']' in an array"))
            try skipArrayFiller()
            guard index < bytes.count, bytes[index] == TOMLByte.comma || bytes[index] == TOMLByte.rightBracket else {
                throw unexpected(expected: "',' or ']' after an array element")
            }
            index += 1
            if bytes[index - 1] == TOMLByte.rightBracket { break }
        }
        openers.removeLast()
        return .array(elements)
    }

    /// Skips what may separate an array's elements: spaces, line breaks and comments.
    mutating func skipArrayFiller() throws(TOMLSyntaxError) {
        while index < bytes.count {
            if TOMLByte.isSpace(bytes[index]) {
                index += 1
            } else if let length = lineBreakLength(at: index) {
                index += length
            } else if bytes[index] == TOMLByte.hash {
                try skipComment()
            } else {
                return
            }
        }
    }

    /// Reads `{ a = 1, b.c = "x" }`: one line, no trailing comma. Its keys follow the same
    /// rules as a table's, in a tree of their own that becomes a finished value.
    mutating func readInlineTable(depth: Int, path: [String]) throws(TOMLSyntaxError) -> JSONValue {
        try checkDepth(depth)
        openers.append(Opener(offset: index, isInlineTable: true))
        index += 1
        var tree = TOMLTableTree(path: path, depth: depth, maximumDepth: TOMLParser.maximumDepth)
        skipSpaces()
        if index < bytes.count && bytes[index] == TOMLByte.rightBrace {
            index += 1
        } else {
            var expectedKey = "a key or '}' in an inline table"
            while true {
                try readKeyValue(into: &tree, table: TOMLTableTree.root, expectedKey: expectedKey)
                skipSpaces()
                guard index < bytes.count, bytes[index] == TOMLByte.comma || bytes[index] == TOMLByte.rightBrace else {
                    throw unexpected(expected: "',' or '}' after an inline table member")
                }
                index += 1
                if bytes[index - 1] == TOMLByte.rightBrace { break }
                skipSpaces()
                expectedKey = "a key after ',' in an inline table"
            }
        }
        openers.removeLast()
        return tree.json()
    }

    func checkDepth(_ depth: Int) throws(TOMLSyntaxError) {
        guard depth <= TOMLParser.maximumDepth else {
            throw failure("nesting deeper than \(TOMLParser.maximumDepth) levels", at: index)
        }
    }

    // MARK: Words

    /// Reads `true` or `false`; any other word is refused, naming floats for `inf` and `nan`.
    mutating func readWord(expected: String) throws(TOMLSyntaxError) -> JSONValue {
        let wordStart = index
        var end = index
        while end < bytes.count && TOMLByte.isBareKey(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[wordStart ..< end], as: UTF8.self)
        switch word {
        case "true":
            index = end
            return .bool(true)
        case "false":
            index = end
            return .bool(false)
        case "inf", "nan":
            throw failure(Self.floatsUnsupported, at: wordStart)
        default:
            let shown = word.count > 32 ? String(word.prefix(32)) + "..." : word
            throw failure("expected \(expected), found '\(shown)'", at: wordStart)
        }
    }

    static let floatsUnsupported = "floats are not supported in a GroupLog configuration"
    static let datesUnsupported = "dates and times are not supported in a GroupLog configuration"
    static let multiLineStringsUnsupported = "multi-line strings are not supported in a GroupLog configuration"

    // MARK: Integers

    /// Reads an integer and returns its canonical decimal text. The whole run of characters that
    /// could belong to a TOML number, date or time is taken first, so a float or a date is
    /// named as such instead of failing at its first unexpected character.
    mutating func readInteger() throws(TOMLSyntaxError) -> JSONNumber {
        let numberStart = index
        var end = index
        while end < bytes.count && Self.isNumberCharacter(bytes[end]) { end += 1 }
        let sign = bytes[numberStart]
        let hasSign = sign == TOMLByte.plus || sign == TOMLByte.minus
        let body = hasSign ? numberStart + 1 : numberStart
        let text = bytes[body ..< end]
        if text.elementsEqual("inf".utf8) || text.elementsEqual("nan".utf8) {
            throw failure(Self.floatsUnsupported, at: numberStart)
        }
        guard body < end, TOMLByte.isDigit(bytes[body]) else {
            index = body
            throw unexpected(expected: "a digit after '\(Unicode.Scalar(sign))'")
        }
        if !hasSign && isDateOrTime(from: body, to: end) {
            throw failure(Self.datesUnsupported, at: numberStart)
        }
        if bytes[body] == TOMLByte.zero && body + 1 < end, let (radix, name) = Self.radix(prefix: bytes[body + 1]) {
            guard !hasSign else {
                throw failure("a sign is not allowed before \(name) integer", at: numberStart)
            }
            return try readDigits(from: body + 2, to: end, numberStart: numberStart, radix: radix, name: name)
        }
        let isFloat = text.contains { $0 == TOMLByte.period || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        if isFloat { throw failure(Self.floatsUnsupported, at: numberStart) }
        if bytes[body] == TOMLByte.zero && body + 1 < end
            && (TOMLByte.isDigit(bytes[body + 1]) || bytes[body + 1] == TOMLByte.underscore) {
            throw failure("leading zeros are not allowed in integers", at: body)
        }
        return try readDigits(
            from: body, to: end, numberStart: numberStart, radix: 10, name: nil, isNegative: sign == TOMLByte.minus
        )
    }

    /// Checks the digits in `from ..< to`, with `_` only between two digits, and converts them.
    /// - Parameter name: The radix's name with its article for messages (`an octal`), nil for
    ///   decimal.
    mutating func readDigits(
        from digitsStart: Int, to end: Int, numberStart: Int, radix: UInt64, name: String?, isNegative: Bool = false
    ) throws(TOMLSyntaxError) -> JSONNumber {
        let kind = name.map { "\($0) integer" } ?? "an integer"
        if let name, digitsStart >= end || TOMLByte.digitValue(bytes[digitsStart], radix: radix) == nil {
            index = digitsStart
            let prefix = String(decoding: bytes[digitsStart - 2 ..< digitsStart], as: UTF8.self)
            throw unexpected(expected: "\(name) digit after '\(prefix)'")
        }
        var magnitude: UInt64 = 0
        var overflow = false
        for position in digitsStart ..< end {
            let byte = bytes[position]
            if let digit = TOMLByte.digitValue(byte, radix: radix) {
                let (shifted, shiftOverflow) = magnitude.multipliedReportingOverflow(by: radix)
                let (sum, sumOverflow) = shifted.addingReportingOverflow(digit)
                overflow = overflow || shiftOverflow || sumOverflow
                magnitude = sum
            } else if byte == TOMLByte.underscore {
                let isBetweenDigits = position + 1 < end
                    && TOMLByte.digitValue(bytes[position - 1], radix: radix) != nil
                    && TOMLByte.digitValue(bytes[position + 1], radix: radix) != nil
                guard isBetweenDigits else {
                    throw failure("an underscore in an integer must be between two digits", at: position)
                }
            } else {
                throw failure("invalid character \(describe(at: position)) in \(kind)", at: position)
            }
        }
        let value: Int64?
        if isNegative {
            // -2^63 has no positive counterpart, so negate one less and step down.
            value = magnitude == 0 ? 0 : Int64(exactly: magnitude - 1).map { -$0 - 1 }
        } else {
            value = Int64(exactly: magnitude)
        }
        guard !overflow, let value else {
            throw failure(
                "integer out of range: an integer must be between \(Int64.min) and \(Int64.max)", at: numberStart
            )
        }
        index = end
        return JSONNumber(text: String(value))
    }

    /// The characters of TOML integers, floats, dates and times, signs included.
    static func isNumberCharacter(_ byte: UInt8) -> Bool {
        TOMLByte.isBareKey(byte) || byte == TOMLByte.plus || byte == TOMLByte.period || byte == TOMLByte.colon
    }

    /// `1979-05-27...` or `07:32...`: the starts of a TOML date and of a time.
    func isDateOrTime(from body: Int, to end: Int) -> Bool {
        func digits(_ count: Int) -> Bool {
            body + count < end && bytes[body ..< body + count].allSatisfy(TOMLByte.isDigit)
        }
        if digits(4) && bytes[body + 4] == TOMLByte.minus { return true }
        return digits(2) && bytes[body + 2] == TOMLByte.colon
    }

    static func radix(prefix: UInt8) -> (radix: UInt64, name: String)? {
        switch prefix {
        case UInt8(ascii: "x"): (16, "a hexadecimal")
        case UInt8(ascii: "o"): (8, "an octal")
        case UInt8(ascii: "b"): (2, "a binary")
        default: nil
        }
    }

    // MARK: Strings

    /// Reads a basic string starting at its opening quote; it must close on the same line.
    mutating func readBasicString() throws(TOMLSyntaxError) -> String {
        let quote = index
        if index + 2 < bytes.count && bytes[index + 1] == TOMLByte.quote && bytes[index + 2] == TOMLByte.quote {
            throw failure(Self.multiLineStringsUnsupported, at: quote)
        }
        index += 1
        var buffer: [UInt8] = []
        var chunkStart = index
        while true {
            guard index < bytes.count, lineBreakLength(at: index) == nil else {
                throw failure("unterminated string: no closing '\"' before the end of the line", at: quote)
            }
            let byte = bytes[index]
            if byte == TOMLByte.quote {
                buffer.append(contentsOf: bytes[chunkStart ..< index])
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte == TOMLByte.backslash {
                buffer.append(contentsOf: bytes[chunkStart ..< index])
                try readEscape(into: &buffer)
                chunkStart = index
            } else if TOMLByte.isForbiddenControl(byte) {
                throw failure("unescaped control character \(codePoint(UInt32(byte))) in a string", at: index)
            } else {
                index += 1
            }
        }
    }

    /// Decodes the escape whose backslash is at `index` and appends its UTF-8 to `buffer`.
    mutating func readEscape(into buffer: inout [UInt8]) throws(TOMLSyntaxError) {
        let escape = index
        let decoded: UInt8
        let code = escape + 1 < bytes.count ? bytes[escape + 1] : 0
        switch code {
        case TOMLByte.quote: decoded = TOMLByte.quote
        case TOMLByte.backslash: decoded = TOMLByte.backslash
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "t"): decoded = TOMLByte.tab
        case UInt8(ascii: "n"): decoded = TOMLByte.lineFeed
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "r"): decoded = TOMLByte.carriageReturn
        case UInt8(ascii: "u"):
            try readUnicodeEscape(into: &buffer, digits: 4)
            return
        case UInt8(ascii: "U"):
            try readUnicodeEscape(into: &buffer, digits: 8)
            return
        default:
            let shown = code >= 0x21 && code < 0x7F && escape + 1 < bytes.count
                ? "'\\\(Unicode.Scalar(code))'"
                : "'\\' followed by \(describe(at: escape + 1))"
            throw failure("invalid escape \(shown) in a string", at: escape)
        }
        buffer.append(decoded)
        index += 2
    }

    /// Decodes `\uXXXX` or `\UXXXXXXXX`, which must name a Unicode scalar value.
    mutating func readUnicodeEscape(into buffer: inout [UInt8], digits: Int) throws(TOMLSyntaxError) {
        let escape = index
        let letter = digits == 4 ? "u" : "U"
        var value: UInt32 = 0
        for offset in escape + 2 ..< escape + 2 + digits {
            guard offset < bytes.count, let digit = TOMLByte.digitValue(bytes[offset], radix: 16) else {
                let count = digits == 4 ? "four" : "eight"
                throw failure("invalid \\\(letter) escape: expected \(count) hex digits after '\\\(letter)'", at: escape)
            }
            value = value << 4 | UInt32(digit)
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw failure(
                "invalid \\\(letter) escape: \(codePoint(value)) is not a Unicode scalar value", at: escape
            )
        }
        UTF8.encode(scalar) { buffer.append($0) }
        index = escape + 2 + digits
    }

    /// Reads a literal string starting at its opening apostrophe: no escapes, one line.
    mutating func readLiteralString() throws(TOMLSyntaxError) -> String {
        let quote = index
        if index + 2 < bytes.count && bytes[index + 1] == TOMLByte.apostrophe && bytes[index + 2] == TOMLByte.apostrophe {
            throw failure(Self.multiLineStringsUnsupported, at: quote)
        }
        index += 1
        let contentStart = index
        while true {
            guard index < bytes.count, lineBreakLength(at: index) == nil else {
                throw failure("unterminated string: no closing \"'\" before the end of the line", at: quote)
            }
            let byte = bytes[index]
            if byte == TOMLByte.apostrophe {
                let string = String(decoding: bytes[contentStart ..< index], as: UTF8.self)
                index += 1
                return string
            }
            if TOMLByte.isForbiddenControl(byte) {
                throw failure("control character \(codePoint(UInt32(byte))) is not allowed in a literal string", at: index)
            }
            index += 1
        }
    }
}
