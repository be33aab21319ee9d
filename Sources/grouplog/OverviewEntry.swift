/// A command's entry in `grouplog --help`: a short synopsis and what it does.
struct OverviewEntry: Sendable {
    /// The synopsis, on one line or more (later lines indented as they are to be shown).
    let synopsis: [String]
    /// What it does, one line or more; none for an entry the synopsis says enough about.
    let summary: [String]

    init(_ synopsis: String..., summary: String...) {
        self.synopsis = synopsis
        self.summary = summary
    }

    /// The column the summaries start at.
    static let summaryColumn = 31

    /// The entry's lines, indented by two: the summary starts on the synopsis's last line when
    /// that leaves room, else on the lines below it.
    var lines: [String] {
        var lines = synopsis.map { "  " + $0 }
        var summary = summary[...]
        if let first = summary.first, let last = synopsis.last, last.count < Self.summaryColumn {
            lines[lines.count - 1] = "  " + last.padding(Self.summaryColumn) + first
            summary = summary.dropFirst()
        }
        lines += summary.map { "  " + String(repeating: " ", count: Self.summaryColumn) + $0 }
        return lines
    }
}
