/// Input that cannot be used, reported with exit code 2.
struct InputError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
