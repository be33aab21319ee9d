/// Where a command writes: standard output and standard error, or strings in tests.
package protocol Streams {
    mutating func out(_ text: String)
    mutating func err(_ text: String)
}
