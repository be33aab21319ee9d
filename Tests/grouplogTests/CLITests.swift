import Testing
@testable import grouplog

/// A command line that is wrong in itself, and what the error must say.
struct UsageMistake: Sendable, CustomTestStringConvertible {
    /// The words; `FILE` stands for the path of a valid fixture.
    let words: [String]
    let message: String

    var testDescription: String { words.isEmpty ? "(no arguments)" : words.joined(separator: " ") }

    static let all: [UsageMistake] = [
        UsageMistake(words: ["frobnicate"], message: #"grouplog: unknown command "frobnicate""#),
        UsageMistake(words: ["--version"], message: #"grouplog: unknown command "--version""#),
        UsageMistake(words: ["fixture"], message: "grouplog: fixture needs a subcommand: run, record or shrink"),
        UsageMistake(words: ["fixture", "check", "FILE"], message: #"grouplog: unknown fixture subcommand "check""#),
        UsageMistake(words: ["fixture", "run"], message: "grouplog: fixture run needs at least one file or directory"),
        UsageMistake(words: ["fixture", "run", "--verbose", "FILE"], message: "grouplog: unknown option --verbose"),
        UsageMistake(words: ["replay"], message: "grouplog: replay takes exactly one fixture file or group"),
        UsageMistake(words: ["replay", "FILE", "FILE"], message: "grouplog: replay takes exactly one fixture file or group"),
        UsageMistake(words: ["replay", "FILE", "--at"], message: "grouplog: --at needs a value"),
        UsageMistake(words: ["replay", "FILE", "--at", "two"], message: #"grouplog: --at takes a whole number, not "two""#),
        UsageMistake(words: ["replay", "FILE", "--at", "-1"], message: #"grouplog: --at takes a whole number, not "-1""#),
        UsageMistake(words: ["replay", "FILE", "--at", "0", "--at", "1"], message: "grouplog: --at is given twice"),
        UsageMistake(words: ["replay", "FILE", "--all"], message: "grouplog: unknown option --all"),
        UsageMistake(words: ["help"], message: "grouplog: help takes one command name"),
        UsageMistake(words: ["help", "frobnicate"], message: #"grouplog: no command named "frobnicate""#),
    ]
}

struct CLITests {
    @Test(arguments: [["--help"], ["-h"]])
    func helpShowsTheOverview(_ words: [String]) {
        let result = grouplog(words)
        #expect(result.status == .success)
        #expect(result.stderr == "")
        for piece in ["Usage: grouplog [--store DIR] COMMAND", "fixture run PATH...", "replay FIXTURE [--at SEQ]", "help COMMAND",
                      "submit GROUP --actor INBOX", "fields", "config check", "Exit codes: 0 success;", "64 usage error;", "130\ninterrupted (Ctrl-C)",
                      "generate -o FILE | --group G", "bench GROUP|FIXTURE"] {
            #expect(result.stdout.contains(piece), "--help should mention \(piece)")
        }
    }

    @Test(arguments: [
        ("fixture", "Usage: grouplog fixture run [--json] [--progress] PATH..."),
        ("replay", "Usage: grouplog replay FIXTURE|GROUP [--at SEQ] [--json] [--progress] [--store DIR]"),
        ("help", "Usage: grouplog help COMMAND"),
        ("submit", "Usage: grouplog submit GROUP --actor INBOX --changes JSON|- [--key FILE] [--time MS]"),
        ("state", "Usage: grouplog state GROUP [--at SEQ] [--json] [--store DIR]"),
    ])
    func helpCommandShowsThatCommandsHelp(_ command: String, _ usage: String) {
        let result = grouplog("help", command)
        #expect(result.status == .success)
        #expect(result.stderr == "")
        #expect(result.lines.first == usage)
        #expect(result.stdout.contains("Exit status") || command == "help")
    }

    /// The overview lists `--help` among the options shared by commands.
    @Test(arguments: [
        (["replay", "--help"], "Usage: grouplog replay FIXTURE|GROUP [--at SEQ] [--json] [--progress] [--store DIR]"),
        (["fixture", "run", "--help"], "Usage: grouplog fixture run [--json] [--progress] PATH..."),
    ])
    func helpOptionAfterACommandShowsItsHelp(_ words: [String], _ usage: String) {
        let result = grouplog(words)
        #expect(result.status == .success, "stderr: \(result.stderr)")
        #expect(result.lines.first == usage)
    }

    @Test func noArgumentsPrintsTheOverviewOnStandardError() {
        let result = grouplog([])
        #expect(result.status == .usage)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("Usage: grouplog [--store DIR] COMMAND"))
    }

    @Test(arguments: UsageMistake.all)
    func usageMistakeExitsWith64(_ mistake: UsageMistake) throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.passing)
            let result = grouplog(mistake.words.map { $0 == "FILE" ? file : $0 })
            #expect(result.status == .usage)
            #expect(result.status.rawValue == 64)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix(mistake.message + "\n"), "stderr: \(result.stderr)")
            #expect(result.stderr.contains("Run 'grouplog --help'"))
        }
    }

    @Test func exitCodesAreTheDocumentedNumbers() {
        #expect(ExitStatus.success.rawValue == 0)
        #expect(ExitStatus.expectationsNotMet.rawValue == 1)
        #expect(ExitStatus.badInput.rawValue == 2)
        #expect(ExitStatus.usage.rawValue == 64)
        #expect(ExitStatus.interrupted.rawValue == 130)
    }
}
