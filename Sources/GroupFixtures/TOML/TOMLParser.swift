/// A strict reader for the subset of TOML 1.0 that a GroupLog operator configuration uses. It
/// produces the same tree as ``JSONParser`` (a ``JSONValue`` whose objects keep their keys in
/// document order), so one semantic decoder reads a configuration in either format.
///
/// Supported: comments, `key = value` with bare, quoted and dotted keys, basic strings with
/// escapes, literal strings, integers (decimal with optional sign and `_` separators, `0x`,
/// `0o` and `0b`), booleans, arrays (across lines, trailing comma allowed, comments inside),
/// inline tables on one line, `[table]` and `[[array of tables]]` headers.
///
/// Refused with a message naming the construct: floats, dates and times, multi-line strings.
/// Integers become ``JSONNumber``s holding their canonical decimal text (`0xC001` is `49153`)
/// and must fit `Int64`. Every redefinition TOML forbids is refused: a key or table defined
/// twice, a key that reuses a table's name, a `[[header]]` over a table and the reverse, dotted
/// keys or headers that reach into an inline table. The first problem is reported as a
/// ``TOMLSyntaxError`` with its line and column; bad input never traps. A UTF-8 byte order mark
/// at the start is skipped.
public enum TOMLParser {
    /// The deepest nesting of tables and arrays a document may have: the root table is level 0,
    /// and each table, array or array of tables inside another adds one level (the tables of
    /// `[[a]]` are level 2). The limit keeps the recursive code that reads and later walks the
    /// value far from the thread's stack limit; a configuration needs a handful of levels.
    public static let maximumDepth = 64

    /// Parses one TOML document.
    /// - Parameter bytes: The document as UTF-8, optionally starting with a byte order mark.
    /// - Returns: The root table as a ``JSONValue/object(_:)``.
    /// - Throws: ``TOMLSyntaxError`` at the first place the input is not valid TOML or uses a
    ///   construct outside the supported subset.
    public static func parse(_ bytes: [UInt8]) throws(TOMLSyntaxError) -> JSONValue {
        var reader = TOMLReader(bytes: bytes)
        return try reader.readDocument()
    }

    /// Parses one TOML document held in a string.
    /// - Throws: ``TOMLSyntaxError`` at the first place the text is not valid TOML or uses a
    ///   construct outside the supported subset.
    public static func parse(_ text: String) throws(TOMLSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}
