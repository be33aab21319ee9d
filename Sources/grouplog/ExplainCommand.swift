import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog explain TARGET SEQ [--json]`: the full reasoning for one commit of a fixture file or
/// a group of the store.
enum ExplainCommand: CommandBody {
    static let command = Command(
        name: "explain",
        overview: [OverviewEntry("explain GROUP|FIXTURE SEQ", summary: "why commit SEQ was applied or rejected, check by check")],
        page: [.text("""
        Explains one commit: the actor's role and state before it; for each change, the inboxes
        it names (role and state before the commit, or not a member), every authority check the
        reducer made (the acting member, slot and field policies with the branches of any/all
        marked ✓ or ✗, super admin powers, seniority, the observer rule, the lifecycle's own
        rules, and for updateFieldPolicy the field as registered before the commit with the
        policy it replaces) and its result (passed, rejected with code and detail, or not judged after an
        earlier change was rejected); then the outcome, applied with its events or rejected,
        exactly as replay reports it. A commit rejected as a whole (groupNotFound,
        groupDeleted, timeWentBackwards, invalidCommit) has no per-change detail. Changes are
        numbered from 0, as rejections count them. A group of the store is read from its
        nearest snapshot, not folded from commit 0.

        Exit status: 0; 2 when the fixture cannot be read, the group does not exist or SEQ is
        past the log's last commit; 4 when there is no store; 5 when a record is corrupt;
        64 when SEQ is missing or not a whole number.
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog explain FIXTURE|GROUP SEQ [--json] [--store DIR]"]

    enum Option: String, CommandOption {
        case json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard arguments.positionals.count == 2 else {
            throw UsageError("explain takes a fixture file or group, and the sequence of one of its commits")
        }
        let target = arguments.positionals[0]
        let text = arguments.positionals[1]
        guard let requested = UInt64(text) else { throw UsageError("SEQ takes a whole number, not \(text.debugDescription)") }
        let source = try store.source(target)
        try source.check(requested, option: "SEQ")
        let explanation = try source.explain(requested)
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(ExplanationJSON.encode(explanation), pretty: true))
        } else {
            for line in ExplanationText.lines(explanation) { streams.out(line) }
        }
        return .success
    }
}
