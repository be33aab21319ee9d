/// The options one command accepts, as an enum with a case for each: the command reads its
/// arguments through these cases only, so it cannot read an option it does not declare.
protocol CommandOption: CaseIterable, Hashable, Sendable {
    var declaration: OptionDeclaration { get }
}

/// Most commands declare each option by its spelling, as the raw value: `case from = "--from SEQ"`
/// (see `OptionDeclaration.init(spelling:)`); a command whose options carry help lines for an
/// options list declares them in full instead.
extension CommandOption where Self: RawRepresentable, RawValue == String {
    var declaration: OptionDeclaration { OptionDeclaration(spelling: rawValue) }
}

/// The options of a command that takes none.
enum NoOption: CommandOption {
    var declaration: OptionDeclaration {
        switch self {}
    }
}
