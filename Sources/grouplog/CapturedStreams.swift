/// Streams captured as text, for tests.
package struct CapturedStreams: Streams {
    package var stdout = ""
    package var stderr = ""

    package init() {}

    package mutating func out(_ text: String) { stdout += text + "\n" }
    package mutating func err(_ text: String) { stderr += text + "\n" }
}
