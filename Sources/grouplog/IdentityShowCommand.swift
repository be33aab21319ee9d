import GroupCore
import GroupFixtures

/// `grouplog identity show INBOX [--json]`: an inbox's current handle, its other handles, its
/// accounts and its signing keys.
enum IdentityShowCommand: CommandBody {
    static let usage = ["grouplog identity show INBOX [--json] [--store DIR]"]

    enum Option: String, CommandOption {
        case json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let inbox = try CommandValues.inbox(arguments.onlyPositional("identity show takes exactly one inbox"))
        let opened = try store.open()
        let identities = try opened.identities(of: inbox)
        let keys = try opened.keyClaims(of: inbox)
        var directory = IdentityDirectory()
        for identity in identities { try directory.claim(identity, for: inbox) }
        let handles = directory.handles(of: inbox)
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.object(JSONObject([
                "inbox": .string(inbox.rawValue),
                "handle": handles.handle.map(JSONValue.string) ?? .null,
                "otherHandles": .array(handles.otherHandles.map(JSONValue.string)),
                "accounts": .array(identities.filter { $0.kind == .account }.map { .string($0.value) }),
                "signingKeys": .array(keys.map { claim in
                    .object(JSONObject(["key": .string(claim.key.base64), "revoked": .bool(claim.isRevoked)]))
                }),
            ])), pretty: true))
        } else {
            streams.out("\(inbox)")
            streams.out("  handle        \(handles.handle ?? "none")")
            streams.out("  other handles \(handles.otherHandles.isEmpty ? "none" : handles.otherHandles.joined(separator: ", "))")
            let accounts = identities.filter { $0.kind == .account }.map(\.value)
            streams.out("  accounts      \(accounts.isEmpty ? "none" : accounts.joined(separator: ", "))")
            streams.out("  signing keys  \(keys.isEmpty ? "none" : keys.map(\.description).joined(separator: ", "))")
        }
        return .success
    }
}
