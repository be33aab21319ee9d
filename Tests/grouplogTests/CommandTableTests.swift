import Testing
@testable import grouplog

/// The command table holds help and parsing together: every option a command accepts is shown
/// in its help, every option its help shows is one it accepts, and the parser refuses any other.
struct CommandTableTests {
    /// Options every command takes from the command line itself, not from its declaration.
    static let global: Set<String> = ["--store", "--help", "-h"]

    /// The options a text names: words of letters, digits and dashes that start with `-` and a
    /// letter, or `--` and a letter.
    static func options(in text: String) -> Set<String> {
        let words = text.split { !($0.isLetter || $0.isNumber || $0 == "-") }
        return Set(words.map(String.init).filter { word in
            let letters = word.drop { $0 == "-" }
            let dashes = word.count - letters.count
            return (dashes == 1 || dashes == 2) && letters.first?.isLetter == true
        })
    }

    /// Each command and the words that name one of its bodies: `["replay"]`, `["fixture", "run"]`.
    static var bodies: [(words: [String], body: any CommandBody.Type)] {
        CommandTable.commands.flatMap { command -> [(words: [String], body: any CommandBody.Type)] in
            switch command.action {
            case let .run(body): [([command.name], body)]
            case let .subcommands(subcommands): subcommands.map { ([command.name, $0.name], $0.body) }
            }
        }
    }

    @Test func eachBodysUsageShowsExactlyTheOptionsItDeclares() {
        for (words, body) in Self.bodies {
            let shown = Self.options(in: body.usage.joined(separator: "\n")).subtracting(Self.global)
            let declared = Set(body.options.map(\.name))
            #expect(shown == declared, "grouplog \(words.joined(separator: " ")): usage shows \(shown.sorted()), declares \(declared.sorted())")
        }
    }

    /// The usage line shows each option with what it takes, as the declaration spells it: a
    /// declaration that says `--from` takes nothing, or takes `N`, fails against `--from SEQ`.
    @Test func eachBodysUsageShowsEachOptionWithItsPlaceholder() {
        for (words, body) in Self.bodies {
            let usage = body.usage.joined(separator: " ")
            for option in body.options {
                // Followed by the end of a word: `--from SEQ]` shows it, `--from SEQUENCE` does not.
                let shown = [" ", "]", ")", "...", "|"].contains { usage.contains(option.synopsis + $0) }
                    || usage.hasSuffix(option.synopsis)
                #expect(shown, "grouplog \(words.joined(separator: " ")): usage does not show \(option.synopsis)")
            }
        }
    }

    @Test(arguments: [
        ("--json", OptionDeclaration.flag("--json")),
        ("--from SEQ", .value("--from", "SEQ")),
        ("--changes JSON|-", .value("--changes", "JSON|-")),
        ("--field F...", .repeated("--field", "F")),
        ("-o|--output FILE", .value("-o", "FILE", alias: "--output")),
    ])
    func anOptionIsDeclaredByItsSpelling(spelling: String, declaration: OptionDeclaration) {
        #expect(OptionDeclaration(spelling: spelling) == declaration)
    }

    @Test func eachHelpPageAndOverviewEntryNamesOnlyDeclaredOptionsAndEveryAlias() {
        for command in CommandTable.commands {
            let declared = Set(command.bodies.flatMap { $0.options.flatMap(\.names) })
            let page = Self.options(in: command.helpPage)
            #expect(page.subtracting(Self.global).subtracting(declared).isEmpty,
                    "help \(command.name) shows undeclared \(page.subtracting(Self.global).subtracting(declared).sorted())")
            #expect(declared.subtracting(page).isEmpty, "help \(command.name) does not show \(declared.subtracting(page).sorted())")
            let overview = Self.options(in: command.overview.flatMap(\.lines).joined(separator: "\n"))
            #expect(overview.subtracting(declared).isEmpty,
                    "the overview entries of \(command.name) show undeclared \(overview.subtracting(declared).sorted())")
        }
    }

    /// A page that lists options lists every option with a help line, and only those have one.
    @Test func optionHelpLinesAppearInTheOptionsList() {
        for command in CommandTable.commands {
            let listed = command.page.contains { if case .options = $0 { true } else { false } }
            for option in command.bodies.flatMap({ $0.options }) where option.help != nil {
                #expect(listed, "help \(command.name) has no options list for the help of \(option.name)")
                #expect(command.helpPage.contains("  " + option.synopsis.padding(14) + (option.help?.prefix { $0 != "\n" } ?? "")))
            }
        }
    }

    @Test func theParserRefusesEveryOptionTheCommandDoesNotDeclare() {
        let everyOption = Set(Self.bodies.flatMap { $0.body.options.flatMap(\.names) }).union(["--verbose"])
        for (words, body) in Self.bodies {
            let declared = Set(body.options.flatMap(\.names))
            // A word that does not start with `--` (such as `-o`) is a positional where it is not declared.
            for option in everyOption.subtracting(declared) where option.hasPrefix("--") {
                let result = grouplog(words + [option, "x"])
                #expect(result.status == .usage, "grouplog \(words.joined(separator: " ")) \(option)")
                #expect(result.stderr.hasPrefix("grouplog: unknown option \(option)\n"), "grouplog \(words.joined(separator: " ")) \(option)")
            }
        }
    }

    @Test func namesAreUniqueInTheTableAndInEachBody() {
        let names = CommandTable.commands.map(\.name)
        #expect(Set(names).count == names.count)
        for (words, body) in Self.bodies {
            let optionNames = body.options.flatMap(\.names)
            #expect(Set(optionNames).count == optionNames.count, "grouplog \(words.joined(separator: " ")) declares a name twice")
        }
    }

    @Test func theOverviewPlacesEveryEntryOfEveryCommandOnce() {
        let rendered = Overview.render(CommandTable.commands)
        #expect(rendered.unplaced.isEmpty, "entries no section places: \(rendered.unplaced.map(\.synopsis))")
        var placed: [String: Int] = [:]
        for section in Overview.sections {
            for case let .command(name) in section.items { placed[name, default: 0] += 1 }
        }
        for command in CommandTable.commands {
            #expect(placed[command.name] == command.overview.count, "\(command.name): \(command.overview.count) entries, placed \(placed[command.name] ?? 0) times")
        }
        #expect(Set(placed.keys).isSubset(of: Set(CommandTable.commands.map(\.name))))
    }
}
