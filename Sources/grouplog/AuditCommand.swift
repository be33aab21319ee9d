import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog audit TARGET [--inbox X]... [--op OP]... [--rejected] [--signed-only | --unsigned]
/// [--from TIME] [--to TIME] [--json | --html FILE [--max-rows N]]`
enum AuditCommand: CommandBody {
    static let command = Command(
        name: "audit",
        overview: [
            OverviewEntry(
                "audit GROUP|FIXTURE [--inbox X]... [--op OP]... [--rejected] [--signed-only | --unsigned]",
                "      [--from TIME] [--to TIME] [--json | --html FILE [--max-rows N]]",
                summary: "the timeline: each commit's time, actor and its role then,",
                "signature, changes, outcome, events or rejection reason"),
        ],
        page: [
            .text("""
            The timeline of a log, one commit per line, streamed in constant memory: sequence, time
            (ISO 8601, UTC), actor with its role and state before the commit (or "not a member"),
            the signature, the changes, and the outcome: the events of an applied commit and who
            left or was removed, or a rejection's code, failing change and reason (the policy slot
            or field, the policy, the actor's role and state then, the limit or key involved).

            The signature is shown in brackets: [unsigned], [signed by bo's key KEY] (a key
            recorded for the actor in the state before the commit), [signed by KEY, not bo's], or
            [signature does not verify: ...]. The audit verifies every signature it shows with
            Ed25519, as submit and ingest do: a signature that does not verify was never checked by
            a door (the log was edited behind the store's back, or a fixture carries it) and proves
            nothing. Replay does not verify signatures; verify does, for a whole store.
            """),
            .options,
            .text("""
            TIME is ISO 8601 (2026-11-29T15:18:10Z, 2026-11-29T15:18:10.250+01:00; a date alone is
            that whole day, UTC) or milliseconds since the epoch.

            Exit status: 0; 2 when the fixture cannot be read, the group does not exist, a value is
            bad (an unknown op, a time, --max-rows) or FILE cannot be written; 4 when there is no
            store; 5 when a record is corrupt.
            """),
        ],
        action: .run(Self.self))

    static let usage = [
        "grouplog audit GROUP|FIXTURE [--inbox X]... [--op OP]... [--rejected] [--signed-only | --unsigned]",
        "               [--from TIME] [--to TIME] [--json | --html FILE [--max-rows N]]",
    ]

    enum Option: CommandOption {
        case inbox, op, rejected, signedOnly, unsigned, from, to, json, html, maxRows
        var declaration: OptionDeclaration {
            switch self {
            case .inbox: .repeated("--inbox", "X", help: "commits that involve X: as actor, named by a change or by an event\n(repeat for any of several)")
            case .op: .repeated("--op", "OP", help: "commits with a change of op OP, as fixtures spell it (repeatable)")
            case .rejected: .flag("--rejected", help: "rejected commits only")
            case .signedOnly: .flag("--signed-only", help: "signed commits only (by any key, verifying or not)")
            case .unsigned: .flag("--unsigned", help: "unsigned commits only")
            case .from: .value("--from", "TIME", help: "commits at or after TIME")
            case .to: .value("--to", "TIME", help: "commits at or before TIME")
            case .json: .flag("--json", help: "one JSON object per commit (JSON Lines)")
            case .html: .value("--html", "FILE", help: """
                write one self-contained HTML page instead: the timeline with filters by
                actor, operation, outcome and signature (also set from the URL, as in
                page.html#actor=bo&outcome=rejected), rejections by code, and member and
                admin counts over the whole log as SVG charts
                """)
            case .maxRows: .value("--max-rows", "N", help: "the page's most timeline rows (default 10000); the rest are counted")
            }
        }
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let target = try arguments.onlyPositional("audit takes exactly one group or fixture")
        let html = arguments.value(.html)
        if html != nil, arguments.flag(.json) { throw UsageError("audit takes --json or --html, not both") }
        if html == nil, arguments.value(.maxRows) != nil { throw UsageError("--max-rows goes with --html") }
        if arguments.flag(.signedOnly), arguments.flag(.unsigned) { throw UsageError("audit takes --signed-only or --unsigned, not both") }
        let filter = try AuditOptions.filter(arguments)
        let maxRows = try AuditOptions.maxRows(arguments)
        if let html {
            if FixtureFile.isNamed(by: target) { try OutputFile.refuseOverwriting(target, with: html) }
            try OutputFile.checkWritable(html)
        }

        let source = try store.source(target)
        if let html {
            var page = AuditPage(name: source.name, criteria: AuditOptions.criteria(arguments), maxRows: maxRows)
            try source.audit(filter: filter) { entry, sample in
                page.add(sample)
                if let entry { page.add(entry) }
            }
            try OutputFile.write(page.html, to: html)
            streams.out("wrote \(html): \(page.history.sampleCount) commits, \(page.matchCount) matching, \(page.rowCount) rows")
        } else if arguments.flag(.json) {
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
