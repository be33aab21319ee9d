import GroupFixtures

/// A recording that would not pass when run: the log's commits do not replay as they did, most
/// likely because an identity a commit recorded as unresolved has been claimed since.
public struct FixtureRecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the recorded fixture's run first differs from the log.
    public let difference: FixtureDifference

    /// The message, with the difference.
    public var description: String {
        "the recorded fixture would not reproduce the log: \(difference)"
    }
}
