import GroupCore

/// `grouplog identity claim INBOX (--handle H | --account A | --key PUBLIC)`: records that an
/// inbox claims a handle, an account or a signing key.
enum IdentityClaimCommand: CommandBody {
    static let usage = ["grouplog identity claim INBOX (--handle H | --account A | --key PUBLIC) [--store DIR]"]

    enum Option: String, CommandOption {
        case handle = "--handle H", account = "--account A", key = "--key PUBLIC"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let inbox = try CommandValues.inbox(arguments.onlyPositional("identity claim takes exactly one inbox"))
        switch (arguments.value(.handle), arguments.value(.account), arguments.value(.key)) {
        case let (handle?, nil, nil):
            try claim(try CommandValues.identity(.handle, handle), for: inbox, store: store, streams: &streams)
        case let (nil, account?, nil):
            try claim(try CommandValues.identity(.account, account), for: inbox, store: store, streams: &streams)
        case let (nil, nil, key?):
            let publicKey = try CommandValues.publicKey(key)
            try store.open().claim(key: publicKey, for: inbox)
            streams.out("\(inbox) signs with the key \(publicKey)")
        default:
            throw UsageError("identity claim needs exactly one of --handle, --account or --key")
        }
        return .success
    }

    private static func claim(_ identity: PublicIdentity, for inbox: InboxID, store: StoreLocation, streams: inout some Streams) throws {
        try store.open().claim(identity, for: inbox)
        streams.out("\(inbox) claims the \(identity)")
    }
}
