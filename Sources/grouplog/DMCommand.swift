import Foundation
import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog dm (INBOX | --handle H | --account A) --as ME [--create [--time MS] [--config FILE]] [--json]`:
/// the DM between two inboxes, found or created (XMTP's `findDmByInboxId`, `findOrCreateDm`,
/// `findOrCreateDmWithIdentity`).
enum DMCommand: CommandBody {
    static let command = Command(
        name: "dm",
        overview: [
            OverviewEntry(
                "dm INBOX --as ME [--create [--time MS] [--config FILE]]",
                summary: "the DM between ME and INBOX (or --handle H, --account A);", "--create makes it when there is none"),
        ],
        page: [.text("""
        Prints the group ID of the DM between ME and the other participant: INBOX, or the inbox
        that claims handle H or account A in the store's directory. With several DMs between
        them, the oldest. With none, exits 1, unless --create: then ME creates it (a DM create
        naming INBOX, or the identity, as its one member), under the ID the pair always takes,
        as commit 0 only, so that two racing creators make one DM: the second finds the
        first's. --time is the create's time (default: the clock); with --config FILE it
        registers the configured fields that go in DMs. --json prints {"group", "created"}.

        Exit status: 0 found or created; 1 no DM (without --create), no inbox claims the identity
        (identityNotFound), or the create was rejected (nothing written); 2 a malformed inbox ID
        or identity, the same inbox on both sides, or the pair's ID taken by a group that is not
        their DM; 3 store error; 4 no store; 64 no --as, not exactly one of INBOX, --handle and
        --account, or --time or --config without --create.
        """)],
        action: .run(Self.self))

    static let usage = [
        "grouplog dm INBOX --as ME [--create [--time MS] [--config FILE]] [--json] [--store DIR]",
        "grouplog dm (--handle H | --account A) --as ME [--create ...] [--json] [--store DIR]",
    ]

    enum Option: String, CommandOption {
        case me = "--as ME", handle = "--handle H", account = "--account A", create = "--create"
        case time = "--time MS", config = "--config FILE", json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let others = arguments.positionals.count + (arguments.value(.handle) == nil ? 0 : 1) + (arguments.value(.account) == nil ? 0 : 1)
        guard others == 1 else { throw UsageError("dm takes exactly one of INBOX, --handle H or --account A: the other participant") }
        guard let meText = arguments.value(.me) else { throw UsageError("dm needs --as INBOX: the participant asking") }
        let create = arguments.flag(.create)
        for option in [Option.time, .config] where !create && arguments.value(option) != nil {
            throw UsageError("\(option.declaration.name) goes with --create")
        }
        // The CLI, not the core, reads the clock, as submit does.
        let time = try arguments.number(.time) ?? UInt64(Date().timeIntervalSince1970 * 1000)
        let me = try inbox("--as", meText)
        let identity = try requestedIdentity(arguments)

        let configuration = try arguments.value(.config).map(ConfigCommand.load) ?? OperatorConfiguration()
        let opened = try store.open(configuration: configuration)
        let other: InboxID
        if let identity {
            // The index is kept by inbox: the identity is resolved now, as a submit would resolve it.
            guard let owner = try opened.inbox(claiming: identity) else {
                streams.err("grouplog: identityNotFound: no inbox claims the \(identity), so there is no DM with it" + (create ? "; nothing was written" : ""))
                return .expectationsNotMet
            }
            other = owner
        } else {
            other = try inbox("INBOX", arguments.positionals[0])
        }
        guard other != me else {
            let who = identity.map { "the \($0) is claimed by \(me), the --as inbox itself" } ?? "INBOX and --as are both \(me)"
            throw InputError("\(who): a DM is between two different inboxes")
        }

        if let found = try opened.dms(between: me, and: other).first {
            return report(found, created: false, arguments, streams: &streams)
        }
        guard create else {
            streams.err("grouplog: no DM between \(me) and \(other); --create makes one")
            return .expectationsNotMet
        }
        // The commit records what was asked for: the identity (resolved again in the submit's
        // transaction) or the inbox.
        let request = CreateConversation(
            kind: .dm, members: identity == nil ? [other] : [], identities: identity.map { [ResolvedIdentity($0, inbox: nil)] } ?? [])
        let group = GroupID.dm(between: me, and: other)
        if try createDM(group, request, by: me, at: time, in: opened) {
            return report(group, created: true, arguments, streams: &streams)
        }
        // Another writer created it first (the ID is the pair's): that DM is the answer.
        guard let found = try opened.dms(between: me, and: other).first else {
            throw InputError("group \(group), the ID a DM between \(me) and \(other) takes, exists but is not their DM; nothing was written")
        }
        return report(found, created: false, arguments, streams: &streams)
    }

    /// Submits the DM's `create` as commit 0 of `group`; false when another writer's commit 0
    /// got there first (`sequenceConflict`, nothing written).
    private static func createDM(
        _ group: GroupID, _ request: CreateConversation, by me: InboxID, at time: Milliseconds, in store: any GroupLogStorage
    ) throws(StoreError) -> Bool {
        do {
            try store.submit(to: group, actor: me, time: time, changes: [.create(request)], expectedSequence: 0)
            return true
        } catch {
            guard case .sequenceConflict = error else { throw error }
            return false
        }
    }

    /// The `--handle` or `--account` asked for, if either.
    private static func requestedIdentity(_ arguments: Arguments<Option>) throws(InputError) -> PublicIdentity? {
        if let handle = arguments.value(.handle) { return try CommandValues.identity(.handle, handle) }
        if let account = arguments.value(.account) { return try CommandValues.identity(.account, account) }
        return nil
    }

    /// An inbox ID, its problem named with the argument it came from.
    private static func inbox(_ argument: String, _ text: String) throws(InputError) -> InboxID {
        do throws(InputError) { return try CommandValues.inbox(text) } catch {
            throw InputError("\(argument): \(error.message)")
        }
    }

    private static func report(_ group: GroupID, created: Bool, _ arguments: Arguments<Option>, streams: inout some Streams) -> ExitStatus {
        if arguments.flag(.json) {
            streams.out(JSONWriter.write(.object(JSONObject(["group": .string(group.rawValue), "created": .bool(created)])), pretty: true))
        } else {
            streams.out(group.rawValue)
        }
        return .success
    }
}
