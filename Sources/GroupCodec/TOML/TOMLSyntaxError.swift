/// Why a document is not a GroupLog TOML configuration, and where: the first problem the reader
/// met.
///
/// The position is what an editor shows, so an operator can jump straight to it: `line` and
/// `column` are 1-based, and the column counts Unicode scalars (not bytes) from the start of the
/// line. A byte order mark at the start of the input is not counted.
public struct TOMLSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line of the problem; LF and CR LF each end a line.
    public let line: Int
    /// The 1-based column of the problem, in Unicode scalars from the start of the line.
    public let column: Int
    /// What is wrong, for example `expected '=' after a key, found '1'`.
    public let message: String

    /// Creates an error at a position.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// The position and message in one line: `line 4, column 9: expected '=' after a key, ...`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
