import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog groups [--member INBOX [--after CURSOR] [--limit N]] [--json]`: the store's groups,
/// or the groups an inbox belongs to.
enum GroupsCommand: CommandBody {
    static let command = Command(
        name: "groups",
        overview: [
            OverviewEntry("groups", summary: "list its groups"),
            OverviewEntry("groups --member INBOX [--after CURSOR] [--limit N]", summary: "the groups an inbox belongs to, with the total"),
        ],
        page: [.text("""
        Lists the store's groups, in group ID order, with their number of commits; with
        --member, the groups INBOX is a current member of, N at a time (1 to 10000, default 100)
        after CURSOR, with the total, from the inbox-to-groups index.
        """)],
        action: .run(Self.self))

    static let usage = [
        "grouplog groups [--json] [--store DIR]",
        "grouplog groups --member INBOX [--after CURSOR] [--limit N] [--json] [--store DIR]",
    ]

    enum Option: String, CommandOption {
        case member = "--member INBOX", after = "--after CURSOR", limit = "--limit N", json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError("groups takes no arguments") }
        if let member = arguments.value(.member) {
            return try memberGroups(try CommandValues.inbox(member), arguments, store: store, streams: &streams)
        }
        let summaries = try store.open().groups()
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.array(summaries.map { summary in
                .object(JSONObject(["group": .string(summary.group.rawValue), "headSequence": .uint(summary.headSequence)]))
            }), pretty: true))
        } else {
            for summary in summaries { streams.out("\(summary.group)  \(summary.headSequence + 1) commits") }
            streams.out("\(summaries.count) groups")
        }
        return .success
    }

    /// `grouplog groups --member INBOX [--after CURSOR] [--limit N] [--json]`
    private static func memberGroups(
        _ inbox: InboxID, _ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams
    ) throws -> ExitStatus {
        let paging = try Paging(limit: arguments.value(.limit), after: arguments.value(.after))
        let page = try store.open().groups(containing: inbox, after: try paging.groupCursor(), limit: paging.limit)
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.object(JSONObject([
                "inbox": .string(inbox.rawValue), "total": .int(Int64(page.total)),
                "groups": .array(page.items.map { .string($0.rawValue) }),
                "next": page.next.map { .string(Paging.cursor($0)) } ?? .null,
            ])), pretty: true))
        } else {
            for group in page.items { streams.out(group.rawValue) }
            streams.out("\(page.items.count) of \(page.total) groups" + (page.next.map { "; next: --after \(Paging.cursor($0))" } ?? ""))
        }
        return .success
    }
}
