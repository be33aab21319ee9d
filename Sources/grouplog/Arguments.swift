/// A command's arguments: positionals and `--name value` / `--flag` options, parsed strictly so
/// that a misspelt option is an error rather than ignored.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var repeated: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - valued: options that take a value, such as `--at`.
    ///   - flags: options that take none, such as `--json`.
    /// - Parameter repeatable: options that take a value and may be given many times, such as `--field`.
    init(_ words: [String], valued: Set<String> = [], repeatable: Set<String> = [], flags allowedFlags: Set<String> = []) throws(UsageError) {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            let isOption = word.hasPrefix("--") && word.count > 2
            guard isOption || allowedFlags.contains(word) || valued.contains(word) else {
                positionals.append(word)
                continue
            }
            if repeatable.contains(word) {
                guard index < words.count else { throw UsageError("\(word) needs a value") }
                repeated[word, default: []].append(words[index])
                index += 1
            } else if allowedFlags.contains(word) {
                flags.insert(word)
            } else if valued.contains(word) {
                guard index < words.count else { throw UsageError("\(word) needs a value") }
                if values[word] != nil { throw UsageError("\(word) is given twice") }
                values[word] = words[index]
                index += 1
            } else {
                throw UsageError("unknown option \(word)")
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name] }
    /// Every value a repeatable option was given, in order; nil when it was not given.
    func values(_ name: String) -> [String]? { repeated[name] }

    /// The option's value as a whole number, if given.
    func number(_ name: String) throws(UsageError) -> UInt64? {
        guard let text = values[name] else { return nil }
        guard let number = UInt64(text) else { throw UsageError("\(name) takes a whole number, not \(text.debugDescription)") }
        return number
    }
}
