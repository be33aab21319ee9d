import GroupCore

/// `grouplog identity claim INBOX (--handle H | --account A)`: records that an inbox claims a
/// handle or an account.
enum IdentityClaimCommand: CommandBody {
    static let usage = ["grouplog identity claim INBOX (--handle H | --account A) [--store DIR]"]

    enum Option: String, CommandOption {
        case handle = "--handle H", account = "--account A"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let inbox = try CommandValues.inbox(arguments.onlyPositional("identity claim takes exactly one inbox"))
        let opened = try store.open()
        let identity = try claimedIdentity(arguments)
        try opened.claim(identity, for: inbox)
        streams.out("\(inbox) claims the \(identity)")
        return .success
    }

    private static func claimedIdentity(_ arguments: Arguments<Option>) throws -> PublicIdentity {
        switch (arguments.value(.handle), arguments.value(.account)) {
        case let (handle?, nil): return try CommandValues.identity(.handle, handle)
        case let (nil, account?): return try CommandValues.identity(.account, account)
        default: throw UsageError("identity claim needs exactly one of --handle or --account")
        }
    }
}
