import Foundation
import Testing
@testable import grouplog

/// The progress line's text, and the line as a person sees it: through a pseudo-terminal made
/// by `script`, never in a pipe unless asked for with --progress.
struct ProgressLineTests {
    @Test func theLineSaysTheCountTheShareTheRateAndTheTimeLeft() {
        let start = ContinuousClock.now
        var line = ProgressLine("import", total: 3_000_000, shown: false, start: start)
        line.advance(by: 1_200_000)
        #expect(line.text(at: start + .seconds(2)) == "import: 1,200,000 of 3,000,000 commits (40%), 600,000 commits/s, 3.0 s left")
        line.advance(to: 3_000_000)
        #expect(line.text(at: start + .seconds(5)) == "import: 3,000,000 of 3,000,000 commits (100%), 600,000 commits/s")
        #expect(line.summary(at: start + .seconds(5)) == "import: 3,000,000 commits in 5.0 s, 600,000 commits/s")
        var files = ProgressLine("fixture run", unit: "files", shown: false, start: start)
        files.advance(by: 12)
        #expect(files.text(at: start + .seconds(4)) == "fixture run: 12 files, 3 files/s")
    }

    @Test(arguments: [(0.42, "0.4 s"), (12.4, "12 s"), (125, "2 min 5 s"), (3_725, "1 h 2 min")])
    func timeLeftReadsAsAPersonSaysIt(seconds: Double, text: String) {
        #expect(ProgressLine.duration(seconds) == text)
    }

    private static let script = URL(fileURLWithPath: "/usr/bin/script")
    private static let canRun = BuiltBinary.url != nil && FileManager.default.isExecutableFile(atPath: script.path)

    /// `script -q -c COMMAND /dev/null`: COMMAND on a pseudo-terminal, all it shows on script's
    /// standard output.
    private func onATerminal(_ command: String) throws -> (status: Int32, screen: String) {
        let child = try ChildProcess(Self.script, ["-q", "-e", "-c", command, "/dev/null"])
        let done = child.finish()
        return (done.status, done.stdout)
    }

    private func quoted(_ words: [String]) -> String {
        words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
    }

    /// A redraw: carriage return, erase to the end of the line, then the text.
    private static let redraw = "\r\u{1B}[K"

    @Test(.enabled(if: canRun, "needs the built grouplog binary and util-linux script"))
    func generateDrawsOneUpdatingLineOnATerminal() throws {
        let binary = try #require(BuiltBinary.url)
        try withTemporaryDirectory { directory in
            let words = [binary.path, "--store", directory.path("store"), "generate", "--members", "5000", "--commits", "40000", "--group", "g"]
            let (status, screen) = try onATerminal(quoted(words))
            #expect(status == 0)
            let draws = screen.components(separatedBy: Self.redraw).dropFirst()
            #expect(draws.count >= 2, "\(screen.debugDescription)")
            let updating = try Regex(#"^generate: [0-9,]+ of 40,000 commits \([0-9]+%\), [0-9,]+ commits/s(, [0-9. a-z]+ left)?$"#)
            let odd = draws.dropLast().filter { $0.wholeMatch(of: updating) == nil }
            #expect(odd.isEmpty, "\(odd.map(\.debugDescription))")
            // The last draw is the summary, ended by the terminal's newline, then the command's own line.
            let last = try #require(draws.last)
            #expect(last.wholeMatch(of: try Regex(#"generate: 40,000 commits in [0-9. a-z]+, [0-9,]+ commits/s\r\ngenerated group g in .*\r\n"#)) != nil,
                    "\(last.debugDescription)")

            // Replay prints a line per commit: only with its output elsewhere does it draw the line.
            let replay = try onATerminal(quoted([binary.path, "--store", directory.path("store"), "replay", "g"]) + " > /dev/null")
            #expect(replay.status == 0)
            #expect(replay.screen.contains(Self.redraw + "replay: "), "\(replay.screen.prefix(300).debugDescription)")
            let busy = try onATerminal(quoted([binary.path, "--store", directory.path("store"), "replay", "g", "--at", "30"]))
            #expect(!busy.screen.contains(Self.redraw))
        }
    }

    /// `import`, `verify` and `rebuild` work inside one store call: the store tells them each
    /// commit done, and they draw the same line.
    @Test(.enabled(if: canRun, "needs the built grouplog binary and util-linux script"))
    func storeWideCommandsDrawTheLineOnATerminal() throws {
        let binary = try #require(BuiltBinary.url)
        try withTemporaryDirectory { directory in
            let store = ["--store", directory.path("store")]
            let recipe = ["generate", "--members", "2000", "--commits", "20000"]
            #expect(try ChildProcess(binary, store + recipe + ["--group", "g"]).finish().status == 0)
            #expect(try ChildProcess(binary, recipe + ["-o", directory.path("log.json")]).finish().status == 0)
            for (words, line) in [
                (["verify"], #"verify: [0-9,]+ of 20,000 commits \([0-9]+%\)"#),
                (["rebuild"], #"rebuild: [0-9,]+ of 40,000 commit reads \([0-9]+%\)"#),
                (["import", directory.path("log.json"), "--group", "h"], #"import: [0-9,]+ of 20,000 commits \([0-9]+%\)"#),
            ] {
                let (status, screen) = try onATerminal(quoted([binary.path] + store + words))
                #expect(status == 0, "\(words[0]): \(screen.suffix(300).debugDescription)")
                let draws = screen.components(separatedBy: Self.redraw).dropFirst()
                #expect(draws.contains { $0.firstMatch(of: try! Regex(line)) != nil }, "\(words[0]): \(screen.prefix(300).debugDescription)")
                // In a pipe, nothing but the command's own output.
                let piped = try ChildProcess(binary, store + (words[0] == "import" ? ["verify"] : words)).finish()
                #expect(piped.status == 0 && piped.stderr == "", "\(words[0]): \(piped.stderr.debugDescription)")
            }
        }
    }

    @Test(.enabled(if: BuiltBinary.url != nil, "needs the built grouplog binary"))
    func aPipeGetsNoProgressUnlessAskedFor() throws {
        let binary = try #require(BuiltBinary.url)
        try withTemporaryDirectory { directory in
            let words = ["--store", directory.path("store"), "generate", "--members", "5000", "--commits", "40000"]
            let piped = try ChildProcess(binary, words + ["--group", "g"]).finish()
            #expect(piped.status == 0)
            #expect(piped.stderr == "")
            #expect(piped.stdout.hasPrefix("generated group g in "))

            let asked = try ChildProcess(binary, words + ["--group", "h", "--progress"]).finish()
            #expect(asked.status == 0)
            #expect(asked.stderr.contains(Self.redraw + "generate: "))
            #expect(asked.stderr.hasSuffix("commits/s\n"))
            #expect(!asked.stdout.contains("\u{1B}"))
        }
    }
}
