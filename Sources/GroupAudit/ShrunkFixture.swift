import GroupFixtures

/// A shrunk fixture, with its size before and after.
public struct ShrunkFixture: Equatable, Sendable {
    /// The smaller fixture's file contents.
    public let text: String
    /// The original fixture's size.
    public let before: FixtureSize
    /// The smaller fixture's size, its bytes those of ``text``.
    public let after: FixtureSize
    /// The smaller fixture's first difference, as `fixture run` reports it.
    public let difference: FixtureDifference?
}
