import GroupCore

/// What `grouplog generate` makes: one group's log, grown to `members` in batches of adds and
/// then `commits` in all of everyday traffic, every choice drawn from `seed`.
///
/// The same recipe gives the same commits, byte for byte, on every machine.
public struct LogRecipe: Equatable, Sendable {
    public var seed: UInt64 = 1
    public var group: GroupID = GroupID(unchecked: "generated")
    /// The size the group grows to, its owner included.
    public var members = 1_000
    /// The commits in all, commit 0 and the growing adds included.
    public var commits = 10_000
    /// The inboxes each growing `addMembers` adds.
    public var batch = 1_000
    public var style: InboxStyle = .short
    public var mix: OperationMix = .standard
    /// The share of the everyday commits, in percent, made so that the reducer rejects them.
    public var rejectedPercent = 5
    /// The member limit commit 0 sets; nil: `members` with room for the mix's adds.
    public var memberLimit: Int?
    /// The time of commit 0; each commit after comes a millisecond later.
    public var start: Milliseconds = 1_700_000_000_000

    public static let memberRange = 1...10_000_000
    public static let batchRange = 1...100_000
    public static let commitRange = 1...100_000_000
    public static let rejectedRange = 0...100

    public init() {}

    /// The member limit the log's `create` gives.
    public var effectiveMemberLimit: Int { memberLimit ?? members + max(1_000, members / 100) }

    /// The commits it takes to grow the group: commit 0, then one per batch.
    public var growingCommits: Int { 1 + (members - 1 + batch - 1) / batch }

    /// Refuses a recipe no log can follow, naming the option and the range it allows.
    public func check() throws(RecipeProblem) {
        try Self.check(members, in: Self.memberRange, option: "--members")
        try Self.check(batch, in: Self.batchRange, option: "--batch")
        try Self.check(commits, in: Self.commitRange, option: "--commits")
        try Self.check(rejectedPercent, in: Self.rejectedRange, option: "--rejected")
        if let memberLimit {
            try Self.check(memberLimit, in: Self.memberRange, option: "--member-limit")
            guard members <= memberLimit else {
                throw RecipeProblem("--members \(members) is more than --member-limit \(memberLimit) allows: give at most \(memberLimit) members, or a limit from \(members) to \(Self.memberRange.upperBound)")
            }
        }
        guard commits >= growingCommits else {
            throw RecipeProblem("--commits \(commits) is too few to grow the group to \(members) members in batches of \(batch): give from \(growingCommits) to \(Self.commitRange.upperBound), or a larger --batch")
        }
    }

    private static func check(_ value: Int, in range: ClosedRange<Int>, option: String) throws(RecipeProblem) {
        guard range.contains(value) else {
            throw RecipeProblem("\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
    }
}
