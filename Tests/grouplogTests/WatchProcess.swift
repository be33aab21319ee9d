import Foundation

/// The real `grouplog` binary running as a child process (as `watch` runs beside other writers),
/// its standard output collected line by line on a background thread.
final class WatchProcess: @unchecked Sendable {
    // @unchecked: `collected` is guarded by `lock`; the rest is set before the reader starts.

    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var collected = Data()
    private let readerDone = DispatchSemaphore(value: 0)
    /// Set by the launching thread before it signals.
    private var launchError: (any Error)?

    init(_ binary: URL, _ arguments: [String]) throws {
        process.executableURL = binary
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        // A child inherits the signal mask of the thread that spawns it, and the test's
        // dispatch threads block SIGINT and SIGTERM: spawn from a thread that blocks nothing,
        // as a shell would, so that Ctrl-C reaches the watcher.
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
        Thread.detachNewThread { [self] in
            let handle = output.fileHandleForReading
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                lock.lock()
                collected.append(data)
                lock.unlock()
            }
            readerDone.signal()
        }
    }

    /// The complete lines printed so far.
    var lines: [String] {
        lock.lock()
        let text = String(decoding: collected, as: UTF8.self)
        lock.unlock()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()  // the unfinished line, empty after a newline
        return lines
    }

    /// Polls until `condition` holds of the lines printed so far, the process ends, or `limit`
    /// passes (which only bounds the wait: the test then fails on what was printed).
    @discardableResult
    func wait(upTo limit: Duration = .seconds(10), until condition: ([String]) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition(lines) { return true }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition(lines)
    }

    /// Waits until the process waits between reads of the store. `watch` waits (blocked on the
    /// store's wait for the group's next commit) only in its loop, after it read the group's
    /// head: a commit made from then on is one it prints.
    func waitUntilPolling(upTo limit: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline && process.isRunning {
            if isSleeping { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// Whether the main thread sleeps or waits on a futex, as a thread blocked in a semaphore's
    /// timed wait does (Linux's /proc). The store's wait is the only one the single-threaded
    /// `watch` makes.
    private var isSleeping: Bool {
        let pid = process.processIdentifier
        if let wchan = FileManager.default.contents(atPath: "/proc/\(pid)/wchan"),
           ["nanosleep", "futex"].contains(where: String(decoding: wchan, as: UTF8.self).contains) {
            return true
        }
        guard let syscall = FileManager.default.contents(atPath: "/proc/\(pid)/syscall"),
              let number = String(decoding: syscall, as: UTF8.self).split(separator: " ").first else { return false }
        #if arch(x86_64)
        return ["35", "230", "202"].contains(number)  // nanosleep, clock_nanosleep, futex
        #elseif arch(arm64)
        return ["101", "115", "98"].contains(number)
        #else
        return false
        #endif
    }

    /// Sends SIGINT (Ctrl-C), waits for the process to end, and returns how it ended with its
    /// standard error.
    func interrupt() -> (reason: Process.TerminationReason, status: Int32, stderr: String) {
        if process.isRunning { process.interrupt() }
        if !exits(within: .seconds(10)) {
            // It ignored the interrupt: kill it so the test fails instead of hanging.
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        // Bounded: the pipe reaches its end when the process ends.
        _ = readerDone.wait(timeout: .now() + 10)
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationReason, process.terminationStatus, errorText)
    }

    /// Ends the process if a test stopped before interrupting it.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits, polling, until the process has ended or `limit` passed; returns whether it ended.
    private func exits(within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while process.isRunning && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        return !process.isRunning
    }
}
