/// A command-line mistake, reported with the command's usage and exit code 64.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
