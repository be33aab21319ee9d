import Foundation
import Testing

/// Debian's chromium, driven headless by the audit page's tests: a screenshot, or the DOM after
/// the page's script ran.
struct HeadlessChromium {
    /// The browser binary, if one is installed.
    static let path: String? = {
        let names = ["chromium", "chromium-browser"]
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
        for folder in folders {
            for name in names where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        return nil
    }()

    /// Whether the environment demands the browser tests run (scripts/test.sh sets
    /// `GROUPLOG_REQUIRE_CHROMIUM=1`), so that a missing browser fails rather than skips them.
    static let isRequired = ProcessInfo.processInfo.environment["GROUPLOG_REQUIRE_CHROMIUM"] == "1"

    /// Run the browser tests when there is a browser, or when one is required (and then fail).
    static let shouldRun = path != nil || isRequired

    /// A browser that does not finish by then has hung: it is killed and the test fails.
    static let timeoutSeconds = 90.0

    let binary: String
    /// A scratch folder for the browser's profile and output.
    let scratch: URL

    /// Writes a screenshot of `url` to `png`, in a 1280x1000 window.
    func screenshot(_ url: String, to png: String) throws {
        _ = try run(["--screenshot=\(png)", "--window-size=1280,1000", "--hide-scrollbars", url])
    }

    /// The page's DOM after its scripts ran, as HTML.
    func dumpDOM(_ url: String) throws -> String {
        try run(["--virtual-time-budget=2000", "--dump-dom", url])
    }

    private func run(_ arguments: [String]) throws -> String {
        let output = scratch.appendingPathComponent("stdout-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        // Root needs --no-sandbox; a fresh profile keeps runs apart; no GPU or /dev/shm in CI.
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=\(scratch.appendingPathComponent("profile").path)",
        ] + arguments
        // Written to a file, not a pipe, so a large DOM cannot fill a pipe and stall the browser.
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(Self.timeoutSeconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            Issue.record("chromium \(arguments.joined(separator: " ")) did not finish within \(Int(Self.timeoutSeconds)) seconds")
        }
        #expect(process.terminationStatus == 0, "chromium \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        return try String(contentsOf: output, encoding: .utf8)
    }
}
