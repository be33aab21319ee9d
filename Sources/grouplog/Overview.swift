/// `grouplog --help`: every command's overview entries, grouped in sections.
enum Overview {
    /// A place in a section: the next overview entry of the named command (a command with
    /// several entries, such as `fixture`, is named once for each, in the order it declares
    /// them), or an entry that belongs to no command.
    enum Item {
        case command(String)
        case entry(OverviewEntry)
    }

    struct Section {
        let heading: String?
        let items: [Item]
    }

    static let sections: [Section] = [
        Section(heading: "Fixtures (no store needed):", items: [.command("fixture"), .command("fixture"), .command("replay")]),
        Section(heading: "A store (--store DIR, else $GROUPLOG_STORE, else ./grouplog-data):", items: [
            .command("init"), .command("groups"), .command("import"), .command("export"), .command("fixture"),
            .command("submit"), .command("dm"), .command("log"), .command("replay"), .command("state"), .command("verify"),
            .command("rebuild"), .command("identity"), .command("identity"), .command("identity"), .command("groups"), .command("directory"),
            .command("members"), .command("watch"), .command("copy"), .command("replicate"),
        ]),
        Section(heading: "Large groups (a log shaped like your traffic, and how fast GroupLog reads it):", items: [
            .command("generate"), .command("bench"),
        ]),
        Section(heading: "Signing keys (no store needed):", items: [.command("key"), .command("key")]),
        Section(
            heading: "Audit and reproduction (of a GROUP of the store, or of a FIXTURE's log; nothing is written\nto the store):",
            items: [.command("audit"), .command("explain"), .command("diff"), .command("whatif")]),
        Section(heading: "Configurable fields (of a GROUP of the store, or of a FIXTURE's final state):", items: [
            .command("fields"), .command("field"), .command("user-data"), .command("config"),
        ]),
        Section(heading: nil, items: [
            .command("help"), .entry(OverviewEntry("--json", summary: "print JSON instead of text (most commands)")),
        ]),
    ]

    /// The overview of `commands`.
    /// - Returns: the text, and the entries no section placed (a command declared but left out
    ///   of `sections`), which a test requires to be none.
    static func render(_ commands: [Command]) -> (text: String, unplaced: [OverviewEntry]) {
        var remaining: [String: ArraySlice<OverviewEntry>] = [:]
        for command in commands { remaining[command.name] = command.overview[...] }
        var blocks = [
            "grouplog: an event-sourced group-chat state machine.",
            "Usage: grouplog [--store DIR] COMMAND [ARGUMENTS]",
        ]
        for section in sections {
            var lines = section.heading.map { [$0] } ?? []
            for item in section.items {
                switch item {
                case let .entry(entry):
                    lines += entry.lines
                case let .command(name):
                    guard let entry = remaining[name]?.popFirst() else { continue }
                    lines += entry.lines
                }
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        blocks.append("""
        Exit codes: 0 success; 1 expectations not met, a submit rejected, or dm found no DM; 2 bad
        input; 3 store error (full disk, I/O, sequence conflict); 4 no store at that path; 5 corrupt
        record, or verify found a problem; 6 the key file to write exists; 64 usage error; 130
        interrupted (Ctrl-C): nothing half-written.
        """)
        return (blocks.joined(separator: "\n\n"), remaining.values.flatMap { $0 })
    }

    /// The overview of every command in the table.
    static var text: String { render(CommandTable.commands).text }
}
