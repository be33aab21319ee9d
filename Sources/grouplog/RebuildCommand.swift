/// `grouplog rebuild`
enum RebuildCommand: CommandBody {
    static let command = Command(
        name: "rebuild",
        overview: [OverviewEntry("rebuild", summary: "drop and rebuild everything derived from the logs")],
        page: [.text("""
        Drops the heads, outcomes, snapshots and the cross-group index, and makes them again by
        replaying every log, in one transaction. Ctrl-C before it commits drops it: the store
        is as it was (exit 130).
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog rebuild [--progress] [--store DIR]"]

    enum Option: String, CommandOption {
        case progress = "--progress"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError("rebuild takes no arguments") }
        let opened = try store.open()
        // One transaction: Ctrl-C before it commits leaves the store as it was.
        Interrupt.abandon(saying: "interrupted: nothing was written: the rebuild's one transaction was dropped, the store is as it was")
        // Each commit is read twice on LMDB (its chain checked, then replayed): the line counts reads.
        var progress = ProgressLine("rebuild", unit: "commit reads", shown: ProgressLine.shown(requested: arguments.flag(.progress), streams: streams))
        let report = try opened.rebuild { done, total in
            progress.total = total
            progress.advance(to: done)
        }
        Interrupt.finishing()
        progress.finish()
        streams.out("rebuilt \(report.groups) groups from \(report.commits) commits (\(report.snapshots) snapshots)")
        return .success
    }
}
