/// `grouplog identity claim INBOX (--handle H | --account A)`, `grouplog identity show INBOX`
enum IdentityCommand {
    static let command = Command(
        name: "identity",
        overview: [OverviewEntry("identity claim INBOX (--handle H | --account A)"), OverviewEntry("identity show INBOX")],
        page: [.text("""
        Records that an inbox claims a handle or an account (an identity belongs to one inbox),
        or shows an inbox's current handle, its other handles (most recent first) and accounts.
        """)],
        action: .subcommands([
            Command.Subcommand(name: "claim", body: IdentityClaimCommand.self),
            Command.Subcommand(name: "show", body: IdentityShowCommand.self),
        ]))
}
