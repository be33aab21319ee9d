/// Why a fixture cannot be shrunk.
public enum FixtureShrinkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The fixture passes: there is no failure to keep.
    case passes

    /// The message for the command line.
    public var description: String {
        switch self {
        case .passes: "the fixture passes: nothing to shrink"
        }
    }
}
