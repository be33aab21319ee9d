/// A recipe that cannot make a log, with a message that names the option and what it allows.
public struct RecipeProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
