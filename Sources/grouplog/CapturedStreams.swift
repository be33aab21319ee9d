/// Streams captured as text, for tests.
struct CapturedStreams: Streams {
    var stdout = ""
    var stderr = ""

    mutating func out(_ text: String) { stdout += text + "\n" }
    mutating func err(_ text: String) { stderr += text + "\n" }
}
