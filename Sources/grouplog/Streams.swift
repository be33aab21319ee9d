/// Where a command writes: standard output and standard error, or strings in tests.
package protocol Streams {
    mutating func out(_ text: String)
    mutating func err(_ text: String)
    /// Whether standard output is a terminal, where a person reads as it comes.
    var outputIsTerminal: Bool { get }
    /// Whether standard error is a terminal: the only place a progress line is drawn unasked.
    var errorIsTerminal: Bool { get }
}

extension Streams {
    package var outputIsTerminal: Bool { false }
    package var errorIsTerminal: Bool { false }
}
