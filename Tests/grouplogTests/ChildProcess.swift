import Foundation

/// A program run as a child process, its standard output and standard error collected on
/// background threads (so that neither pipe fills and blocks it), spawned from a thread that
/// blocks no signal, as a shell spawns it, so that SIGINT reaches it.
final class ChildProcess: @unchecked Sendable {
    // @unchecked: `output` and `errors` are guarded by `lock`; the rest is set before the readers start.

    let process = Process()
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()
    private let readersDone = DispatchGroup()
    /// Set by the launching thread before it signals.
    private var launchError: (any Error)?

    init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        let outputPipe = Pipe(), errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
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
        collect(outputPipe) { [self] data in output.append(data) }
        collect(errorPipe) { [self] data in errors.append(data) }
    }

    private func collect(_ pipe: Pipe, into append: @escaping @Sendable (Data) -> Void) {
        readersDone.enter()
        Thread.detachNewThread { [self] in
            let handle = pipe.fileHandleForReading
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                lock.lock()
                append(data)
                lock.unlock()
            }
            readersDone.leave()
        }
    }

    /// Standard output so far.
    var stdout: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: output, as: UTF8.self)
    }

    /// Standard error so far.
    var stderr: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errors, as: UTF8.self)
    }

    /// Polls until `condition` holds, the process ends, or `limit` passes (which only bounds
    /// the wait: the test then fails on what was printed).
    func wait(until condition: (ChildProcess) -> Bool, limit: Duration = .seconds(120)) {
        let deadline = ContinuousClock.now + limit
        while !condition(self), process.isRunning, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Sends SIGINT, as Ctrl-C does.
    func interrupt() { kill(process.processIdentifier, SIGINT) }

    /// Waits for the process to end and for everything it printed.
    func finish() -> (status: Int32, stdout: String, stderr: String) {
        process.waitUntilExit()
        readersDone.wait()
        return (process.terminationStatus, stdout, stderr)
    }
}
