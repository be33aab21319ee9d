/// A part of a command's help page after its usage lines.
enum HelpBlock: Sendable {
    /// A paragraph, as written.
    case text(String)
    /// The options that have a help line, one per line: name and value, then the help.
    case options
}
