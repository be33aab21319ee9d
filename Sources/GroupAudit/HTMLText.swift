/// Text made safe to place in an HTML page, in element content or in a quoted attribute value.
public enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references, so that a name
    /// or reason from a log can never open a tag, close an attribute or start a script.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
