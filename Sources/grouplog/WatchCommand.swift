#if canImport(Glibc)
import Glibc
#endif
import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog watch GROUP [--from SEQ] [--json]`: prints each new commit's outcome and events as
/// other processes commit them, until interrupted (Ctrl-C exits 0).
enum WatchCommand {
    /// How often the store is polled for new commits.
    static let interval: UInt32 = 100_000

    static func run(_ words: [String], store: StoreLocation, streams: inout StandardStreams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--from"], flags: ["--json"])
        guard arguments.positionals.count == 1 else { throw UsageError("watch takes exactly one group") }
        let group = try CommandValues.group(arguments.positionals[0])
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
        var next = try arguments.number("--from") ?? opened.headSequence(of: group) + 1
        while true {
            let head = try opened.headSequence(of: group)
            if head >= next {
                for entry in try opened.commits(of: group, from: next, limit: 1_000) {
                    if arguments.flag("--json") {
                        streams.out(JSONWriter.write(ReplayReport.json(entry.commit, entry.outcome, events: entry.events)))
                    } else {
                        streams.out(ReplayReport.line(entry.commit, entry.outcome, events: entry.events))
                    }
                    next = entry.commit.sequence + 1
                }
                streams.flush()
            } else {
                usleep(interval)
            }
        }
    }
}
