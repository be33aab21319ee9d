extension Command {
    /// `grouplog help NAME`: the usage lines of every body, then the page's blocks.
    var helpPage: String {
        let usage = bodies.flatMap { $0.usage }
        var blocks = [(["Usage: " + (usage.first ?? "grouplog \(name)")] + usage.dropFirst().map { "       " + $0 }).joined(separator: "\n")]
        for block in page {
            switch block {
            case let .text(text): blocks.append(text)
            case .options: blocks.append(optionsList)
            }
        }
        return blocks.joined(separator: "\n\n")
    }

    /// The column an option's help starts at in the options list.
    private static let optionHelpColumn = 14

    /// Each option with a help line: its name and value, then the help, continued below it.
    private var optionsList: String {
        var lines: [String] = []
        for option in bodies.flatMap({ $0.options }) {
            guard let help = option.help else { continue }
            let helpLines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.append("  " + option.synopsis.padding(Self.optionHelpColumn) + helpLines[0])
            lines += helpLines.dropFirst().map { String(repeating: " ", count: Self.optionHelpColumn + 2) + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
