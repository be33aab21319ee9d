/// The ASCII bytes the TOML grammar names, so the reader reads like the grammar instead of hex.
enum TOMLByte {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let delete: UInt8 = 0x7F
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let apostrophe = UInt8(ascii: "'")
    static let plus = UInt8(ascii: "+")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let period = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let colon = UInt8(ascii: ":")
    static let equals = UInt8(ascii: "=")
    static let leftBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let rightBracket = UInt8(ascii: "]")
    static let underscore = UInt8(ascii: "_")
    static let leftBrace = UInt8(ascii: "{")
    static let rightBrace = UInt8(ascii: "}")

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

    static func isLetter(_ byte: UInt8) -> Bool {
        let lowercased = byte | 0x20
        return lowercased >= UInt8(ascii: "a") && lowercased <= UInt8(ascii: "z")
    }

    /// `A-Za-z0-9_-`: the characters of a bare key.
    static func isBareKey(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == underscore || byte == minus
    }

    /// Space and tab: the only whitespace TOML has within a line.
    static func isSpace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// A control character that must not appear raw in a string or comment: all of C0 but tab,
    /// and DEL.
    static func isForbiddenControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != tab) || byte == delete
    }

    /// The value of `byte` as a digit in `radix` (2, 8, 10 or 16), or nil.
    static func digitValue(_ byte: UInt8, radix: UInt64) -> UInt64? {
        let value: UInt64
        switch byte {
        case zero ... nine: value = UInt64(byte - zero)
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): value = UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): value = UInt64(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
        return value < radix ? value : nil
    }
}
