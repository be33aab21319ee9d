import GroupCore
import GroupFixtures
import GroupStore

/// The paged reads across and within groups: `groups --member`, `directory`, `members`.
enum CrossGroupCommands {
    /// `grouplog groups --member INBOX [--after CURSOR] [--limit N] [--json]`
    static func memberGroups(_ inbox: InboxID, _ arguments: Arguments, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let paging = try Paging(arguments)
        let page = try store.open().groups(containing: inbox, after: try paging.groupCursor(), limit: paging.limit)
        if arguments.flag("--json") {
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

    /// `grouplog directory [--after CURSOR] [--limit N] [--json]`
    static func directory(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--after", "--limit"], flags: ["--json"])
        guard arguments.positionals.isEmpty else { throw UsageError("directory takes no arguments") }
        let paging = try Paging(arguments)
        let page = try store.open().directory(after: try paging.groupCursor(), limit: paging.limit)
        if arguments.flag("--json") {
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

    /// `grouplog members GROUP|FIXTURE [--after CURSOR] [--limit N] [--at SEQ] [--json]`
    static func members(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--after", "--limit", "--at"], flags: ["--json"])
        guard arguments.positionals.count == 1 else { throw UsageError("members takes exactly one group or fixture") }
        let paging = try Paging(arguments)
        let target = try TargetState.load(arguments.positionals[0], at: try arguments.number("--at"), store: store)
        let state = try target.existing()
        let page = state.members(after: try paging.memberCursor(), limit: paging.limit)
        if arguments.flag("--json") {
            streams.out(JSONWriter.write(.object(JSONObject([
                "total": .int(Int64(state.memberCount)),
                "members": .array(page.members.map { StateJSON.member($0, directory: target.directory, allowList: state.allowList) }),
                "next": page.next.map { .string(Paging.cursor($0)) } ?? .null,
            ])), pretty: true))
            return .success
        }
        for member in page.members {
            var line = member.inbox.rawValue.padding(16) + member.role.name.padding(12) + member.state.name.padding(16)
            line += "joined \(member.joinedAt.map(String.init) ?? "-")".padding(20)
            // Nothing for the creator and for an inbox that joined on its own.
            line += (member.addedBy.map { "added by \($0)" } ?? "").padding(20)
            let handles = target.directory.handles(of: member.inbox)
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
