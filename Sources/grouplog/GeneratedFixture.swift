import GroupCore
import GroupFixtures
import GroupGenerator

/// `generate -o FILE`: the log as a fixture, with every commit's outcome and the final state as
/// its expectations.
enum GeneratedFixture {
    static func write(_ recipe: LogRecipe, to file: String, progress: ProgressLine, streams: inout some Streams) throws -> ExitStatus {
        var progress = progress
        // Before the work: a long run must not fail at its end for want of a folder.
        try OutputFile.checkWritable(file)
        var log = try SyntheticLog(recipe)
        Interrupt.stopBetweenSteps()
        var commits: [Commit] = [], outcomes: [CommitOutcome] = []
        commits.reserveCapacity(recipe.commits)
        outcomes.reserveCapacity(recipe.commits)
        while let next = log.next() {
            if Interrupt.wasRequested {
                progress.clear()
                streams.err("grouplog: interrupted: made \(commits.count.grouped) of \(recipe.commits.grouped) commits; nothing was written (\(file) was not made)")
                return .interrupted
            }
            commits.append(next.commit)
            outcomes.append(next.outcome)
            progress.advance()
        }
        progress.finish()
        let fixture = FixtureWriter.fixture(name: name(of: recipe), commits: commits, outcomes: outcomes, state: log.state, identities: [])
        let text = JSONWriter.write(fixture, pretty: true) + "\n"
        guard text.utf8.count <= FixtureReader.maximumFileSize else {
            throw InputError("the fixture would be \(text.utf8.count) bytes, more than the \(FixtureReader.maximumFileSize) a fixture may hold: "
                + "make fewer members or commits, or generate into a store with --group G")
        }
        try OutputFile.write(text, to: file)
        streams.out("wrote \(file): \(summary(of: log))")
        return .success
    }

    /// The fixture's name: the options that make it again.
    static func name(of recipe: LogRecipe) -> String {
        var words = ["generate --seed \(recipe.seed) --members \(recipe.members) --commits \(recipe.commits)",
                     "--batch \(recipe.batch) --ids \(recipe.style.rawValue) --mix \(recipe.mix) --rejected \(recipe.rejectedPercent)"]
        if let limit = recipe.memberLimit { words.append("--member-limit \(limit)") }
        return words.joined(separator: " ")
    }

    /// `10000 commits (9512 applied, 488 rejected); 1000 members at the end`
    static func summary(of log: SyntheticLog) -> String {
        "\(log.made) commits (\(log.applied) applied, \(log.rejected) rejected); \(log.state?.memberCount ?? 0) members at the end"
    }
}
