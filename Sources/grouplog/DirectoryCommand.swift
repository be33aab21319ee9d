import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog directory [--after CURSOR] [--limit N] [--json]`: the groups anyone may find.
enum DirectoryCommand: CommandBody {
    static let command = Command(
        name: "directory",
        overview: [
            OverviewEntry("directory [--after CURSOR] [--limit N]", summary: "the groups anyone may find (join rule open or approval)"),
        ],
        page: [.text("""
        Lists the groups anyone may find (join rule open or approval, not deleted), in group ID
        order, with name and member count, N at a time (1 to 10000, default 100) after CURSOR
        (printed by the previous page), and the total.
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog directory [--after CURSOR] [--limit N] [--json] [--store DIR]"]

    enum Option: String, CommandOption {
        case after = "--after CURSOR", limit = "--limit N", json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError("directory takes no arguments") }
        let paging = try Paging(limit: arguments.value(.limit), after: arguments.value(.after))
        let page = try store.open().directory(after: try paging.groupCursor(), limit: paging.limit)
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.object(JSONObject([
                "total": .int(Int64(page.total)),
                "groups": .array(page.items.map { entry in
                    .object(JSONObject([
                        "group": .string(entry.group.rawValue), "name": .string(entry.name),
                        "memberCount": .int(Int64(entry.memberCount)), "joinRule": .string(entry.joinRule.rawValue),
                    ]))
                }),
                "next": page.next.map { .string(Paging.cursor($0)) } ?? .null,
            ])), pretty: true))
        } else {
            for entry in page.items {
                streams.out("\(entry.group.rawValue.padding(20))\(entry.joinRule.rawValue.padding(10))\(String(entry.memberCount).padding(8))\(entry.name.quoted)")
            }
            streams.out("\(page.items.count) of \(page.total) groups" + (page.next.map { "; next: --after \(Paging.cursor($0))" } ?? ""))
        }
        return .success
    }
}
