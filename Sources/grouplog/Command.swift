/// One command of `grouplog`, declared once: its name, its lines in the overview, its help page
/// and what runs it. `CLI` finds commands here, `grouplog help COMMAND` renders the page from
/// the declaration, and `grouplog --help` renders the overview from every command's entries.
struct Command: Sendable {
    /// What runs the command.
    enum Action: Sendable {
        /// One body: the words after the command's name are its arguments.
        case run(any CommandBody.Type)
        /// A subcommand named by the first word after the command's name, each with its own
        /// usage and options.
        case subcommands([Subcommand])
    }

    struct Subcommand: Sendable {
        let name: String
        let body: any CommandBody.Type
    }

    let name: String
    /// Its entries in `grouplog --help`, in the order `Overview` places them.
    let overview: [OverviewEntry]
    /// The help page after its usage lines: paragraphs, and where the options list goes.
    let page: [HelpBlock]
    let action: Action

    /// The bodies that run the command: one, or one per subcommand.
    var bodies: [any CommandBody.Type] {
        switch action {
        case let .run(body): [body]
        case let .subcommands(subcommands): subcommands.map(\.body)
        }
    }

    /// Runs the command on the words after its name.
    func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        switch action {
        case let .run(body):
            return try body.parseAndRun(words, store: store, streams: &streams)
        case let .subcommands(subcommands):
            let names = subcommands.map(\.name)
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
            guard let first = words.first else { throw UsageError("\(name) needs a subcommand: \(list)") }
            guard let subcommand = subcommands.first(where: { $0.name == first }) else {
                throw UsageError("unknown \(name) subcommand \(first.debugDescription)")
            }
            return try subcommand.body.parseAndRun(Array(words.dropFirst()), store: store, streams: &streams)
        }
    }
}
