import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog whatif FIXTURE|GROUP --policy SLOT=POLICY... [--field-policy FIELD.OPERATION=POLICY...]
/// [--json]`: the whole log replayed under pinned policies, writing nothing.
enum WhatIfCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, repeatable: ["--policy", "--field-policy"], flags: ["--json"])
        guard arguments.positionals.count == 1, let target = arguments.positionals.first else {
            throw UsageError("whatif takes exactly one fixture file or group")
        }
        let slotArguments = arguments.values("--policy") ?? [], fieldArguments = arguments.values("--field-policy") ?? []
        guard !slotArguments.isEmpty || !fieldArguments.isEmpty else {
            throw UsageError("whatif needs at least one --policy SLOT=POLICY or --field-policy FIELD.OPERATION=POLICY")
        }
        let overrides = try inputChecked { () throws(PolicyOverrideError) in
            try PolicyOverrideParser.overrides(slotArguments: slotArguments, fieldArguments: fieldArguments)
        }
        let source = try LogSource.open(target, store: store)
        let json = arguments.flag("--json")
        // Flips are printed as the replay reaches them, so a log of any length fits in memory:
        // with --json, one JSON line per flip, then a line with the summary.
        let report = try inputChecked {
            try WhatIf.run(source, overrides: overrides) { flip in
                if json {
                    streams.out(JSONWriter.write(WhatIfJSON.encode(flip)))
                } else {
                    for line in WhatIfText.lines(flip) { streams.out(line) }
                }
            }
        }
        if json {
            streams.out(JSONWriter.write(WhatIfJSON.encode(report, overrides: overrides)))
        } else {
            for line in WhatIfText.lines(report) { streams.out(line) }
        }
        return .success
    }

    /// Runs `body`, turning an override the log cannot take into bad input (exit 2).
    private static func inputChecked<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PolicyOverrideError {
            throw InputError(error.message)
        }
    }
}
