/// The help texts: `grouplog --help` and `grouplog help COMMAND`.
enum Help {
    static let overview = """
    grouplog: an event-sourced group-chat state machine.

    Usage: grouplog COMMAND [ARGUMENTS]

    Commands:
      fixture run PATH...            run fixtures (files or directories) and report each
      replay FIXTURE [--at SEQ]      replay a fixture's log: each commit's outcome, then the state
      help COMMAND                   show a command's help

    Options shared by commands:
      --json                         print JSON instead of text
      --help                         show this help

    Exit codes: 0 success, 1 expectations not met, 2 bad input, 64 usage error.
    """

    static let commands: [String: String] = [
        "fixture": """
        Usage: grouplog fixture run [--json] PATH...

        Runs each fixture (SPEC section 13): folds its log, checks every commit's expected
        outcome and the final expectations. A directory runs every .json file below it, in name
        order. Prints one line per fixture (PASS, or FAIL with its first difference: the commit
        or expectation, what was expected and what came), then 'N passed, M failed'.

        Exit status: 0 when all pass, 1 when one fails, 2 when a fixture cannot be read.
        """,
        "replay": """
        Usage: grouplog replay FIXTURE [--at SEQ] [--json]

        Folds a fixture's log and prints each commit's outcome (sequence, actor, time, its
        changes, applied or rejected with code and detail), then the state after the last
        commit, or after commit SEQ with --at: members with roles and states, admins, the
        policy set, metadata and former members. Expectations are not checked (use fixture run).

        Exit status: 0, or 2 when the fixture cannot be read or SEQ is past the log's end.
        """,
        "help": """
        Usage: grouplog help COMMAND

        Shows the help of one command.
        """,
    ]

    static func run(_ words: [String], streams: inout some Streams) throws(UsageError) -> ExitStatus {
        guard words.count == 1 else { throw UsageError("help takes one command name") }
        guard let text = commands[words[0]] else { throw UsageError("no command named \(words[0].debugDescription)") }
        streams.out(text)
        return .success
    }
}
