/// What runs one command (or one subcommand, such as `fixture run`): its usage lines, the
/// options it accepts and its run function.
protocol CommandBody: SendableMetatype {
    associatedtype Option: CommandOption

    /// The usage lines as the help page shows them after `Usage: `, each starting with
    /// `grouplog`, or indented to continue the line above.
    static var usage: [String] { get }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus
}

extension CommandBody {
    /// The declarations of the options the command accepts, in the order it declares them.
    static var options: [OptionDeclaration] { Option.allCases.map(\.declaration) }

    /// Parses `words` against the command's options, then runs it.
    static func parseAndRun(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        try run(try Arguments(words), store: store, streams: &streams)
    }
}
