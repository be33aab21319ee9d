#if canImport(Glibc)
import Glibc
#endif
import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog watch GROUP [--from SEQ] [--json]`: prints each new commit's outcome and events as
/// other processes commit them, until interrupted (Ctrl-C exits 0).
enum WatchCommand: CommandBody {
    static let command = Command(
        name: "watch",
        overview: [OverviewEntry("watch GROUP [--from SEQ]", summary: "print each new commit and its events as others commit them")],
        page: [.text("""
        Prints each new commit of the group, with its outcome and events, as other processes
        commit them, until interrupted (Ctrl-C exits 0). With --from, starts at commit SEQ
        (the commits already there are printed first); else at the next one.
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
        // Everything printed is flushed batch by batch, so an interrupt loses nothing: end at once.
        // A parent may have started this process with the signals blocked: unblock them.
        signal(SIGINT) { _ in _exit(0) }
        signal(SIGTERM) { _ in _exit(0) }
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        sigaddset(&interrupts, SIGINT)
        sigaddset(&interrupts, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &interrupts, nil)
        var next = try arguments.number(.from) ?? opened.headSequence(of: group) + 1
        while true {
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
    }
}
