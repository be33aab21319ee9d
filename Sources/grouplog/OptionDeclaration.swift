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

extension OptionDeclaration {
    /// The option as a usage line spells it: `--json` is a flag, `--from SEQ` takes one value,
    /// `--field F...` one value each time it is given, and `-o|--output FILE` answers to both
    /// names. Commands declare their options this way (`CommandOption`'s raw values), so a
    /// declaration reads like the usage line it must agree with.
    init(spelling: String) {
        let words = spelling.split(separator: " ", maxSplits: 1).map(String.init)
        let names = words[0].split(separator: "|").map(String.init)
        let kind: Kind = switch words.count > 1 ? words[1] : nil {
        case nil: .flag
        case let placeholder? where placeholder.hasSuffix("..."): .repeated(String(placeholder.dropLast(3)))
        case let placeholder?: .value(placeholder)
        }
        self.init(name: names[0], kind: kind, alias: names.count > 1 ? names[1] : nil, help: nil)
    }
}
