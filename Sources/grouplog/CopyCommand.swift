import GroupAudit
import GroupStore

/// `grouplog copy --from SRC --to DST [--resume]`
enum CopyCommand: CommandBody {
    static let command = Command(
        name: "copy",
        overview: [OverviewEntry("copy --from SRC --to DST", summary: "copy a whole store into another, LMDB or PostgreSQL")],
        page: [.text("""
        Copies every group's log and the whole identity directory (claims no commit names
        included) from the store SRC into the store DST, each an LMDB directory or a
        postgresql:// URL, in either direction. DST is created when missing, as init does, and
        must hold no group. DST judges every commit again as it ingests it; the copy stops with
        an error naming the group and commit if an outcome differs from the one SRC stored.
        Commits go over 1,000 at a time, each batch in one write. Progress goes to standard
        error: a line after each batch, or on a terminal (or with --progress) one updating
        line. --store is not used.

        A copy that stopped leaves each group of DST holding the start of its log in SRC.
        --resume checks that, skips the groups already whole and goes on from each group's last
        commit; it also brings over the commits SRC gained since.

        Exit status: 0; 2 when DST holds a group (with --resume, a log that is not the start of
        SRC's) or gives a claim to another inbox, nothing written; 3 when a store fails; 4 when
        SRC is not a store; 5 when an outcome differs; 130 when Ctrl-C stopped it, after the
        batch in hand.
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog copy --from SRC --to DST [--resume] [--progress]"]

    enum Option: String, CommandOption {
        case from = "--from SRC"
        case to = "--to DST"
        case resume = "--resume"
        case progress = "--progress"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError("copy takes no arguments besides --from SRC and --to DST") }
        let pair = try StorePair(command: "copy", from: arguments.value(.from), to: arguments.value(.to))
        let source = pair.sourceAddress, destination = pair.destinationAddress
        let from: any GroupLogStorage, to: any GroupLogStorage
        switch pair.open(streams: &streams) {
        case let .stores(sourceStore, destinationStore): (from, to) = (sourceStore, destinationStore)
        case let .failed(status): return status
        }
        let done: StoreCopyProgress
        var bar = ProgressLine("copy", shown: ProgressLine.shown(requested: arguments.flag(.progress), streams: streams))
        // Each batch is one write: Ctrl-C ends the copy between two of them.
        Interrupt.stopBetweenSteps()
        do {
            done = try StoreCopy(from: from, to: to).run(
                resuming: arguments.flag(.resume),
                progress: { progress in
                    guard bar.isShown else { return streams.err(line(progress)) }
                    bar.total = Int(progress.totalCommits)
                    bar.advance(to: Int(progress.commits))
                },
                shouldStop: { Interrupt.wasRequested })
            bar.finish()
        } catch {
            bar.clear()
            streams.err("grouplog: copy from \(source) to \(destination): \(error)")
            return StorePair.status(error)
        }
        if done.stopped {
            streams.err("grouplog: interrupted: copied \(done.commits.grouped) of \(done.totalCommits.grouped) commits "
                + "(\(done.groups) of \(done.totalGroups) groups whole) from \(source) to \(destination), each batch whole; "
                + "copy --resume goes on from there")
            return .interrupted
        }
        var summary = "copied \(done.groups) groups (\(done.commits) commits) and the claims of \(done.inboxes) inboxes from \(source) to \(destination)"
        if done.groupsAlreadyThere == 1 { summary += "; 1 group was already there" }
        if done.groupsAlreadyThere > 1 { summary += "; \(done.groupsAlreadyThere) groups were already there" }
        streams.out(summary)
        return .success
    }

    /// A progress line: after the claims, then after each batch of commits.
    static func line(_ progress: StoreCopyProgress, command: String = "copy") -> String {
        guard let group = progress.group, let head = progress.groupHead else {
            return "\(command): claims of \(progress.inboxes) inboxes; \(progress.totalGroups) groups, \(progress.totalCommits) commits to copy"
        }
        return "\(command): group \(progress.groups + 1) of \(progress.totalGroups) (\(group)) through commit \(head); "
            + "\(progress.commits) of \(progress.totalCommits) commits"
    }
}
