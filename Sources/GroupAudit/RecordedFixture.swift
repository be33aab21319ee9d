import GroupFixtures

/// A fixture recorded from a window of a log, and what it holds.
public struct RecordedFixture: Equatable, Sendable {
    /// The fixture as JSON.
    public let document: JSONValue
    /// The first commit of the window.
    public let first: UInt64
    /// The last commit of the window.
    public let last: UInt64
    /// How many of the window's commits were applied.
    public let applied: Int
    /// How many of the window's commits were rejected.
    public let rejected: Int
    /// The changes the window's commits hold.
    public let changes: Int

    /// The fixture's text, as a file holds it.
    public var text: String { JSONWriter.write(document, pretty: true) + "\n" }

    /// The number of commits in the window.
    public var commits: Int { applied + rejected }
}
