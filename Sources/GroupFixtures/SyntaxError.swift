/// Why a document is not valid JSON or TOML, and where: the first problem the reader met.
///
/// The position is what an editor shows, so an author can jump straight to it: `line` and
/// `column` are 1-based, and the column counts Unicode scalars (not bytes) from the start of the
/// line. A byte order mark at the start of the input is not counted.
public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line of the problem; LF, CR LF and a lone CR each end a line.
    public let line: Int
    /// The 1-based column of the problem, in Unicode scalars from the start of the line.
    public let column: Int
    /// What is wrong, for example `expected ',' or '}' after an object member, found ']'`.
    public let message: String

    /// Creates an error at a position.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// The position and message in one line: `line 3, column 14: expected ...`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A JSON document's syntax error.
public typealias JSONSyntaxError = SyntaxError
/// A TOML configuration's syntax error.
public typealias TOMLSyntaxError = SyntaxError
