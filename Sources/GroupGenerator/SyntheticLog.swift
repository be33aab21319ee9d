import GroupCodec
import GroupCore

/// The log a `LogRecipe` describes, made commit by commit in memory that grows with the group,
/// not with the log: commit 0 creates the group (its owner the only super admin), the next
/// commits add the members in batches, and the rest are drawn from the recipe's mix, with the
/// recipe's share made to be rejected.
///
/// Every commit is folded through the real reducer as it is made, so each comes with its true
/// outcome, and the state after the last is `state`. The commits are chained (each carries the
/// hash of the one before), so a store can ingest them as they are.
///
/// ```swift
/// var recipe = LogRecipe()
/// recipe.members = 1_000_000
/// var log = try SyntheticLog(recipe)
/// while let next = log.next() { ... }
/// ```
public struct SyntheticLog: Sequence, IteratorProtocol {
    public let recipe: LogRecipe
    var random: SplitMix64
    var cast = Cast()
    private var replica: Replica
    private var previousHash: Digest?
    private var nextSequence: UInt64 = 0
    /// The time of the last commit the reducer applied: a commit made to go back in time goes
    /// before it.
    private(set) var lastAppliedTime: Milliseconds

    /// The commits made so far that the reducer applied, and rejected.
    public private(set) var applied = 0
    public private(set) var rejected = 0

    /// - Throws: `RecipeProblem` for a recipe no log can follow (see `LogRecipe.check()`).
    public init(_ recipe: LogRecipe) throws(RecipeProblem) {
        try recipe.check()
        self.recipe = recipe
        random = SplitMix64(seed: recipe.seed)
        replica = Replica()
        lastAppliedTime = recipe.start
    }

    /// The group's state after the last commit made; nil before commit 0.
    public var state: GroupState? { replica.state }

    /// The commits made so far.
    public var made: Int { Int(nextSequence) }

    public mutating func next() -> GeneratedCommit? {
        guard nextSequence < recipe.commits else { return nil }
        let plan = nextPlan()
        let commit = Commit(groupID: recipe.group, sequence: nextSequence, actor: plan.actor,
                            time: plan.time ?? recipe.start + nextSequence, changes: plan.changes, previousHash: previousHash)
        let outcome = replica.fold(commit, recordingEvents: false)
        if outcome.isApplied {
            applied += 1
            lastAppliedTime = commit.time
            cast.apply(plan.effect, random: &random)
        } else {
            rejected += 1
        }
        previousHash = CommitCodec.hash(commit)
        nextSequence += 1
        return GeneratedCommit(commit: commit, outcome: outcome)
    }

    /// The next commit, before it is numbered and judged.
    struct Plan {
        let actor: InboxID
        let changes: [Change]
        /// What it does to the cast when the reducer applies it.
        var effect: Cast.Effect = .none
        /// Nil: the log's clock; else a time before it, to be rejected.
        var time: Milliseconds? = nil
    }

    private mutating func nextPlan() -> Plan {
        let owner = recipe.style.owner
        if nextSequence == 0 {
            return Plan(actor: owner, changes: [.create(CreateConversation(name: "generated", memberLimit: recipe.effectiveMemberLimit))])
        }
        if Int(nextSequence) < recipe.growingCommits {
            let count = Swift.min(recipe.batch, recipe.members - cast.headcount)
            let batch = (0..<count).map { _ in cast.newInbox() }
            return Plan(actor: owner, changes: [.addMembers(inboxes: batch.map(recipe.style.inbox), identities: [])], effect: .added(batch))
        }
        if random.chance(recipe.rejectedPercent) { return rejectedPlan() }
        return everydayPlan(recipe.mix.draw(using: &random))
    }

    func inbox(_ number: Int) -> InboxID { recipe.style.inbox(number) }
}
