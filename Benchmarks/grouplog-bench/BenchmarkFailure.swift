#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body`, or stops the whole run with its error: a benchmark whose work fails has no figure
/// worth printing. (This reports a broken setup; it never judges a timing.)
@discardableResult
func orExit<T>(_ what: @autoclosure () -> String, _ body: () throws -> T) -> T {
    do {
        return try body()
    } catch {
        exitWithMessage("\(what()): \(error)")
    }
}

/// Writes `message` to standard error and exits with `EX_SOFTWARE`.
func exitWithMessage(_ message: String) -> Never {
    let line = Array("grouplog-bench: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(70)
}
