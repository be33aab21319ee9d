#if canImport(Glibc)
import Glibc
#endif
import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog watch GROUP [--from SEQ] [--json]`: prints each new commit's outcome and events as
/// other processes commit them, until interrupted (Ctrl-C: exit 130, as every long command).
enum WatchCommand: CommandBody {
    static let command = Command(
        name: "watch",
        overview: [OverviewEntry("watch GROUP [--from SEQ]", summary: "print each new commit and its events as others commit them")],
        page: [.text("""
        Prints each new commit of the group, with its outcome and events, as other processes
        commit them, until interrupted. With --from, starts at commit SEQ (the commits already
        there are printed first); else at the next one.

        Ctrl-C stops it within a tenth of a second, after the batch in hand is printed: it says
        how many commits it printed and exits 130, as every long command does. SIGTERM ends it
        at once with exit 0 (everything printed was flushed batch by batch).
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog watch GROUP [--from SEQ] [--json] [--store DIR]"]

    enum Option: String, CommandOption {
        case from = "--from SEQ", json = "--json"
    }

    /// How long to wait for the store to report a commit before reading the head again: the
    /// longest it takes to see another process's commit.
    static let interval: Duration = .milliseconds(100)

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        // It flushes each batch of commits as it goes, and ends by signal: standard output only.
        guard var standard = streams as? StandardStreams else { throw UsageError("watch needs a terminal's standard output") }
        let group = try CommandValues.group(arguments.onlyPositional("watch takes exactly one group"))
        let opened = try store.open()
        // Everything printed is flushed batch by batch, so SIGTERM loses nothing by ending at once;
        // Ctrl-C is noticed between batches and waits (at most `interval`), so that the command
        // can say what it printed. A parent may have started this process with SIGTERM blocked.
        signal(SIGTERM) { _ in _exit(0) }
        var terminations = sigset_t()
        sigemptyset(&terminations)
        sigaddset(&terminations, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &terminations, nil)
        Interrupt.stopBetweenSteps()
        let first = try arguments.number(.from) ?? opened.headSequence(of: group) + 1
        var next = first
        while !Interrupt.wasRequested {
            let head = try opened.headSequence(of: group)
            if head >= next {
                for entry in try opened.commits(of: group, from: next, limit: 1_000) {
                    if arguments.flag(.json) {
                        standard.out(JSONWriter.write(ReplayReport.json(entry.commit, entry.outcome, events: entry.events)))
                    } else {
                        standard.out(ReplayReport.line(entry.commit, entry.outcome, events: entry.events))
                    }
                    next = entry.commit.sequence + 1
                }
                standard.flush()
            } else {
                // The head is before `next`, so `next` is at least 1.
                _ = try opened.blockUntilCommits(in: group, after: next - 1, timeout: interval)
            }
        }
        standard.flush()
        let printed = next - first
        standard.err("grouplog: interrupted: watched \(printed) commits of \(group)"
            + (printed > 0 ? " (\(first) to \(next - 1))" : "") + "; nothing was written")
        return .interrupted
    }
}
