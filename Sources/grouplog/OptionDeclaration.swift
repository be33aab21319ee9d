/// An option as a command declares it: its name, what it takes, and its help line. The parser,
/// the help pages and the test that holds them together all read this one declaration.
struct OptionDeclaration: Sendable, Equatable {
    /// What follows the option on the command line.
    enum Kind: Sendable, Equatable {
        /// Nothing: the option is on or off.
        case flag
        /// One value, such as `SEQ`; giving the option twice is a mistake.
        case value(String)
        /// One value each time, such as `X`; the option may be given many times.
        case repeated(String)
    }

    let name: String
    let kind: Kind
    /// Another name the option answers to, such as `--output` for `-o`.
    let alias: String?
    /// The option's line in the page's options list; nil when the page's text describes it.
    let help: String?

    static func flag(_ name: String, help: String? = nil) -> OptionDeclaration {
        OptionDeclaration(name: name, kind: .flag, alias: nil, help: help)
    }

    static func value(_ name: String, _ placeholder: String, alias: String? = nil, help: String? = nil) -> OptionDeclaration {
        OptionDeclaration(name: name, kind: .value(placeholder), alias: alias, help: help)
    }

    static func repeated(_ name: String, _ placeholder: String, help: String? = nil) -> OptionDeclaration {
        OptionDeclaration(name: name, kind: .repeated(placeholder), alias: nil, help: help)
    }

    /// `--json`, which most commands take.
    static let json = flag("--json")
    /// `--at SEQ`: the state after commit SEQ rather than after the last.
    static let at = value("--at", "SEQ")

    /// Every name the option answers to.
    var names: [String] { [name] + (alias.map { [$0] } ?? []) }

    /// The option as the options list shows it: `--inbox X`, `--rejected`.
    var synopsis: String {
        switch kind {
        case .flag: name
        case let .value(placeholder), let .repeated(placeholder): "\(name) \(placeholder)"
        }
    }
}
