/// `grouplog verify [GROUP]`
enum VerifyCommand: CommandBody {
    static let command = Command(
        name: "verify",
        overview: [OverviewEntry("verify [GROUP]", summary: "check the chain, outcomes, snapshots and the index")],
        page: [.text("""
        Checks every commit of the group (or of every group): its encoding, the chain of hashes,
        its stored outcome against a fresh replay, every snapshot against the replayed state,
        the head, and the cross-group index. Prints each problem with its group and sequence.

        Exit status: 0 when there is no problem; 5, as for any command that meets a damaged
        record, when there is one: a problem is a record that is not what was written; 130
        when Ctrl-C stopped it.
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog verify [GROUP] [--progress] [--store DIR]"]

    enum Option: String, CommandOption {
        case progress = "--progress"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard arguments.positionals.count <= 1 else { throw UsageError("verify takes at most one group") }
        let group = try arguments.positionals.first.map(CommandValues.group)
        let opened = try store.open()
        // verify writes nothing: Ctrl-C may end it anywhere.
        Interrupt.abandon(saying: "interrupted: verify stopped before it finished; nothing was written")
        var progress = ProgressLine("verify", shown: ProgressLine.shown(requested: arguments.flag(.progress), streams: streams))
        let problems = try opened.verify(group) { done, total in
            progress.total = total
            progress.advance(to: done)
        }
        Interrupt.finishing()
        progress.finish()
        for problem in problems { streams.out("PROBLEM \(problem)") }
        streams.out(problems.isEmpty ? "verify: no problems"
            : problems.count == 1 ? "verify: 1 problem" : "verify: \(problems.count.grouped) problems")
        return problems.isEmpty ? .success : .corrupt
    }
}
