/// The help texts: `grouplog --help` and `grouplog help COMMAND`.
enum Help {
    static let overview = """
    grouplog: an event-sourced group-chat state machine.

    Usage: grouplog [--store DIR] COMMAND [ARGUMENTS]

    Fixtures (no store needed):
      fixture run PATH...            run fixtures (files or directories) and report each
      fixture shrink FIXTURE -o FILE a smaller fixture that fails with the same first difference
      replay FIXTURE [--at SEQ]      replay a fixture's log: each commit's outcome, then the state

    A store (--store DIR, else $GROUPLOG_STORE, else ./grouplog-data):
      init                           create the store
      groups                         list its groups
      import FIXTURE [--group ID]    ingest a fixture's log and identities as a group
      export GROUP [-o FILE]         write a group's log as a fixture that checks it
      fixture record GROUP|FIXTURE [--from SEQ] [--to SEQ] -o FILE
                                     write a window of a log as a fixture that reproduces it
      submit GROUP --actor INBOX --changes JSON|- [--time MS] [--expect-sequence SEQ]
             [--config FILE]         check changes against the group and append them as a commit
      dm INBOX --as ME [--create [--time MS] [--config FILE]]
                                     the DM between ME and INBOX (or --handle H, --account A);
                                     --create makes it when there is none
      log GROUP [--from SEQ] [--limit N]
                                     the commits with their outcomes
      replay GROUP [--at SEQ]        replay the log: each commit's outcome, then the state
      state GROUP [--at SEQ]         the state after the last commit, or after commit SEQ
      verify [GROUP]                 check the chain, outcomes, snapshots and the index
      rebuild                        drop and rebuild everything derived from the logs
      identity claim INBOX (--handle H | --account A)
      identity show INBOX
      groups --member INBOX [--after CURSOR] [--limit N]
                                     the groups an inbox belongs to, with the total
      directory [--after CURSOR] [--limit N]
                                     the groups anyone may find (join rule open or approval)
      members GROUP|FIXTURE [--after CURSOR] [--limit N]
                                     members in join order: role, state, handles, flags
      watch GROUP [--from SEQ]       print each new commit and its events as others commit them

    Audit and reproduction (of a GROUP of the store, or of a FIXTURE's log; nothing is written
    to the store):
      audit GROUP|FIXTURE [--inbox X]... [--op OP]... [--rejected] [--from TIME] [--to TIME]
            [--json | --html FILE [--max-rows N]]
                                     the timeline: each commit's time, actor and its role then,
                                     changes, outcome, events or rejection reason
      explain GROUP|FIXTURE SEQ      why commit SEQ was applied or rejected, check by check
      diff GROUP|FIXTURE --from SEQ [--to SEQ]
                                     what changed between the states after two commits
      whatif GROUP|FIXTURE --policy SLOT=POLICY... [--field-policy FIELD.OPERATION=POLICY...]
                                     replay under pinned policies: the commits that flip, and
                                     how the final states differ

    Configurable fields (of a GROUP of the store, or of a FIXTURE's final state):
      fields GROUP|FIXTURE           the registered fields: ID, name, type, policies
      field GROUP|FIXTURE NAME [--key K]
                                     a field's value, or one map entry's
      user-data GROUP|FIXTURE [--field F]... [--inbox X]...
                                     the user fields' values per inbox
      config check FILE              validate an operator configuration (TOML or JSON)

      help COMMAND                   show a command's help
      --json                         print JSON instead of text (most commands)

    Exit codes: 0 success; 1 expectations not met, a submit rejected, verify found problems, or
    dm found no DM; 2 bad input; 3 store error (full disk, I/O, sequence conflict); 4 no store
    at that path; 5 corrupt record; 64 usage error.
    """

    static let commands: [String: String] = [
        "fixture": """
        Usage: grouplog fixture run [--json] PATH...
               grouplog fixture record GROUP|FIXTURE [--from SEQ] [--to SEQ] -o FILE [--store DIR]
               grouplog fixture shrink FIXTURE -o FILE

        run: runs each fixture (SPEC section 13): folds its log, checks every commit's expected
        outcome and the final expectations. A directory runs every .json file below it, in name
        order. Prints one line per fixture (PASS, or FAIL with its first difference: the commit
        or expectation, what was expected and what came), then 'N passed, M failed'.
        Exit status: 0 when all pass, 1 when one fails, 2 when a fixture cannot be read.

        record: writes commits SEQ (default: the first) through SEQ (default: the last) of a
        store group or a fixture's log as a fixture: each commit with its outcome as its
        expectation, the state at the window's end (members, states, metadata, stateHash, ...)
        as the final expectation, and for a window after commit 0 the state before it as the
        fixture's "start" (its canonical encoding in base64 and its hash). 'fixture run' on the
        file passes; the state hash it expects is for the group ID of FILE's name.
        Exit status: 0; 1 when the recording would not reproduce the log; 2 for an unknown
        group or file, a sequence outside the log, --from after --to, or a FILE that cannot be
        written; 64 without -o.

        shrink: for a fixture that fails, writes a smaller one that fails with the same first
        difference (the same commit with the same expected and actual outcome code, or the same
        expectation with the same expected and actual value), removing expectations, commits and
        changes by delta debugging; prints the sizes before and after.
        Exit status: 0; 1 when the fixture passes (nothing to shrink); 2 when it cannot be read
        or FILE cannot be written; 64 without -o.

        FILE is written whole or not at all (a temporary file beside it, then renamed).
        """,
        "replay": """
        Usage: grouplog replay FIXTURE|GROUP [--at SEQ] [--json] [--store DIR]

        Folds a log from commit 0 and prints each commit's outcome (sequence, actor, time, its
        changes, applied or rejected with code and detail), then the state after the last
        commit, or after commit SEQ with --at: members with roles and states, admins, the
        policy set, metadata and former members. An existing file is read as a fixture
        (expectations are not checked: use fixture run); anything else names a group of the
        store, whose commits are checked against the chain as they are read.

        Exit status: 0; 2 when the fixture cannot be read, the group does not exist or SEQ is
        past the log's end; 4 when there is no store; 5 when a record is corrupt.
        """,
        "explain": """
        Usage: grouplog explain FIXTURE|GROUP SEQ [--json] [--store DIR]

        Explains one commit: the actor's role and state before it; for each change, the inboxes
        it names (role and state before the commit, or not a member), every authority check the
        reducer made (the acting member, slot and field policies with the branches of any/all
        marked ✓ or ✗, super admin powers, seniority, the observer rule, the lifecycle's own
        rules, and for updateFieldPolicy the field as registered before the commit with the
        policy it replaces) and its result (passed, rejected with code and detail, or not judged after an
        earlier change was rejected); then the outcome, applied with its events or rejected,
        exactly as replay reports it. A commit rejected as a whole (groupNotFound,
        groupDeleted, timeWentBackwards, invalidCommit) has no per-change detail. Changes are
        numbered from 0, as rejections count them. A group of the store is read from its
        nearest snapshot, not folded from commit 0.

        Exit status: 0; 2 when the fixture cannot be read, the group does not exist or SEQ is
        past the log's last commit; 4 when there is no store; 5 when a record is corrupt;
        64 when SEQ is missing or not a whole number.
        """,
        "init": """
        Usage: grouplog init [--store DIR]

        Creates a store (an LMDB environment) in DIR, making the directory when needed. Running
        it on an existing store changes nothing.
        """,
        "groups": """
        Usage: grouplog groups [--json] [--store DIR]
               grouplog groups --member INBOX [--after CURSOR] [--limit N] [--json] [--store DIR]

        Lists the store's groups, in group ID order, with their number of commits; with
        --member, the groups INBOX is a current member of, N at a time (1 to 10000, default 100)
        after CURSOR, with the total, from the inbox-to-groups index.
        """,
        "import": """
        Usage: grouplog import FIXTURE [--group ID] [--store DIR]

        Ingests a fixture's log and identities into the store as one group, in one transaction:
        all of it or, when anything does not fit, nothing. The group ID defaults to the file's
        name without .json. Each commit is judged by the reducer and stored with its outcome;
        the fixture's expectations are not checked (use fixture run).

        Exit status: 0; 2 when the fixture cannot be read, the group exists or an identity is
        claimed by another inbox; 4 when there is no store.
        """,
        "export": """
        Usage: grouplog export GROUP [-o FILE] [--store DIR]

        Writes the group's log as a fixture: every commit with its outcome as its expectation,
        the final state as the top-level expectation, and the identities of the inboxes the log
        names. 'grouplog fixture run' on the file passes.
        """,
        "submit": """
        Usage: grouplog submit GROUP --actor INBOX --changes JSON|- [--time MS]
                               [--expect-sequence SEQ] [--config FILE] [--json] [--store DIR]

        Checks the changes (a JSON array of changes, or one change, in fixture syntax; - reads
        standard input) against the group's current state and, when the reducer applies them,
        appends them as one commit and prints its sequence. A create change makes a new group
        or DM ('grouplog dm' finds or creates the DM between two inboxes). Identities in
        create, addMembers and removeMembers are resolved through the store's directory now
        (one no inbox claims is identityNotFound); with --config FILE, a create registers the
        configured fields and registerFields finds the fields it names there (the commit
        records their descriptors). The time defaults to the clock. With --expect-sequence,
        the commit is written only if it would get that sequence.

        Exit status: 0 applied; 1 rejected (the code and detail are printed; nothing written);
        2 bad input; 3 store error, such as sequenceConflict (nothing written); 4 no store.
        """,
        "dm": """
        Usage: grouplog dm INBOX --as ME [--create [--time MS] [--config FILE]] [--json] [--store DIR]
               grouplog dm (--handle H | --account A) --as ME [--create ...] [--json] [--store DIR]

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
        """,
        "log": """
        Usage: grouplog log GROUP [--from SEQ] [--limit N] [--json] [--store DIR]

        Prints the group's commits from SEQ on (at most N), each with its stored outcome.
        """,
        "audit": """
        Usage: grouplog audit GROUP|FIXTURE [--inbox X]... [--op OP]... [--rejected]
                              [--from TIME] [--to TIME] [--json | --html FILE [--max-rows N]]

        The timeline of a log, one commit per line, streamed in constant memory: sequence, time
        (ISO 8601, UTC), actor with its role and state before the commit (or "not a member"),
        the changes, and the outcome: the events of an applied commit and who left or was
        removed, or a rejection's code, failing change and reason (the policy slot or field, the
        policy, the actor's role and state then, the limit or key involved).

          --inbox X     commits that involve X: as actor, named by a change or by an event
                        (repeat for any of several)
          --op OP       commits with a change of op OP, as fixtures spell it (repeatable)
          --rejected    rejected commits only
          --from TIME   commits at or after TIME; --to TIME: at or before. TIME is ISO 8601
                        (2026-11-29T15:18:10Z, 2026-11-29T15:18:10.250+01:00; a date alone is
                        that whole day, UTC) or milliseconds since the epoch
          --json        one JSON object per commit (JSON Lines)
          --html FILE   write one self-contained HTML page instead: the timeline with filters by
                        actor, operation and outcome (also set from the URL, as in
                        page.html#actor=bo&outcome=rejected), rejections by code, and member and
                        admin counts over the whole log as SVG charts
          --max-rows N  the page's most timeline rows (default 10000); the rest are counted

        Exit status: 0; 2 when the fixture cannot be read, the group does not exist, a value is
        bad (an unknown op, a time, --max-rows) or FILE cannot be written; 4 when there is no
        store; 5 when a record is corrupt.
        """,
        "state": """
        Usage: grouplog state GROUP [--at SEQ] [--json] [--store DIR]

        Prints the group's state after its last commit, or after commit SEQ: one snapshot load
        plus at most the snapshot interval of commits, each checked against the chain. Each
        member, and each former member, shows who added it (as members does). --json
        includes sequence and stateHash (SHA-256 of the canonical state encoding), which equals
        the hash 'grouplog replay FIXTURE --json' prints for the same log.

        Exit status: 0; 2 when the group does not exist or SEQ is past its last commit; 4 when
        there is no store; 5 when a record is corrupt.
        """,
        "verify": """
        Usage: grouplog verify [GROUP] [--store DIR]

        Checks every commit of the group (or of every group): its encoding, the chain of hashes,
        its stored outcome against a fresh replay, every snapshot against the replayed state,
        the head, and the cross-group index. Prints each problem with its group and sequence.

        Exit status: 0 when there is no problem, 1 when there is one.
        """,
        "rebuild": """
        Usage: grouplog rebuild [--store DIR]

        Drops the heads, outcomes, snapshots and the cross-group index, and makes them again by
        replaying every log, in one transaction.
        """,
        "fields": """
        Usage: grouplog fields GROUP|FIXTURE [--at SEQ] [--json] [--store DIR]

        Lists the fields registered in the conversation (SPEC section 11), in ID order: the
        component ID in hex, the name, the type, the insert, update and delete policies, and
        whether it is a user field. A FIXTURE (an existing file, or a name ending in .json) is
        replayed first; anything else names a group of the store.
        """,
        "field": """
        Usage: grouplog field GROUP|FIXTURE NAME [--key K] [--at SEQ] [--json] [--store DIR]

        Prints a field's value: a scalar (or "(unset)"), a set's keys, or a map's entries with
        the inbox that inserted each. With --key, only that map entry. NAME is a field name or a
        component ID (0xC001).

        Exit status: 0; 2 when no such field is registered.
        """,
        "user-data": """
        Usage: grouplog user-data GROUP|FIXTURE [--field F]... [--inbox X]... [--at SEQ] [--json]
                                  [--store DIR]

        Prints the user fields' values per inbox. Without --field, every user field; without
        --inbox, every current member (former members are read by naming them).
        """,
        "config": """
        Usage: grouplog config check FILE [--json]

        Validates an operator configuration (TOML, or JSON for a .json file) and prints the
        fields it defines. A syntax error names the file, line and column; a semantic error the
        file, the entry and the reason.

        Exit status: 0 when valid, 2 when not.
        """,
        "watch": """
        Usage: grouplog watch GROUP [--from SEQ] [--json] [--store DIR]

        Prints each new commit of the group, with its outcome and events, as other processes
        commit them, until interrupted (Ctrl-C exits 0). With --from, starts at commit SEQ
        (the commits already there are printed first); else at the next one.
        """,
        "directory": """
        Usage: grouplog directory [--after CURSOR] [--limit N] [--json] [--store DIR]

        Lists the groups anyone may find (join rule open or approval, not deleted), in group ID
        order, with name and member count, N at a time (1 to 10000, default 100) after CURSOR
        (printed by the previous page), and the total.
        """,
        "members": """
        Usage: grouplog members GROUP|FIXTURE [--after CURSOR] [--limit N] [--at SEQ] [--json]
                                [--store DIR]

        Lists current members in the order they became members, N at a time (1 to 10000,
        default 100) after CURSOR: role, state, joinedAt, who added it ("added by bo": the actor
        of its addMembers, or the creator for the members listed in create; nothing for the
        creator and for an inbox that joined on its own), handle, other handles, and the flags
        (blocked for all, muted until, allow-listed).
        """,
        "identity": """
        Usage: grouplog identity claim INBOX (--handle H | --account A) [--store DIR]
               grouplog identity show INBOX [--json] [--store DIR]

        Records that an inbox claims a handle or an account (an identity belongs to one inbox),
        or shows an inbox's current handle, its other handles (most recent first) and accounts.
        """,
        "diff": """
        Usage: grouplog diff GROUP|FIXTURE --from SEQ [--to SEQ] [--json] [--store DIR]

        Prints what differs between the state after commit --from and the state after commit
        --to (default: the last commit): members that joined (+), departed (-, left or
        removed, and when) or changed (~: role, state, flags, mutes), policies per slot,
        settings, metadata, the field registry and field values (per key for sets, maps and
        user fields, with each entry's author), bans, the allow list, links, mute-all,
        deletion and the last applied commit. --from may come after --to: the differences are
        then read the other way round. A FIXTURE (an existing file, or a name ending in .json)
        is replayed; a GROUP of the store costs two snapshot loads and at most two snapshot
        intervals of commits. --json adds both state hashes.

        Exit status: 0 (whether or not anything differs); 2 when the fixture cannot be read,
        the group does not exist or SEQ is outside the log; 4 when there is no store; 5 when a
        record is corrupt; 64 without --from.
        """,
        "whatif": """
        Usage: grouplog whatif GROUP|FIXTURE --policy SLOT=POLICY... [--field-policy FIELD.OPERATION=POLICY...]
                               [--json] [--store DIR]

        Replays the whole log twice side by side, as it is and with the given policies pinned,
        writing nothing, and prints every commit whose outcome flips (applied <-> rejected, or
        rejected with another code or reason) with both outcomes, then 'N of M commits flip'
        and how the what-if final state differs from the actual one (as diff prints it).

        A pin holds for the whole replay: it is put in place right after commit 0 creates the
        group and again after every applied commit, so a commit that changes a pinned slot
        (updatePermission) or a pinned field policy (updateFieldPolicy) is judged as usual, then
        the pin is restored. A DM has no policy set, so slot pins change nothing there; a field
        keeps the policies it was registered with (GROUP_IMAGE takes updateImageURL's when the
        group is created), so pin it with --field-policy. The output says so in a 'note:' line.

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
        without any override.
        """,
        "help": """
        Usage: grouplog help COMMAND

        Shows the help of one command.
        """,
    ]

    static func run(_ words: [String], streams: inout some Streams) throws(UsageError) -> ExitStatus {
        guard words.count == 1 else { throw UsageError("help takes one command name") }
        guard let text = commands[words[0]] else { throw UsageError("no command named \(words[0].debugDescription)") }
        streams.out(text)
        return .success
    }
}
