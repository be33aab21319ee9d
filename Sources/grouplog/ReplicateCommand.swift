#if canImport(Glibc)
import Glibc
#endif
import GroupAudit
import GroupStore
import Synchronization

/// `grouplog replicate --from SRC --to DST [--once] [--wait MS]`
enum ReplicateCommand: CommandBody {
    static let command = Command(
        name: "replicate",
        overview: [OverviewEntry("replicate --from SRC --to DST", summary: "keep a replica of a store, usually PostgreSQL into LMDB, live")],
        page: [.text("""
        Copies the store SRC into DST (an LMDB directory, created when missing, or another
        postgresql:// URL), then follows SRC live: every commit made in SRC, by any process
        on any host, and every new identity claim reaches DST, judged again and checked
        against the chain. A PostgreSQL source wakes the replica through LISTEN/NOTIFY, so a
        commit reaches it in well under a second; an LMDB source, which announces nothing to
        other processes, is compared with the replica every --wait milliseconds instead.

        A replica that was stopped, even by kill -9, goes on where it stopped: each batch is
        one write, and the next run checks the replica's last commit of every group against
        SRC and copies what is missing. Read the replica with any command (--store DST), at
        LMDB speed; verify on it checks the same chain. Stop it with Ctrl-C or SIGTERM: within
        a tenth of a second it finishes the batch in hand and prints what it copied. Progress goes to standard
        error, a line a second at most while following. --store is not used.

        --once catches up and stops instead of following. --wait MS is how often a source
        that cannot say what changed (LMDB, a hot standby, a listener that reconnected) is
        compared in full with the replica (default 1000).

        Exit status: 0 when caught up (--once) or stopped by SIGTERM; 130 when stopped by
        Ctrl-C, as every long command; 2 when DST holds a log that is not the start of SRC's
        (nothing of that group written); 3 when a store fails; 4 when SRC is not a store; 5
        when DST judges a commit otherwise than SRC stored it.
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog replicate --from SRC --to DST [--once] [--wait MS] [--progress]"]

    enum Option: String, CommandOption {
        case from = "--from SRC"
        case to = "--to DST"
        case once = "--once"
        case wait = "--wait MS"
        case progress = "--progress"
    }

    /// Set by SIGINT and SIGTERM: the replication stops after the round in hand.
    private static let stopRequested = Atomic<Bool>(false)
    /// Set by SIGINT alone: a stop by Ctrl-C ends with exit 130, as every long command's does;
    /// SIGTERM, how a service manager stops a replica, is an orderly end (0).
    private static let interrupted = Atomic<Bool>(false)

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError("replicate takes no arguments besides --from SRC and --to DST") }
        let pair = try StorePair(command: "replicate", from: arguments.value(.from), to: arguments.value(.to))
        let wait = try arguments.number(.wait) ?? 1_000
        guard (1...3_600_000).contains(wait) else { throw UsageError("--wait takes milliseconds from 1 to 3600000, not \(wait)") }
        let source: any GroupLogStorage, destination: any GroupLogStorage
        switch pair.open(streams: &streams) {
        case let .stores(sourceStore, destinationStore): (source, destination) = (sourceStore, destinationStore)
        case let .failed(status): return status
        }
        let once = arguments.flag(.once)
        if !once { stopOnInterrupt() }
        var tally = FollowTally()
        // Catching up draws one updating line on a terminal; following keeps its lines.
        var bar = ProgressLine("replicate", shown: ProgressLine.shown(requested: arguments.flag(.progress), streams: streams))
        do {
            try StoreReplication(from: source, to: destination).run(
                wait: .milliseconds(wait), shouldStop: { once || stopRequested.load(ordering: .relaxed) }
            ) { progress in
                switch progress {
                case let .catchingUp(copied):
                    guard bar.isShown else { return streams.err(CopyCommand.line(copied, command: "replicate")) }
                    bar.total = Int(copied.totalCommits)
                    bar.advance(to: Int(copied.commits))
                case let .caughtUp(copied):
                    bar.finish()
                    tally.caughtUp = copied
                    streams.err("replicate: caught up: \(copied.groups) groups, \(copied.commits) commits"
                        + (once ? "" : "; following \(pair.sourceAddress)"))
                case .copied: break
                case let .followed(round):
                    if let line = tally.add(round) { streams.err(line) }
                }
            }
        } catch {
            bar.clear()
            streams.err("grouplog: replicate from \(pair.sourceAddress) to \(pair.destinationAddress): \(error)")
            return StorePair.status(error)
        }
        let caughtUp = tally.caughtUp ?? StoreCopyProgress()
        var summary = "replicated \(caughtUp.groups) groups (\(caughtUp.commits) commits) from \(pair.sourceAddress) to \(pair.destinationAddress)"
        if !once { summary += ", then \(tally.commits) commits in \(tally.rounds) rounds while following" }
        streams.out(summary)
        return Self.interrupted.load(ordering: .relaxed) ? .interrupted : .success
    }

    /// SIGINT and SIGTERM ask the replication to stop; a parent may have started this process
    /// with them blocked, so they are unblocked.
    private static func stopOnInterrupt() {
        signal(SIGINT) { _ in
            ReplicateCommand.interrupted.store(true, ordering: .relaxed)
            ReplicateCommand.stopRequested.store(true, ordering: .relaxed)
        }
        signal(SIGTERM) { _ in ReplicateCommand.stopRequested.store(true, ordering: .relaxed) }
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        sigaddset(&interrupts, SIGINT)
        sigaddset(&interrupts, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &interrupts, nil)
    }
}

/// What following has copied, reported at most once a second.
private struct FollowTally {
    var caughtUp: StoreCopyProgress?
    var rounds = 0
    var commits: UInt64 = 0
    private var unreported = ReplicationRound()
    private var lastReport = ContinuousClock.now

    /// Counts a round; returns a progress line when one is due.
    mutating func add(_ round: ReplicationRound) -> String? {
        rounds += 1
        commits += round.commits
        unreported.commits += round.commits
        unreported.groups += round.groups
        unreported.inboxes += round.inboxes
        guard unreported != ReplicationRound(), ContinuousClock.now - lastReport >= .seconds(1) else { return nil }
        defer {
            unreported = ReplicationRound()
            lastReport = .now
        }
        return "replicate: \(unreported.commits) commits (\(unreported.groups) group updates), claims of \(unreported.inboxes) inboxes"
    }
}
