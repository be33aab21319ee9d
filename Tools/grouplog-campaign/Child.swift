import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A process the campaigns start: its output goes to files, so a killed child never blocks a
/// pipe and what it printed before the kill is all there.
struct Child {
    /// How a finished child ended: an exit status, or the signal that ended it.
    struct Ending: CustomStringConvertible {
        let status: Int32
        let signal: Int32?
        let stdout: String
        let stderr: String

        /// Killed by a signal it did not ask for, or a Swift trap: a crash.
        var crashed: Bool { signal != nil }

        var description: String { signal.map { "signal \($0)" } ?? "exit \(status)" }
    }

    let process: Process
    let stdoutPath: String
    let stderrPath: String

    private static let counter = Atomic<Int>(0)

    /// Starts `program` with `arguments`, its output in fresh files under `folder`.
    init(_ program: String, _ arguments: [String], in folder: String) throws {
        let number = Self.counter.add(1, ordering: .relaxed).newValue
        stdoutPath = folder + "/child-\(number).out"
        stderrPath = folder + "/child-\(number).err"
        guard FileManager.default.createFile(atPath: stdoutPath, contents: nil),
              FileManager.default.createFile(atPath: stderrPath, contents: nil) else {
            throw CampaignError("cannot create the output files of a child in \(folder)")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// What it printed so far.
    var output: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }

    /// Sends `signal` and waits for it to end.
    func kill(_ signal: Int32 = SIGKILL) -> Ending {
        _ = Glibc.kill(pid, signal)
        return finish()
    }

    /// Waits for it to end, then removes its files.
    func finish() -> Ending {
        process.waitUntilExit()
        let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        let ending = Ending(status: process.terminationStatus, signal: signal, stdout: output,
                            stderr: (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "")
        try? FileManager.default.removeItem(atPath: stdoutPath)
        try? FileManager.default.removeItem(atPath: stderrPath)
        return ending
    }

    /// Runs `program` to its end.
    static func run(_ program: String, _ arguments: [String], in folder: String) throws -> Ending {
        try Child(program, arguments, in: folder).finish()
    }
}

/// A fresh directory under the system's temporary one.
func scratchDirectory(_ name: String) throws -> String {
    var template = Array((NSTemporaryDirectory() + "/grouplog-\(name)-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw CampaignError("cannot make a temporary directory") }
    return String(cString: made)
}

/// A failure of the campaign itself (not a finding).
struct CampaignError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// 48213 as "48,213".
func grouped(_ number: Int) -> String {
    let digits = String(number)
    var result = ""
    for (index, digit) in digits.reversed().enumerated() {
        if index > 0, index % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return String(result.reversed())
}

/// The `stateHash` of `grouplog state --json` output.
func stateHash(_ output: String) -> String? {
    let object = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any]
    return object?["stateHash"] as? String
}

/// The `sequence` of `grouplog state --json` output.
func stateSequence(_ output: String) -> UInt64? {
    let object = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any]
    return (object?["sequence"] as? NSNumber)?.uint64Value
}
