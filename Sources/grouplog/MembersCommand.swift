import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog members GROUP|FIXTURE [--after CURSOR] [--limit N] [--at SEQ] [--json]`: current
/// members in join order.
enum MembersCommand: CommandBody {
    static let command = Command(
        name: "members",
        overview: [
            OverviewEntry("members GROUP|FIXTURE [--after CURSOR] [--limit N]", summary: "members in join order: role, state, handles, flags"),
        ],
        page: [.text("""
        Lists current members in the order they became members, N at a time (1 to 10000,
        default 100) after CURSOR: role, state, joinedAt, who added it ("added by bo": the actor
        of its addMembers, or the creator for the members listed in create; nothing for the
        creator and for an inbox that joined on its own), handle, other handles, and the flags
        (blocked for all, muted until, allow-listed).
        """)],
        action: .run(Self.self))

    static let usage = [
        "grouplog members GROUP|FIXTURE [--after CURSOR] [--limit N] [--at SEQ] [--json]",
        "                 [--store DIR]",
    ]

    enum Option: String, CommandOption {
        case after = "--after CURSOR", limit = "--limit N", at = "--at SEQ", json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let source = try arguments.onlyPositional("members takes exactly one group or fixture")
        let paging = try Paging(limit: arguments.value(.limit), after: arguments.value(.after))
        let at = try arguments.number(.at)
        let logState = try store.source(source).state(at: at, option: "--at")
        let state = try logState.existing()
        let page = state.members(after: try paging.memberCursor(), limit: paging.limit)
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.object(JSONObject([
                "total": .int(Int64(state.memberCount)),
                "members": .array(page.members.map { StateJSON.member($0, directory: logState.directory, allowList: state.allowList) }),
                "next": page.next.map { .string(Paging.cursor($0)) } ?? .null,
            ])), pretty: true))
            return .success
        }
        for member in page.members {
            var line = member.inbox.rawValue.padding(16) + member.role.name.padding(12) + member.state.name.padding(16)
            line += "joined \(member.joinedAt.map(String.init) ?? "-")".padding(20)
            // Nothing for the creator and for an inbox that joined on its own.
            line += (member.addedBy.map { "added by \($0)" } ?? "").padding(20)
            let handles = logState.directory.handles(of: member.inbox)
            if let handle = handles.handle { line += "handle \(handle) " }
            if !handles.otherHandles.isEmpty { line += "(also \(handles.otherHandles.joined(separator: ", "))) " }
            if member.blockedForAll { line += "blocked-for-all " }
            if let until = member.mutedUntil { line += "muted-until-\(until) " }
            if state.allowList.contains(member.inbox) { line += "allow-listed " }
            streams.out(line.trimmingTrailingSpaces())
        }
        streams.out("\(page.members.count) of \(state.memberCount) members" + (page.next.map { "; next: --after \(Paging.cursor($0))" } ?? ""))
        return .success
    }
}
