import GroupAudit
import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog import FIXTURE [--group ID]`
enum ImportCommand: CommandBody {
    static let command = Command(
        name: "import",
        overview: [OverviewEntry("import FIXTURE [--group ID]", summary: "ingest a fixture's log and identities as a group")],
        page: [.text("""
        Ingests a fixture's log and identities into the store as one group, in one transaction:
        all of it or, when anything does not fit, nothing. The group ID defaults to the file's
        name without .json. Each commit is judged by the reducer and stored with its outcome;
        the fixture's expectations are not checked (use fixture run).

        Ctrl-C before the transaction commits drops it: nothing is written (exit 130).

        Exit status: 0; 2 when the fixture cannot be read, the group exists or an identity is
        claimed by another inbox; 4 when there is no store; 130 when interrupted.
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog import FIXTURE [--group ID] [--progress] [--store DIR]"]

    enum Option: String, CommandOption {
        case group = "--group ID"
        case progress = "--progress"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let file = try arguments.onlyPositional("import takes exactly one fixture file")
        // One transaction, written last: Ctrl-C before it commits leaves the store as it was.
        Interrupt.abandon(saying: "interrupted: nothing was written: the import's one transaction was dropped, the store is as it was")
        let group = try arguments.value(.group).map(CommandValues.group) ?? FixtureFile.groupID(for: file)
        let fixture: Fixture
        do {
            fixture = try FixtureFile.read(file)
        } catch {
            throw InputError(error.description)
        }
        var progress = ProgressLine("import", shown: ProgressLine.shown(requested: arguments.flag(.progress), streams: streams))
        let outcomes = try store.open().importFixture(fixture, as: group) { done, total in
            progress.total = total
            progress.advance(to: done)
        }
        Interrupt.finishing()
        progress.finish()
        let applied = outcomes.filter(\.isApplied).count
        streams.out("imported \(outcomes.count) commits into group \(group): \(applied) applied, \(outcomes.count - applied) rejected")
        return .success
    }
}
