/// `grouplog help COMMAND`: one command's help page.
enum HelpCommand: CommandBody {
    static let command = Command(
        name: "help",
        overview: [OverviewEntry("help COMMAND", summary: "show a command's help")],
        page: [.text("Shows the help of one command.")],
        action: .run(Self.self))

    static let usage = ["grouplog help COMMAND"]

    static func run(_ arguments: Arguments<NoOption>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let name = try arguments.onlyPositional("help takes one command name")
        guard let command = CommandTable.command(named: name) else { throw UsageError("no command named \(name.debugDescription)") }
        streams.out(command.helpPage)
        return .success
    }
}
