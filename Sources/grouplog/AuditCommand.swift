import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog audit TARGET [--inbox X]... [--op OP]... [--rejected] [--from TIME] [--to TIME]
/// [--json | --html FILE [--max-rows N]]`
enum AuditCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(
            words, valued: ["--from", "--to", "--html", "--max-rows"], repeatable: ["--inbox", "--op"],
            flags: ["--rejected", "--json"])
        guard arguments.positionals.count == 1 else { throw UsageError("audit takes exactly one group or fixture") }
        let html = arguments.value("--html")
        if html != nil, arguments.flag("--json") { throw UsageError("audit takes --json or --html, not both") }
        if html == nil, arguments.value("--max-rows") != nil { throw UsageError("--max-rows goes with --html") }
        let filter = try AuditOptions.filter(arguments)
        let maxRows = try AuditOptions.maxRows(arguments)
        if let html {
            if TargetState.isFixture(arguments.positionals[0]) { try OutputFile.refuseOverwriting(arguments.positionals[0], with: html) }
            try OutputFile.checkWritable(html)
        }

        let source = try LogSource.open(arguments.positionals[0], store: store)
        if let html {
            var page = AuditPage(name: source.name, criteria: AuditOptions.criteria(arguments), maxRows: maxRows)
            try source.audit(filter: filter) { entry, sample in
                page.add(sample)
                if let entry { page.add(entry) }
            }
            try OutputFile.write(page.html, to: html)
            streams.out("wrote \(html): \(page.history.sampleCount) commits, \(page.matchCount) matching, \(page.rowCount) rows")
        } else if arguments.flag("--json") {
            try source.audit(filter: filter) { entry, _ in
                if let entry { streams.out(JSONWriter.write(entry.json)) }
            }
        } else {
            try source.audit(filter: filter) { entry, _ in
                if let entry { streams.out(entry.line) }
            }
        }
        return .success
    }
}
