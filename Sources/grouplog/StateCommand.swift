import GroupCore
import GroupStore

/// `grouplog state GROUP [--at SEQ] [--json]`
enum StateCommand: CommandBody {
    static let command = Command(
        name: "state",
        overview: [OverviewEntry("state GROUP [--at SEQ]", summary: "the state after the last commit, or after commit SEQ")],
        page: [.text("""
        Prints the group's state after its last commit, or after commit SEQ: one snapshot load
        plus at most the snapshot interval of commits, each checked against the chain. Each
        member, and each former member, shows who added it (as members does). --json
        includes sequence and stateHash (SHA-256 of the canonical state encoding), which equals
        the hash 'grouplog replay FIXTURE --json' prints for the same log.

        Exit status: 0; 2 when the group does not exist or SEQ is past its last commit; 4 when
        there is no store; 5 when a record is corrupt.
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog state GROUP [--at SEQ] [--json] [--store DIR]"]

    enum Option: String, CommandOption {
        case at = "--at SEQ", json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let group = try CommandValues.group(arguments.onlyPositional("state takes exactly one group"))
        let opened = try store.open()
        let stored = try opened.state(of: group, at: try arguments.number(.at))
        let directory = try opened.directory(for: stored.state?.records.map(\.inbox) ?? [])
        StateOutput.print(stored.state, after: stored.sequence, directory: directory, json: arguments.flag(.json), streams: &streams)
        return .success
    }
}
