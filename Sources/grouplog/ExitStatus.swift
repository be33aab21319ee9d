/// The exit codes every command shares; scripts depend on them.
enum ExitStatus: Int32 {
    case success = 0
    /// Fixture expectations not met (or, later, a rejected submit).
    case expectationsNotMet = 1
    /// Bad input: a malformed fixture, file or argument value.
    case badInput = 2
    /// The command line itself is wrong.
    case usage = 64
}

/// A command-line mistake, reported with the command's usage and exit code 64.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Input that cannot be used, reported with exit code 2.
struct InputError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
