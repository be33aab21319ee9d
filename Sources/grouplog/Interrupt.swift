#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Ctrl-C (SIGINT) on a long command: the command stops cleanly, says what it did, and exits
/// 130 (`ExitStatus.interrupted`). Two ways, as the work allows:
///
/// - `stopBetweenSteps()`: the signal only sets a flag, which the command reads between its
///   steps (a batch written, a commit read) and then stops, so that nothing is half-written:
///   `generate --group` and `copy` end after the batch in hand, each batch being one write.
/// - `abandon(saying:)`: for work that is one transaction the command cannot look inside
///   (`import`, `rebuild`), or that writes nothing (`verify`): the signal handler itself prints
///   the message and ends the process at once, and the store drops the transaction that never
///   committed. Call `finishing()` as soon as the transaction has returned, so that a signal
///   after it only sets the flag.
package enum Interrupt {
    /// Whether this process is the `grouplog` executable, whose signals are its own: a process
    /// that drives `CLI.run` in-process (the fuzzer, the tests) keeps its own SIGINT handling.
    private static let handlesSignals = Atomic<Bool>(false)
    private static let requested = Atomic<Bool>(false)
    /// Whether the handler ends the process at once, printing `message`.
    private static let abandons = Atomic<Bool>(false)
    /// The handler's message, made before the handler is installed: a handler may only write bytes.
    nonisolated(unsafe) private static var message: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 0)

    /// Lets the commands install their SIGINT handlers: `main.swift` calls it before `CLI.run`.
    package static func handleSignalsInThisProcess() {
        handlesSignals.store(true, ordering: .relaxed)
    }

    /// Whether SIGINT has arrived since the handler was installed.
    static var wasRequested: Bool { requested.load(ordering: .relaxed) }

    /// Installs the handler that sets the flag; SIGINT may have been blocked by the parent.
    static func stopBetweenSteps() {
        abandons.store(false, ordering: .relaxed)
        install()
    }

    /// Installs the handler that prints `text` (on a line of its own) and exits 130 at once.
    static func abandon(saying text: String) {
        // On a terminal the progress line may be showing: the message replaces it.
        let bytes = Array(((isatty(2) == 1 ? "\r\u{1B}[K" : "") + "grouplog: " + text + "\n").utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        message = buffer
        abandons.store(true, ordering: .relaxed)
        install()
    }

    /// The work that could be abandoned is done: from now on SIGINT only sets the flag.
    static func finishing() {
        abandons.store(false, ordering: .relaxed)
    }

    private static func install() {
        guard handlesSignals.load(ordering: .relaxed) else { return }
        signal(SIGINT) { _ in
            Interrupt.requested.store(true, ordering: .relaxed)
            if Interrupt.abandons.load(ordering: .relaxed) {
                _ = write(2, Interrupt.message.baseAddress, Interrupt.message.count)
                _exit(ExitStatus.interrupted.rawValue)
            }
        }
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        sigaddset(&interrupts, SIGINT)
        sigprocmask(SIG_UNBLOCK, &interrupts, nil)
    }
}

extension Interrupt {
    /// Ends a command that writes nothing, from wherever it is (inside a store's read, between
    /// two commits): says what it did on standard error, after what it printed so far, and exits
    /// 130.
    static func endReading(_ done: String, streams: inout some Streams) -> Never {
        streams.err("grouplog: interrupted: \(done); nothing was written")
        exit(ExitStatus.interrupted.rawValue)
    }
}
