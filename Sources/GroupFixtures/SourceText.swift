/// What both text readers (JSON and TOML) need to know about UTF-8 source text: where a
/// well-formed character ends, and the line and column of a byte for error messages.
enum SourceText {
    /// The length of the well-formed UTF-8 sequence at `offset`, or nil when it is not one:
    /// overlong forms, encoded surrogates and values above U+10FFFF are all refused.
    static func scalarLength(in bytes: [UInt8], at offset: Int) -> Int? {
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        let length: Int
        switch bytes[offset] {
        case 0x00 ... 0x7F: return 1
        case 0xC2 ... 0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1 ... 0xEC, 0xEE ... 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1 ... 0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard offset + length <= bytes.count, (low ... high).contains(bytes[offset + 1]) else { return nil }
        for continuation in offset + 2 ..< offset + length where bytes[continuation] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    /// The 1-based line and column of byte `offset`, counting from `start` (past a byte order
    /// mark). Lines break at LF, CR LF (counted once) and a lone CR; columns count characters.
    static func position(of offset: Int, in bytes: [UInt8], from start: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var cursor = start
        while cursor < offset && cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                // CR LF is one line break, counted at its LF.
                if cursor + 1 >= bytes.count || bytes[cursor + 1] != 0x0A {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                // Only lead bytes start a character; continuation bytes add no column.
                column += 1
            }
            cursor += 1
        }
        return (line, column)
    }
}
