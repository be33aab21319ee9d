/// Why a fixture (or another JSON input such as a change list) could not be read: which file,
/// where in it, and what is wrong. Never a rejection: the reducer never sees malformed input.
public struct FixtureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, when the input came from one.
    public var file: String?
    /// The JSON path of the offending value, such as `$.commits[3].changes[0].inbox`; `$` for the root.
    public let path: String
    /// Line and column for malformed JSON; nil for a well-formed document with a wrong value.
    public let line: Int?
    public let column: Int?
    public let message: String

    public init(file: String? = nil, path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error for a document that is not JSON at all.
    public init(file: String?, syntax: JSONSyntaxError) {
        self.init(file: file, path: "$", line: syntax.line, column: syntax.column, message: syntax.message)
    }

    public var description: String {
        var place = file ?? "<input>"
        if let line, let column {
            place += ":\(line):\(column)"
        } else {
            place += " at \(path)"
        }
        return "\(place): \(message)"
    }
}
