/// `grouplog identity claim INBOX (--handle H | --account A | --key PUBLIC)`,
/// `grouplog identity revoke-key INBOX --key PUBLIC`, `grouplog identity show INBOX`
enum IdentityCommand {
    static let command = Command(
        name: "identity",
        overview: [
            OverviewEntry("identity claim INBOX (--handle H | --account A | --key PUBLIC)"),
            OverviewEntry("identity revoke-key INBOX --key PUBLIC"),
            OverviewEntry("identity show INBOX"),
        ],
        page: [.text("""
        Records that an inbox claims a handle, an account or a signing key (each belongs to one
        inbox), revokes a signing key, or shows an inbox's current handle, its other handles
        (most recent first), accounts and signing keys.

        A signing key is the base64 public key 'grouplog key generate' prints. A group that
        makes the inbox a member (create, addMembers, join, acceptInvitation) records the
        inbox's keys in force then, and takes commits signed with them ('submit --key FILE').
        A revoked key is recorded by no group from then on and can never be claimed again;
        groups that recorded it keep it until the member removes it with updateKeys, since a
        log never consults the directory.
        """)],
        action: .subcommands([
            Command.Subcommand(name: "claim", body: IdentityClaimCommand.self),
            Command.Subcommand(name: "revoke-key", body: IdentityRevokeKeyCommand.self),
            Command.Subcommand(name: "show", body: IdentityShowCommand.self),
        ]))
}
