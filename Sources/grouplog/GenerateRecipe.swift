import GroupGenerator

/// `generate`'s options read into a `LogRecipe`: each number checked against its range, and the
/// recipe as a whole (members within the limit, commits enough to grow the group).
enum GenerateRecipe {
    /// - Throws: `UsageError` naming the option and the range it allows.
    static func read(_ arguments: Arguments<GenerateCommand.Option>) throws(UsageError) -> LogRecipe {
        var recipe = LogRecipe()
        if let seed = arguments.value(.seed) {
            guard let value = UInt64(seed) else { throw UsageError("--seed takes a whole number from 0 to \(UInt64.max), not \(seed.debugDescription)") }
            recipe.seed = value
        }
        recipe.members = try count(arguments, .members, in: LogRecipe.memberRange) ?? recipe.members
        recipe.commits = try count(arguments, .commits, in: LogRecipe.commitRange) ?? recipe.commits
        recipe.batch = try count(arguments, .batch, in: LogRecipe.batchRange) ?? recipe.batch
        recipe.rejectedPercent = try count(arguments, .rejected, in: LogRecipe.rejectedRange) ?? recipe.rejectedPercent
        recipe.memberLimit = try count(arguments, .memberLimit, in: LogRecipe.memberRange)
        if let ids = arguments.value(.ids) {
            guard let style = InboxStyle(rawValue: ids) else { throw UsageError("--ids takes short or xmtp, not \(ids.debugDescription)") }
            recipe.style = style
        }
        do throws(RecipeProblem) {
            if let mix = arguments.value(.mix) { recipe.mix = try OperationMix(parsing: mix) }
            try recipe.check()
        } catch {
            throw UsageError(error.message)
        }
        return recipe
    }

    /// A whole number, or a message naming the range; nil when the option is not given.
    private static func count(
        _ arguments: Arguments<GenerateCommand.Option>, _ option: GenerateCommand.Option, in range: ClosedRange<Int>
    ) throws(UsageError) -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(option.declaration.name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(text.debugDescription)")
        }
        return value
    }
}
