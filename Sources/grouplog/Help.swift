/// The help texts: `grouplog --help` and `grouplog help COMMAND`.
enum Help {
    static let overview = """
    grouplog: an event-sourced group-chat state machine.

    Usage: grouplog [--store DIR] COMMAND [ARGUMENTS]

    Fixtures (no store needed):
      fixture run PATH...            run fixtures (files or directories) and report each
      replay FIXTURE [--at SEQ]      replay a fixture's log: each commit's outcome, then the state
      explain FIXTURE SEQ            why commit SEQ was applied or rejected, check by check

    A store (--store DIR, else $GROUPLOG_STORE, else ./grouplog-data):
      init                           create the store
      groups                         list its groups
      import FIXTURE [--group ID]    ingest a fixture's log and identities as a group
      export GROUP [-o FILE]         write a group's log as a fixture that checks it
      submit GROUP --actor INBOX --changes JSON|- [--time MS] [--expect-sequence SEQ]
             [--config FILE]         check changes against the group and append them as a commit
      log GROUP [--from SEQ] [--limit N]
                                     the commits with their outcomes
      replay GROUP [--at SEQ]        replay the log: each commit's outcome, then the state
      explain GROUP SEQ              why commit SEQ was applied or rejected, check by check
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

    Configurable fields (of a GROUP of the store, or of a FIXTURE's final state):
      fields GROUP|FIXTURE           the registered fields: ID, name, type, policies
      field GROUP|FIXTURE NAME [--key K]
                                     a field's value, or one map entry's
      user-data GROUP|FIXTURE [--field F]... [--inbox X]...
                                     the user fields' values per inbox
      config check FILE              validate an operator configuration (TOML or JSON)

      help COMMAND                   show a command's help
      --json                         print JSON instead of text (most commands)

    Exit codes: 0 success; 1 expectations not met, a submit rejected, or verify found problems;
    2 bad input; 3 store error (full disk, I/O, sequence conflict); 4 no store at that path;
    5 corrupt record; 64 usage error.
    """

    static let commands: [String: String] = [
        "fixture": """
        Usage: grouplog fixture run [--json] PATH...

        Runs each fixture (SPEC section 13): folds its log, checks every commit's expected
        outcome and the final expectations. A directory runs every .json file below it, in name
        order. Prints one line per fixture (PASS, or FAIL with its first difference: the commit
        or expectation, what was expected and what came), then 'N passed, M failed'.

        Exit status: 0 when all pass, 1 when one fails, 2 when a fixture cannot be read.
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
        rules) and its result (passed, rejected with code and detail, or not judged after an
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
        appends them as one commit and prints its sequence. A create change makes a new group.
        Identities in addMembers are resolved through the store's directory now; with
        --config FILE, a create registers the configured fields and registerFields finds the
        fields it names there (the commit records their descriptors). The time
        defaults to the clock. With --expect-sequence, the commit is written only if it would
        get that sequence.

        Exit status: 0 applied; 1 rejected (the code and detail are printed; nothing written);
        2 bad input; 3 store error, such as sequenceConflict (nothing written); 4 no store.
        """,
        "log": """
        Usage: grouplog log GROUP [--from SEQ] [--limit N] [--json] [--store DIR]

        Prints the group's commits from SEQ on (at most N), each with its stored outcome.
        """,
        "state": """
        Usage: grouplog state GROUP [--at SEQ] [--json] [--store DIR]

        Prints the group's state after its last commit, or after commit SEQ: one snapshot load
        plus at most the snapshot interval of commits, each checked against the chain. --json
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
        default 100) after CURSOR: role, state, joinedAt, handle, other handles, and the flags
        (blocked for all, muted until, allow-listed).
        """,
        "identity": """
        Usage: grouplog identity claim INBOX (--handle H | --account A) [--store DIR]
               grouplog identity show INBOX [--json] [--store DIR]

        Records that an inbox claims a handle or an account (an identity belongs to one inbox),
        or shows an inbox's current handle, its other handles (most recent first) and accounts.
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
