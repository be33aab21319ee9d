import GroupCore
import GroupGenerator
import GroupStore

/// `generate --group G`: the log ingested straight into the store, commit structs and no JSON,
/// in batches that are each one write.
enum GeneratedIngest {
    /// The most commits one write holds.
    static let batchCommits = 1_000
    /// The most inboxes the commits of one write name: a batch of growing adds is cut short so
    /// that a write of a million-member log stays a few megabytes.
    static let batchInboxes = 20_000

    static func run(_ recipe: LogRecipe, into location: StoreLocation, progress: ProgressLine, streams: inout some Streams) throws -> ExitStatus {
        var progress = progress
        var log = try SyntheticLog(recipe)
        let store = try location.open(create: true)
        if (try? store.headSequence(of: recipe.group)) != nil {
            throw InputError("group \(recipe.group) already exists in \(location.address): generate into a new group")
        }
        // Each batch is one write: Ctrl-C drops the batch in hand, never part of one.
        Interrupt.stopBetweenSteps()
        var batch: [Commit] = [], expected: [CommitOutcome] = []
        var written = 0
        var inboxes = 0
        func flush() throws -> ExitStatus? {
            defer { batch.removeAll(keepingCapacity: true); expected.removeAll(keepingCapacity: true); inboxes = 0 }
            let outcomes = try store.ingest(batch, claims: [])
            written += batch.count
            progress.advance(by: batch.count)
            for (index, outcome) in outcomes.enumerated() where outcome != expected[index] {
                progress.clear()
                streams.err("grouplog: the store judged commit \(batch[index].sequence) \(ReplayReport.describe(outcome)), "
                    + "the generator \(ReplayReport.describe(expected[index])); the commits before it are in group \(recipe.group)")
                return .corrupt
            }
            return nil
        }
        while let next = log.next() {
            if Interrupt.wasRequested {
                progress.clear()
                streams.err("grouplog: interrupted: " + (written == 0 ? "nothing was written"
                    : "generated \(written.grouped) of \(recipe.commits.grouped) commits; group \(recipe.group) holds commits 0…\((written - 1).grouped), each batch whole"))
                return .interrupted
            }
            batch.append(next.commit)
            expected.append(next.outcome)
            inboxes += next.commit.changes.reduce(0) { $0 + $1.namedInboxes.count }
            if batch.count >= batchCommits || inboxes >= batchInboxes, let failed = try flush() { return failed }
        }
        if !batch.isEmpty, let failed = try flush() { return failed }
        progress.finish()
        streams.out("generated group \(recipe.group) in \(location.address): \(GeneratedFixture.summary(of: log))")
        return .success
    }
}
