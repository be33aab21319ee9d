import GroupAudit
import GroupCore

/// Reading `audit`'s options into a filter and a row cap; each bad value is bad input that
/// names its option.
enum AuditOptions {
    static let defaultMaxRows = 10_000

    static func filter(_ arguments: Arguments<AuditCommand.Option>) throws(InputError) -> AuditFilter {
        var filter = AuditFilter(rejectedOnly: arguments.flag(.rejected))
        // Both at once is a usage error, refused before this is read.
        if arguments.flag(.signedOnly) { filter.signing = .signed }
        if arguments.flag(.unsigned) { filter.signing = .unsigned }
        for text in arguments.values(.inbox) ?? [] {
            filter.inboxes.insert(try CommandValues.inbox(text))
        }
        let known = AuditFilter.knownOps
        for op in arguments.values(.op) ?? [] {
            guard known.contains(op) else {
                throw InputError("--op: unknown op \(op.debugDescription); the ops are \(known.joined(separator: ", "))")
            }
            filter.ops.insert(op)
        }
        filter.from = try time(arguments, .from)?.lowerBound
        filter.to = try time(arguments, .to)?.upperBound
        if let from = filter.from, let to = filter.to, from > to {
            throw InputError("--from \(UTCTime.iso8601(from)) is after --to \(UTCTime.iso8601(to))")
        }
        return filter
    }

    static func maxRows(_ arguments: Arguments<AuditCommand.Option>) throws(InputError) -> Int {
        guard let text = arguments.value(.maxRows) else { return defaultMaxRows }
        guard let rows = Int(text), rows >= 1 else {
            throw InputError("--max-rows takes a whole number of 1 or more, not \(text.debugDescription)")
        }
        return rows
    }

    /// The filter as the command line gave it, for the page's header.
    static func criteria(_ arguments: Arguments<AuditCommand.Option>) -> String {
        var words: [String] = []
        for inbox in arguments.values(.inbox) ?? [] { words += ["--inbox", inbox] }
        for op in arguments.values(.op) ?? [] { words += ["--op", op] }
        if arguments.flag(.rejected) { words.append("--rejected") }
        if arguments.flag(.signedOnly) { words.append("--signed-only") }
        if arguments.flag(.unsigned) { words.append("--unsigned") }
        for option in [AuditCommand.Option.from, .to] {
            if let value = arguments.value(option) { words += [option.declaration.name, value] }
        }
        return words.joined(separator: " ")
    }

    private static func time(_ arguments: Arguments<AuditCommand.Option>, _ option: AuditCommand.Option) throws(InputError) -> ClosedRange<Milliseconds>? {
        guard let text = arguments.value(option) else { return nil }
        guard let interval = UTCTime.interval(parsing: text) else {
            throw InputError("\(option.declaration.name): \(text.debugDescription) is not a time; give ISO 8601 in UTC or with an offset "
                + "(2026-11-29T15:18:10Z, 2026-11-29T15:18:10.250Z, 2026-11-29) or milliseconds since the epoch")
        }
        return interval
    }
}
