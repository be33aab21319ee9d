/// How big a fixture is: its commits, their changes, and its file's bytes.
public struct FixtureSize: Equatable, Sendable, CustomStringConvertible {
    /// The commits of its log.
    public let commits: Int
    /// The changes of all its commits.
    public let changes: Int
    /// The size of its file.
    public let bytes: Int

    /// A size, counted by the shrinker.
    public init(commits: Int, changes: Int, bytes: Int) {
        self.commits = commits
        self.changes = changes
        self.bytes = bytes
    }

    /// `120 commits (340 changes, 41,233 bytes)`.
    public var description: String {
        "\(Self.counted(commits, "commit")) (\(Self.counted(changes, "change")), \(Self.counted(bytes, "byte")))"
    }

    private static func counted(_ number: Int, _ noun: String) -> String {
        "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
    }

    /// The number with a comma between each group of three digits.
    private static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var result = ""
        while digits.count > 3 {
            result = "," + digits.suffix(3) + result
            digits.removeLast(3)
        }
        return digits + result
    }
}
