import Foundation
import grouplog

/// Runs fuzzed `grouplog` command lines where they can do no harm: in a scratch directory that is
/// emptied before each input, with `--store` pointed inside it.
///
/// Words that could reach outside it are dropped (any `/`, a leading `..` or `~`, `postgres`
/// URLs), as are `-` (standard input, which would block) and the commands that follow a store
/// forever (`watch`, `replicate`): what is fuzzed is argument parsing and each command's reading
/// of its options and files, not the file system.
final class CLISandbox: @unchecked Sendable {
    static let shared = CLISandbox()

    private let directory: String
    private let manager = FileManager.default

    private init() {
        directory = NSTemporaryDirectory() + "grouplog-fuzz-cli-\(getpid())"
        try? manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard manager.changeCurrentDirectoryPath(directory) else { fatalError("cannot enter \(directory)") }
        unsetenv("GROUPLOG_STORE")
        atexit { try? FileManager.default.removeItem(atPath: CLISandbox.shared.directory) }
    }

    func run(_ bytes: [UInt8]) {
        let words = Self.words(bytes)
        if let first = words.first, Self.blockingCommands.contains(first) { return }
        for item in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] {
            try? manager.removeItem(atPath: directory + "/" + item)
        }
        var streams = CapturedStreams()
        _ = CLI.run(["--store", "store"] + words.filter { $0 != "--store" }, streams: &streams)
    }

    /// The command-line words in `bytes`: split at NUL and newline, the unsafe ones dropped.
    static func words(_ bytes: [UInt8]) -> [String] {
        bytes.split(omittingEmptySubsequences: false) { $0 == 0 || $0 == 0x0A }
            .map { String(decoding: $0, as: UTF8.self) }
            .filter { word in
                !word.contains("/") && !word.hasPrefix("..") && !word.hasPrefix("~") && word != "-"
                    && !word.lowercased().hasPrefix("postgres")
            }
    }

    static let blockingCommands: Set<String> = ["watch", "replicate"]
}
