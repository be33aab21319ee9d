/// `grouplog fixture run|record|shrink ...`
enum FixtureCommand {
    static let command = Command(
        name: "fixture",
        overview: [
            OverviewEntry("fixture run PATH...", summary: "run fixtures (files or directories) and report each"),
            OverviewEntry("fixture shrink FIXTURE -o FILE", summary: "a smaller fixture that fails with the same first difference"),
            OverviewEntry(
                "fixture record GROUP|FIXTURE [--from SEQ] [--to SEQ] -o FILE",
                summary: "write a window of a log as a fixture that reproduces it"),
        ],
        page: [.text("""
        run: runs each fixture (SPEC section 13): folds its log, checks every commit's expected
        outcome and the final expectations. A directory runs every .json file below it, in name
        order. Prints one line per fixture (PASS, or FAIL with its first difference: the commit
        or expectation, what was expected and what came), then 'N passed, M failed'.
        With --progress, or unasked when standard error is a terminal and standard output is
        not, a progress line counts the files. Ctrl-C stops it before the next file.
        Exit status: 0 when all pass, 1 when one fails, 2 when a fixture cannot be read, 130
        when interrupted.

        record: writes commits SEQ (default: the first) through SEQ (default: the last) of a
        store group or a fixture's log as a fixture: each commit with its outcome as its
        expectation, the state at the window's end (members, states, metadata, stateHash, ...)
        as the final expectation, and for a window after commit 0 the state before it as the
        fixture's "start" (its canonical encoding in base64 and its hash). 'fixture run' on the
        file passes; the state hash it expects is for the group ID of FILE's name.
        Exit status: 0; 1 when the recording would not reproduce the log; 2 for an unknown
        group or file, a sequence outside the log, --from after --to, or a FILE that cannot be
        written; 64 without -o.

        shrink: for a fixture that fails, writes a smaller one that fails with the same first
        difference (the same commit with the same expected and actual outcome code, or the same
        expectation with the same expected and actual value), removing expectations, commits and
        changes by delta debugging; prints the sizes before and after.
        Exit status: 0; 1 when the fixture passes (nothing to shrink); 2 when it cannot be read
        or FILE cannot be written; 64 without -o.

        FILE (-o FILE, or --output FILE) is written whole or not at all (a temporary file beside
        it, then renamed).
        """)],
        action: .subcommands([
            Command.Subcommand(name: "run", body: FixtureRunCommand.self),
            Command.Subcommand(name: "record", body: FixtureRecordCommand.self),
            Command.Subcommand(name: "shrink", body: FixtureShrinkCommand.self),
        ]))

    /// The required `-o FILE` of `subcommand`.
    static func outputPath(_ value: String?, for subcommand: String) throws(UsageError) -> String {
        guard let value else { throw UsageError("fixture \(subcommand) needs -o FILE") }
        return value
    }
}
