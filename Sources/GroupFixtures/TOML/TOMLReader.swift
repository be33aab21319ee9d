/// The state of reading one TOML document: the input, a read position in it, and the arrays
/// and inline tables open around that position. This file reads the document's lines, keys and
/// headers and reports errors; `TOMLReader+Values.swift` reads values.
struct TOMLReader {
    /// An array or inline table whose closing bracket has not been read yet.
    struct Opener {
        let offset: Int
        let isInlineTable: Bool
    }

    let bytes: [UInt8]
    var index: Int
    /// Where the document starts: after the byte order mark, if any, which columns skip.
    let start: Int
    /// Kept so that an error at the end of input can point at the bracket left open, and a
    /// line break can be recognised as one inside an inline table.
    var openers: [Opener] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        start = hasBOM ? 3 : 0
        index = start
    }

    // MARK: Document

    mutating func readDocument() throws(TOMLSyntaxError) -> JSONValue {
        try validateUTF8()
        var tree = TOMLTableTree(path: [], depth: 0, maximumDepth: TOMLParser.maximumDepth)
        var current = TOMLTableTree.root
        while true {
            skipSpaces()
            guard index < bytes.count else { return tree.json() }
            if let length = lineBreakLength(at: index) {
                index += length
                continue
            }
            switch bytes[index] {
            case TOMLByte.hash:
                try skipComment()
            case TOMLByte.leftBracket:
                current = try readHeader(into: &tree)
                try finishLine(after: "a table header")
            default:
                try readKeyValue(into: &tree, table: current, expectedKey: "a key")
                try finishLine(after: "a value")
            }
        }
    }

    /// Reads `[a.b]` or `[[a.b]]` and returns the table that the following lines fill.
    mutating func readHeader(into tree: inout TOMLTableTree) throws(TOMLSyntaxError) -> Int {
        index += 1
        let isArray = index < bytes.count && bytes[index] == TOMLByte.leftBracket
        if isArray { index += 1 }
        skipSpaces()
        let key = try readKey(expected: "a key")
        skipSpaces()
        guard index < bytes.count, bytes[index] == TOMLByte.rightBracket else {
            throw unexpected(expected: isArray ? "']]' after an array of tables header" : "']' after a table header")
        }
        index += 1
        if isArray {
            guard index < bytes.count, bytes[index] == TOMLByte.rightBracket else {
                throw unexpected(expected: "a second ']' to close an array of tables header")
            }
            index += 1
        }
        do throws(TOMLTableTree.Conflict) {
            return isArray ? try tree.appendTable(key) : try tree.openTable(key)
        } catch {
            throw failure(error)
        }
    }

    /// Reads `key = value` into `table` of `tree`: a line of the document, or a member of an
    /// inline table.
    mutating func readKeyValue(
        into tree: inout TOMLTableTree, table: Int, expectedKey: String
    ) throws(TOMLSyntaxError) {
        let key = try readKey(expected: expectedKey)
        skipSpaces()
        guard index < bytes.count, bytes[index] == TOMLByte.equals else {
            throw unexpected(expected: "'=' after a key")
        }
        index += 1
        skipSpaces()
        let parent: Int
        do throws(TOMLTableTree.Conflict) {
            parent = try tree.prepareKey(key, in: table)
        } catch {
            throw failure(error)
        }
        let last = key.segments.count - 1
        let name = key.segments[last]
        let value = try readValue(
            depth: tree.depth(of: parent) + 1,
            path: tree.tables[parent].path + [name],
            expected: "a value after '='"
        )
        tree.insert(value, named: name, in: parent, definedAt: key.offsets[last])
    }

    /// After a value or header: spaces, an optional comment, then the end of the line.
    mutating func finishLine(after construct: String) throws(TOMLSyntaxError) {
        skipSpaces()
        if index < bytes.count && bytes[index] == TOMLByte.hash { try skipComment() }
        guard index < bytes.count else { return }
        guard let length = lineBreakLength(at: index) else {
            throw failure("trailing content after \(construct), found \(describe(at: index))", at: index)
        }
        index += length
    }

    // MARK: Keys

    /// Reads a key of one or more dot-separated segments, with spaces allowed around the dots.
    mutating func readKey(expected: String) throws(TOMLSyntaxError) -> TOMLKey {
        var key = TOMLKey(segments: [], offsets: [])
        var expectation = expected
        while true {
            guard index < bytes.count else { throw unexpected(expected: expectation) }
            let segmentStart = index
            let byte = bytes[index]
            if byte == TOMLByte.quote {
                key.segments.append(try readBasicString())
            } else if byte == TOMLByte.apostrophe {
                key.segments.append(try readLiteralString())
            } else if TOMLByte.isBareKey(byte) {
                while index < bytes.count && TOMLByte.isBareKey(bytes[index]) { index += 1 }
                key.segments.append(String(decoding: bytes[segmentStart ..< index], as: UTF8.self))
                if index < bytes.count && !Self.endsBareKey(bytes[index]) {
                    throw failure("invalid character \(describe(at: index)) in a bare key", at: index)
                }
            } else {
                throw unexpected(expected: expectation)
            }
            key.offsets.append(segmentStart)
            skipSpaces()
            guard index < bytes.count, bytes[index] == TOMLByte.period else { return key }
            index += 1
            skipSpaces()
            expectation = "a key after '.'"
        }
    }

    /// Whether `byte` may follow a bare key directly. Anything else next to a bare key is taken
    /// as a character the operator meant to be part of it (`ké`, `a$b`), which needs quotes.
    static func endsBareKey(_ byte: UInt8) -> Bool {
        switch byte {
        case TOMLByte.space, TOMLByte.tab, TOMLByte.period, TOMLByte.equals, TOMLByte.rightBracket,
             TOMLByte.rightBrace, TOMLByte.comma, TOMLByte.hash, TOMLByte.lineFeed, TOMLByte.carriageReturn:
            true
        default:
            false
        }
    }

    // MARK: Whitespace and comments

    mutating func skipSpaces() {
        while index < bytes.count && TOMLByte.isSpace(bytes[index]) { index += 1 }
    }

    /// 1 for LF, 2 for CR LF, nil otherwise: TOML has no other line break.
    func lineBreakLength(at offset: Int) -> Int? {
        guard offset < bytes.count else { return nil }
        if bytes[offset] == TOMLByte.lineFeed { return 1 }
        if bytes[offset] == TOMLByte.carriageReturn && offset + 1 < bytes.count && bytes[offset + 1] == TOMLByte.lineFeed {
            return 2
        }
        return nil
    }

    /// Skips from `#` to the end of the line, leaving the line break to the caller.
    mutating func skipComment() throws(TOMLSyntaxError) {
        index += 1
        while index < bytes.count && lineBreakLength(at: index) == nil {
            if TOMLByte.isForbiddenControl(bytes[index]) {
                throw failure("control character \(codePoint(UInt32(bytes[index]))) is not allowed in a comment", at: index)
            }
            index += 1
        }
    }

    /// TOML documents are UTF-8 throughout, so the whole input is checked once up front, and
    /// every slice taken later decodes without replacement characters.
    func validateUTF8() throws(TOMLSyntaxError) {
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] < 0x80 {
                offset += 1
            } else if let length = scalarLength(at: offset) {
                offset += length
            } else {
                throw failure("invalid UTF-8 sequence starting with byte 0x\(hex(UInt32(bytes[offset]), digits: 2))", at: offset)
            }
        }
    }

    func scalarLength(at offset: Int) -> Int? { SourceText.scalarLength(in: bytes, at: offset) }

    // MARK: Errors

    func failure(_ message: String, at offset: Int) -> TOMLSyntaxError {
        let (line, column) = position(of: offset)
        return TOMLSyntaxError(line: line, column: column, message: message)
    }

    func failure(_ conflict: TOMLTableTree.Conflict) -> TOMLSyntaxError {
        failure(conflict.message(line: { position(of: $0).line }), at: conflict.offset)
    }

    func position(of offset: Int) -> (line: Int, column: Int) { SourceText.position(of: offset, in: bytes, from: start) }

    /// The error for finding something other than `expected` at `index`. The end of input
    /// inside an array or inline table is reported at the bracket left open, and a line break
    /// inside an inline table as such: both say more than what was expected next.
    func unexpected(expected: String) -> TOMLSyntaxError {
        if let opener = openers.last {
            if index >= bytes.count {
                let message = opener.isInlineTable
                    ? "unclosed inline table: no '}' before the end of input"
                    : "unclosed array: no ']' before the end of input"
                return failure(message, at: opener.offset)
            }
            if opener.isInlineTable && lineBreakLength(at: index) != nil {
                return failure("newline inside an inline table: an inline table must be on one line", at: index)
            }
        }
        return failure("expected \(expected), found \(describe(at: index))", at: index)
    }

    /// How an error message shows what is at `offset`: `'x'`, `"'"`, `end of line`,
    /// `control character U+0001`, or `'é' (U+00E9)`.
    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        if lineBreakLength(at: offset) != nil { return "end of line" }
        let byte = bytes[offset]
        if byte == TOMLByte.apostrophe { return "\"'\"" }
        if byte < 0x80 {
            let isPrintable = byte >= 0x20 && byte != TOMLByte.delete
            return isPrintable ? "'\(Unicode.Scalar(byte))'" : "control character \(codePoint(UInt32(byte)))"
        }
        guard let length = scalarLength(at: offset) else { return "byte 0x\(hex(UInt32(byte), digits: 2))" }
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
