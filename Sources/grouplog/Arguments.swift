/// A command's arguments: positionals, and the options its `Option` type declares, parsed
/// strictly so that an option the command does not declare is an error rather than ignored.
///
/// A word is an option when it starts with `--` (and is more than `--`) or is a declared name
/// such as `-o`; anything else, `-` included, is a positional.
struct Arguments<Option: CommandOption> {
    private(set) var positionals: [String] = []
    private var values: [Option: String] = [:]
    private var repeated: [Option: [String]] = [:]
    private var flags: Set<Option> = []

    init(_ words: [String]) throws(UsageError) {
        var declared: [String: Option] = [:]
        for option in Option.allCases {
            for name in option.declaration.names { declared[name] = option }
        }
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            let option = declared[word]
            guard option != nil || (word.hasPrefix("--") && word.count > 2) else {
                positionals.append(word)
                continue
            }
            guard let option else { throw UsageError("unknown option \(word)") }
            switch option.declaration.kind {
            case .flag:
                flags.insert(option)
            case .repeated:
                guard index < words.count else { throw UsageError("\(word) needs a value") }
                repeated[option, default: []].append(words[index])
                index += 1
            case .value:
                guard index < words.count else { throw UsageError("\(word) needs a value") }
                if values[option] != nil { throw UsageError("\(option.declaration.name) is given twice") }
                values[option] = words[index]
                index += 1
            }
        }
    }

    func flag(_ option: Option) -> Bool { flags.contains(option) }
    func value(_ option: Option) -> String? { values[option] }
    /// Every value a repeatable option was given, in order; nil when it was not given.
    func values(_ option: Option) -> [String]? { repeated[option] }

    /// The option's value as a whole number, if given.
    func number(_ option: Option) throws(UsageError) -> UInt64? {
        guard let text = values[option] else { return nil }
        guard let number = UInt64(text) else {
            throw UsageError("\(option.declaration.name) takes a whole number, not \(text.debugDescription)")
        }
        return number
    }

    /// The one word besides the options, for a command that takes exactly one (a group, a
    /// fixture file, an inbox).
    /// - Throws: `UsageError(complaint)` for none or more than one.
    func onlyPositional(_ complaint: @autoclosure () -> String) throws(UsageError) -> String {
        guard positionals.count == 1 else { throw UsageError(complaint()) }
        return positionals[0]
    }
}
