/// `grouplog identity revoke-key INBOX --key PUBLIC`: revokes an inbox's signing key.
enum IdentityRevokeKeyCommand: CommandBody {
    static let usage = ["grouplog identity revoke-key INBOX --key PUBLIC [--store DIR]"]

    enum Option: String, CommandOption {
        case key = "--key PUBLIC"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let inbox = try CommandValues.inbox(arguments.onlyPositional("identity revoke-key takes exactly one inbox"))
        guard let text = arguments.value(.key) else { throw UsageError("identity revoke-key needs --key PUBLIC") }
        let key = try CommandValues.publicKey(text)
        try store.open().revoke(key: key, of: inbox)
        streams.out("\(inbox) no longer signs with the key \(key): groups record it no more, and no inbox can claim it again")
        return .success
    }
}
