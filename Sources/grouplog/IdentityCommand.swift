import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog identity claim INBOX (--handle H | --account A)`, `grouplog identity show INBOX`
enum IdentityCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard let sub = words.first, sub == "claim" || sub == "show" else {
            throw UsageError("identity needs a subcommand: claim or show")
        }
        let arguments = try Arguments(Array(words.dropFirst()), valued: ["--handle", "--account"], flags: ["--json"])
        guard arguments.positionals.count == 1 else { throw UsageError("identity \(sub) takes exactly one inbox") }
        let inbox = try CommandValues.inbox(arguments.positionals[0])
        let opened = try store.open()
        if sub == "claim" {
            let identity = try claimedIdentity(arguments)
            try opened.claim(identity, for: inbox)
            streams.out("\(inbox) claims the \(identity)")
            return .success
        }
        let identities = try opened.identities(of: inbox)
        var directory = IdentityDirectory()
        for identity in identities { try directory.claim(identity, for: inbox) }
        let handles = directory.handles(of: inbox)
        if arguments.flag("--json") {
            streams.out(JSONWriter.write(.object(JSONObject([
                "inbox": .string(inbox.rawValue),
                "handle": handles.handle.map(JSONValue.string) ?? .null,
                "otherHandles": .array(handles.otherHandles.map(JSONValue.string)),
                "accounts": .array(identities.filter { $0.kind == .account }.map { .string($0.value) }),
            ])), pretty: true))
        } else {
            streams.out("\(inbox)")
            streams.out("  handle        \(handles.handle ?? "none")")
            streams.out("  other handles \(handles.otherHandles.isEmpty ? "none" : handles.otherHandles.joined(separator: ", "))")
            let accounts = identities.filter { $0.kind == .account }.map(\.value)
            streams.out("  accounts      \(accounts.isEmpty ? "none" : accounts.joined(separator: ", "))")
        }
        return .success
    }

    private static func claimedIdentity(_ arguments: Arguments) throws -> PublicIdentity {
        switch (arguments.value("--handle"), arguments.value("--account")) {
        case let (handle?, nil): return try CommandValues.identity(.handle, handle)
        case let (nil, account?): return try CommandValues.identity(.account, account)
        default: throw UsageError("identity claim needs exactly one of --handle or --account")
        }
    }
}
