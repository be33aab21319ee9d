import Foundation
import GroupTestSupport

/// A child process with its outputs captured.
final class Child: @unchecked Sendable {
    // @unchecked: the launching thread sets `launchError` before it signals, and nothing after.
    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    init(_ binary: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        // A child inherits the signal mask of the thread that spawns it, and the test's threads
        // block signals, SIGCHLD among them: a shell that waits for its background jobs would
        // wait for ever. Spawn from a thread that blocks nothing, as a shell would.
        let launched = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do { try process.run() } catch { launchError = error }
            launched.signal()
        }
        launched.wait()
        if let launchError { throw launchError }
    }

    private var launchError: (any Error)?

    var isRunning: Bool { process.isRunning }

    /// Sends `signal` (SIGKILL, SIGTERM, ...) to the process; reap it with `finish()`.
    func send(_ signal: Int32) {
        _ = kill(process.processIdentifier, signal)
    }

    /// `finish()`, awaited on a thread of its own.
    func finished() async -> (status: Int32, stdout: String, stderr: String) {
        await OffPool.run { self.finish() }
    }

    /// Waits for the process and returns its exit status and outputs. The outputs are small
    /// (a state's JSON, one line), so reading one after the other cannot block.
    func finish() -> (status: Int32, stdout: String, stderr: String) {
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        return (status, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
