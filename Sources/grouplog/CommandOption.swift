/// The options one command accepts, as an enum with a case for each: the command reads its
/// arguments through these cases only, so it cannot read an option it does not declare.
protocol CommandOption: CaseIterable, Hashable, Sendable {
    var declaration: OptionDeclaration { get }
}

/// The options of a command that takes none.
enum NoOption: CommandOption {
    var declaration: OptionDeclaration {
        switch self {}
    }
}
