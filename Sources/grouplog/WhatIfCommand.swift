import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog whatif FIXTURE|GROUP [--policy SLOT=POLICY...] [--field-policy FIELD.OPERATION=POLICY...]
/// [--require-signatures] [--json]`: the whole log replayed under pinned policies, or as if its
/// group required signed commits, writing nothing.
enum WhatIfCommand: CommandBody {
    static let command = Command(
        name: "whatif",
        overview: [
            OverviewEntry(
                "whatif GROUP|FIXTURE [--policy SLOT=POLICY...] [--field-policy FIELD.OPERATION=POLICY...]",
                "       [--require-signatures]",
                summary: "replay under pinned policies or required signatures:", "the commits that flip, and how the final states differ"),
        ],
        page: [.text("""
        Replays the whole log twice side by side, as it is and with the given policies pinned
        (or signatures required), writing nothing, and prints every commit whose outcome flips
        (applied <-> rejected, or rejected with another code or reason) with both outcomes, then
        'N of M commits flip' and how the what-if final state differs from the actual one (as
        diff prints it).

        A pin holds for the whole replay: it is put in place right after commit 0 creates the
        group and again after every applied commit, so a commit that changes a pinned slot
        (updatePermission) or a pinned field policy (updateFieldPolicy) is judged as usual, then
        the pin is restored. A DM has no policy set, so slot pins change nothing there; a field
        keeps the policies it was registered with (GROUP_IMAGE takes updateImageURL's when the
        group is created), so pin it with --field-policy. The output says so in a 'note:' line.

        --require-signatures replays the log as if its commit 0 had created the group with
        requireSignatures: true (a fixture that starts mid-log: as if its start state required
        them): every commit is then judged as such a group judges it, so an unsigned commit is
        unsignedCommit, one signed with a key not recorded for its actor wrongSigningKey, and a
        member made without a key invalidArgument; with --policy or --field-policy, both hold.
        Signatures are not verified (replay never does; audit does).

        With --json: one JSON line per flipped commit as the replay reaches it, then one line
        with the summary (overrides, counts, final differences, notes).

        SLOT is a slot name (addMember, removeMember, addAdmin, removeAdmin, updateName,
        updateDescription, updateImageURL, updateAppData, updateDisappearingMessages, setRole,
        blockForAll, ban, mute, manageLinks, approveJoins) or updateMetadata.FIELD (name,
        description, imageURL, appData, disappearingMessages). FIELD is the name of a field the
        log registers (see 'grouplog fields') and OPERATION insert, update or delete. POLICY is
        a base policy (allowAll, denyAll, moderatorOnly, adminOnly, superAdminOnly, self,
        formerMember, author), a combinator such as 'any(self, formerMember)' or
        'all(adminOnly, any(self, author))', or the same in JSON: '{"any": ["self", "author"]}'.
        A policy the reducer would refuse for its slot (allowAll in addAdmin, author in a group
        slot, an empty combinator) is refused.

        Exit status: 0 when the replay ran, whether or not anything flips; 2 for an unknown
        slot, operation, policy or field, a malformed override, an unreadable fixture or a
        group that does not exist; 4 when there is no store; 5 when a record is corrupt; 64
        without any override (--policy, --field-policy or --require-signatures).
        """)],
        action: .run(Self.self))

    static let usage = [
        "grouplog whatif GROUP|FIXTURE [--policy SLOT=POLICY...] [--field-policy FIELD.OPERATION=POLICY...]",
        "                [--require-signatures] [--json] [--store DIR]",
    ]

    enum Option: String, CommandOption {
        case policy = "--policy SLOT=POLICY..."
        case fieldPolicy = "--field-policy FIELD.OPERATION=POLICY...", requireSignatures = "--require-signatures", json = "--json"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let target = try arguments.onlyPositional("whatif takes exactly one fixture file or group")
        let slotArguments = arguments.values(.policy) ?? [], fieldArguments = arguments.values(.fieldPolicy) ?? []
        let requireSignatures = arguments.flag(.requireSignatures)
        guard !slotArguments.isEmpty || !fieldArguments.isEmpty || requireSignatures else {
            throw UsageError("whatif needs at least one --policy SLOT=POLICY, --field-policy FIELD.OPERATION=POLICY or --require-signatures")
        }
        var overrides = try inputChecked { () throws(PolicyOverrideError) in
            try PolicyOverrideParser.overrides(slotArguments: slotArguments, fieldArguments: fieldArguments)
        }
        overrides.requireSignatures = requireSignatures
        let source = try store.source(target)
        let json = arguments.flag(.json)
        // Flips are printed as the replay reaches them, so a log of any length fits in memory:
        // with --json, one JSON line per flip, then a line with the summary.
        let report = try inputChecked {
            try WhatIf.run(source, overrides: overrides) { flip in
                if json {
                    streams.out(JSONWriter.write(WhatIfJSON.encode(flip)))
                } else {
                    for line in WhatIfText.lines(flip) { streams.out(line) }
                }
            }
        }
        if json {
            streams.out(JSONWriter.write(WhatIfJSON.encode(report, overrides: overrides)))
        } else {
            for line in WhatIfText.lines(report) { streams.out(line) }
        }
        return .success
    }

    /// Runs `body`, turning an override the log cannot take into bad input (exit 2).
    private static func inputChecked<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PolicyOverrideError {
            throw InputError(error.message)
        }
    }
}
