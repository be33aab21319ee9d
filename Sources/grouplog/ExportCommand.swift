import GroupAudit
import GroupFixtures
import GroupStore

/// `grouplog export GROUP [-o FILE]`
enum ExportCommand: CommandBody {
    static let command = Command(
        name: "export",
        overview: [OverviewEntry("export GROUP [-o FILE]", summary: "write a group's log as a fixture that checks it")],
        page: [.text("""
        Writes the group's log as a fixture: every commit with its outcome as its expectation,
        the final state as the top-level expectation, and the identities of the inboxes the log
        names. 'grouplog fixture run' on the file passes. It goes to standard output, or with
        -o FILE (or --output FILE) to FILE, written whole or not at all: Ctrl-C while the log
        is read writes nothing (exit 130).
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog export GROUP [-o FILE] [--progress] [--store DIR]"]

    enum Option: String, CommandOption {
        case output = "-o|--output FILE"
        case progress = "--progress"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let group = try CommandValues.group(arguments.onlyPositional("export takes exactly one group"))
        let opened = try store.open()
        var progress = ProgressLine("export", total: Int(try opened.headSequence(of: group)) + 1,
                                    shown: ProgressLine.shown(requested: arguments.flag(.progress), streams: streams))
        Interrupt.stopBetweenSteps()
        let fixture = try opened.exportFixture(group) {
            if Interrupt.wasRequested {
                progress.clear()
                Interrupt.endReading("read \(progress.count.grouped) of \((progress.total ?? 0).grouped) commits of the export", streams: &streams)
            }
            progress.advance()
        }
        progress.finish()
        let text = JSONWriter.write(fixture, pretty: true)
        guard let file = arguments.value(.output) else {
            streams.out(text)
            return .success
        }
        try OutputFile.write(text + "\n", to: file)
        streams.out("wrote \(file)")
        return .success
    }
}
